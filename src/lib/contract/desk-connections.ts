// The schemas of the desk's connection calls (Settings, Connections: couriers, WhatsApp, the
// wallets), spread into DESK_REQUESTS and DESK_ANSWER_SCHEMAS. Only ./desk.ts imports this module.
// The body's shape and sizes are checked here; each value's own rule is config.ts's, applied by the
// server (src/server/operations/connections.ts), so the rules are written once.
import * as z from 'zod/mini';
import {
  CONNECTION_NAMES,
  MAX_CONNECTION_VALUE,
  connectionFieldNames,
  type ConnectionName,
} from '../connections.ts';

const success = z.literal(true);

/** The most fields one connection has: a save names no more. */
const MAX_FIELDS = Math.max(...CONNECTION_NAMES.map((n) => connectionFieldNames(n).length));

/** The connection calls' own messages (asserted verbatim by the tests). */
export const CONNECTION_MESSAGES = {
  unknownConnection: `The connection must be one of: ${CONNECTION_NAMES.join(', ')}`,
  tooManyFields: `A connection has at most ${MAX_FIELDS} fields`,
  valueTooLong: `A value must be at most ${MAX_CONNECTION_VALUE} characters`,
  valueEmpty: 'A value must not be empty: use remove to clear a field',
  fieldName: 'A field must be named by its variable, such as POSTEX_API_TOKEN',
  unknownField: (label: string, field: string, fields: readonly string[]) =>
    `${label} has no field ${field}: its fields are ${fields.join(', ')}`,
  bothWays: (field: string) => `${field} is both set and removed: do one`,
  sandboxLive: (label: string) =>
    `${label}: sandbox keys move no money, and this is the live site: choose production and enter the keys from ${label}'s live portal`,
  whatsappTestNumber:
    "WhatsApp: this is a test number (Meta's sandbox), which messages only the numbers added to it, and this is the live site: connect the shop's registered number",
  courierKeys:
    'Couriers: give the PostEx API token, or the Leopards API key and password, for the courier Book uses',
  incomplete: (label: string, missing: readonly string[]) =>
    `${label}: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} needed beside the others`,
  refused: (text: string) => `Not saved: ${text}`,
  saved: (label: string) => `Saved the ${label} connection; it is used from now on.`,
  savedAlone: (labels: readonly string[], label: string) =>
    `Saved the ${labels.join(' and ')} on its own; the rest of ${label} comes from the site's environment variables (if any).`,
  removed: (label: string) =>
    `Removed the ${label} connection made here: the site's environment variables (if any) are used again.`,
  unchanged: 'Nothing changed: the connection already had these values.',
} as const;

const fieldName = z
  .string({ error: CONNECTION_MESSAGES.fieldName })
  .check(z.regex(/^[A-Z][A-Z0-9_]{2,40}$/, CONNECTION_MESSAGES.fieldName));

const fieldValue = z
  .string({ error: CONNECTION_MESSAGES.valueEmpty })
  .check(
    z.trim(),
    z.minLength(1, CONNECTION_MESSAGES.valueEmpty),
    z.maxLength(MAX_CONNECTION_VALUE, CONNECTION_MESSAGES.valueTooLong),
  );

/** Bodies of the connection calls. */
export const CONNECTION_REQUESTS = {
  /** Sets and removes fields of one connection; the others keep theirs. */
  deskConnectionSave: z.strictObject({
    connection: z.enum(CONNECTION_NAMES as [ConnectionName, ...ConnectionName[]], {
      error: CONNECTION_MESSAGES.unknownConnection,
    }),
    set: z._default(
      z
        .record(fieldName, fieldValue)
        .check(
          z.refine((r) => Object.keys(r).length <= MAX_FIELDS, CONNECTION_MESSAGES.tooManyFields),
        ),
      {},
    ),
    remove: z._default(
      z.array(fieldName).check(z.maxLength(MAX_FIELDS, CONNECTION_MESSAGES.tooManyFields)),
      [],
    ),
  }),
} as const;

const fieldView = z.object({
  set: z.boolean(),
  value: z.optional(z.string()),
  endsIn: z.optional(z.string()),
  from: z.optional(z.enum(['desk', 'environment'])),
});

const connectionView = z.object({
  source: z.enum(['desk', 'environment', 'none']),
  fields: z.record(z.string(), fieldView),
});

const connections = {
  connections: z.record(
    z.enum(CONNECTION_NAMES as [ConnectionName, ...ConnectionName[]]),
    connectionView,
  ),
  /** True on the live site: sandbox keys are refused there. */
  live: z.boolean(),
};

/** Answers of the connection calls. */
export const CONNECTION_ANSWER_SCHEMAS = {
  deskConnections: z.object({ success, ...connections }),
  deskConnectionSaved: z.object({
    success,
    message: z.string(),
    /** What the provider answered when its keys were tried, in words; null when not tried. */
    check: z.nullable(z.object({ ok: z.boolean(), text: z.string() })),
    ...connections,
  }),
} as const;
