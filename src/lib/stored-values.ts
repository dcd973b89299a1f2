// What the shop keeps in browser storage, as schemas. Storage is input like any request body: a
// corrupted profile, an extension or an attacker may have written anything there, so every read is
// parsed and a value that does not match counts as absent. zod/mini keeps the browser bundle small
// and has no JIT (the shop's CSP allows no eval).
import * as z from 'zod/mini';
import { sanitizeCart, type CartMap } from './cart.ts';

/** A login token as it travels in the `token` header: base64url segments and dots (a JWT). */
export const STORED_TOKEN_PATTERN = /^[A-Za-z0-9_.-]{1,4096}$/;

const currencyCode = z.string().check(z.regex(/^[A-Z]{3}$/));
const text = (max: number) => z.string().check(z.maxLength(max));

/** Values stored as plain text, by key. */
const TEXT_SCHEMAS = {
  token: z.string().check(z.regex(STORED_TOKEN_PATTERN)),
  email: z.string().check(z.maxLength(254), z.regex(z.regexes.email)),
  // Any text the server accepted as a name (React renders it as text), but no control characters.
  name: z.string().check(z.regex(/^[^\p{Cc}]{1,200}$/u)),
  // Country names are letters, spaces and a little punctuation ("Bosnia and Herzegovina", "Côte d'Ivoire").
  selectedCountry: z.string().check(z.regex(/^[\p{L}\p{M} .,'’()&-]{1,80}$/u)),
  selectedCurrency: currencyCode,
  highlightAllTrackOrder: z.literal('true'),
};

/** Exchange rates as last fetched: PKR-based rates by currency code, and when. */
export const storedRatesSchema = z.object({
  rates: z.record(currencyCode, z.number().check(z.positive())),
  fetchedAt: z.number().check(z.nonnegative()),
});

/** The currency the layout's paint script converts static prices with. */
export const storedDisplayCurrencySchema = z.object({
  code: currencyCode,
  symbol: z.string().check(z.minLength(1), z.maxLength(8)),
  rate: z.number().check(z.positive()),
});

/** A list of ids (favourites: product slugs; removed orders: UUIDs or ObjectIds). */
const idList = z.array(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))).check(z.maxLength(1000));

/** The settings form as saved (settings-model.ts checks each field's meaning). */
export const storedSettingsSchema = z.object({
  name: z.optional(text(200)),
  email: z.optional(text(254)),
  gender: z.optional(text(40)),
  dob: z.optional(text(40)),
  phone: z.optional(text(40)),
  address: z.optional(text(500)),
});

// A cart keeps its valid lines rather than falling back whole: one bad line should not cost the
// shopper the rest. sanitizeCart builds the map with own-property checks only.
const cartSchema = z.pipe(z.unknown(), z.transform((value): CartMap => sanitizeCart(value)));

/** Values stored as JSON, by key (per-user keys by prefix). */
const JSON_SCHEMAS = {
  currencyRates: storedRatesSchema,
  displayCurrency: storedDisplayCurrencySchema,
  removedCancelledOrders: idList,
};

const JSON_PREFIXES: [string, z.ZodMiniType][] = [
  ['cartItems_', cartSchema],
  ['favourites_', idList],
  ['userSettings_', storedSettingsSchema],
];

/** Exchange rates as stored. */
export type StoredRates = z.infer<typeof storedRatesSchema>;

/** How a key is stored and the schema its value must match; null for a key the shop does not keep. */
export function storedSchemaFor(key: string): { json: boolean; schema: z.ZodMiniType } | null {
  if (Object.hasOwn(TEXT_SCHEMAS, key)) return { json: false, schema: TEXT_SCHEMAS[key as keyof typeof TEXT_SCHEMAS] };
  if (Object.hasOwn(JSON_SCHEMAS, key)) return { json: true, schema: JSON_SCHEMAS[key as keyof typeof JSON_SCHEMAS] };
  const prefixed = JSON_PREFIXES.find(([prefix]) => key.startsWith(prefix));
  return prefixed ? { json: true, schema: prefixed[1] } : null;
}

/** A stored raw value read through its key's schema: the value, or `ok: false` on any mismatch. */
export function parseStored(key: string, raw: string): { ok: true; value: unknown } | { ok: false } {
  const found = storedSchemaFor(key);
  if (!found) return { ok: false };
  let value: unknown = raw;
  if (found.json) {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false };
    }
  }
  const result = found.schema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}
