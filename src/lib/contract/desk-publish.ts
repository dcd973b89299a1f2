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

/** One field a publish changes, in words: 'Price', '₨1,300', '₨130'. */
const fieldChangeSchema = z.object({ label: z.string(), before: z.string(), after: z.string() });

/** One product a publish changes, as the desk's review lists it (src/lib/product-changes.ts). */
export const deskProductChangeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  /** A changed product's fields, prices first, at most PUBLISH_REVIEW_LIMITS.fields of them. */
  fields: z.array(fieldChangeSchema),
  /** How many more fields changed than are listed. */
  moreFields: z.number(),
  /** Who last changed it at the desk (their name, else their e-mail); null: an import or the CLI. */
  by: z.nullable(z.string()),
});

/** Bodies of the publish calls: the draft the member reviewed (its `draft` key), when they did. */
export const PUBLISH_REQUESTS = {
  deskPublish: z.object({
    reviewed: z.optional(z.string().check(z.maxLength(64, 'Must be at most 64 characters'))),
  }),
} as const;

/** Answers of the publish calls: what the desk's Publish bar shows. */
export const PUBLISH_ANSWER_SCHEMAS = {
  deskCatalogue: z.object({
    success,
    message: z.string(),
    /** Products added, changed or removed in the draft since the newest published version. */
    unpublished: z.number(),
    /** What publishing now would change, product by product (at most PUBLISH_REVIEW_LIMITS.products). */
    changes: z.array(deskProductChangeSchema),
    /** How many more products change than are listed. */
    moreChanges: z.number(),
    /**
     * A key of the draft these changes were read from: Publish sends it back as `reviewed`, and a
     * draft changed since (another member's edit) is refused, so nothing unseen goes live.
     */
    draft: z.string(),
    /** How a publish reaches the site: Netlify's build hook, a local rebuild, or neither (a later build). */
    deploy: z.enum(['hook', 'local', 'none']),
    latest: z.nullable(deskVersionSchema),
    live: z.nullable(deskVersionSchema),
    versions: z.array(deskVersionSchema),
  }),
} as const;

export type DeskVersion = z.infer<typeof deskVersionSchema>;
export type DeskProductChange = z.infer<typeof deskProductChangeSchema>;
export type DeskCatalogue = z.infer<(typeof PUBLISH_ANSWER_SCHEMAS)['deskCatalogue']>;
