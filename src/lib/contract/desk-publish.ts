// The schemas of the desk's Publish call and its deploy progress, spread into
// DESK_REQUESTS and DESK_ANSWER_SCHEMAS. Only ./desk.ts imports this module.
import * as z from 'zod/mini';

const success = z.literal(true);

/** Where a version's deploy stands (src/server/store/port/catalogue-versions.ts DeployState). */
export const DEPLOY_STATES = [
  'queued',
  'building',
  'live',
  'failed',
  'superseded',
  'retired',
] as const;

/** One published catalogue version as the desk shows it. */
export const deskVersionSchema = z.object({
  number: z.number(),
  publishedAt: z.string(),
  by: z.nullable(z.object({ id: z.string(), email: z.string() })),
  products: z.number(),
  changed: z.number(),
  state: z.enum(DEPLOY_STATES),
  stateAt: z.string(),
  message: z.nullable(z.string()),
  liveAt: z.nullable(z.string()),
});

/** Bodies of the publish calls: nothing to send. */
export const PUBLISH_REQUESTS = {
  deskPublish: z.object({}),
} as const;

/** Answers of the publish calls: what the desk's Publish bar shows. */
export const PUBLISH_ANSWER_SCHEMAS = {
  deskCatalogue: z.object({
    success,
    message: z.string(),
    /** Products added, changed or removed in the draft since the newest published version. */
    unpublished: z.number(),
    /** How a publish reaches the site: Netlify's build hook, a local rebuild, or neither (a later build). */
    deploy: z.enum(['hook', 'local', 'none']),
    latest: z.nullable(deskVersionSchema),
    live: z.nullable(deskVersionSchema),
    versions: z.array(deskVersionSchema),
  }),
} as const;

export type DeskVersion = z.infer<typeof deskVersionSchema>;
export type DeskCatalogue = z.infer<(typeof PUBLISH_ANSWER_SCHEMAS)['deskCatalogue']>;
