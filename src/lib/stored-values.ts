// What the shop keeps in browser storage, as schemas. Storage is input like any request body: a
// corrupted profile, an extension or an attacker may have written anything there, so every read is
// parsed and a value that does not match counts as absent.
import { sanitizeCart } from './cart.ts';
import { CURRENCY_CODE_PATTERN, currencyStateSchema } from './currency.ts';
import { DESK_KEYS, KEY_PREFIXES, KEYS } from './storage-keys.ts';
import {
  array,
  cleaned,
  literal,
  number,
  object,
  optional,
  record,
  text,
  type Infer,
  type Schema,
} from './stored-schema.ts';

/** A login token as it travels in the `token` header: base64url segments and dots (a JWT). */
export const STORED_TOKEN_PATTERN = /^[A-Za-z0-9_.-]{1,4096}$/;

const upTo = /* @__NO_SIDE_EFFECTS__ */ (max: number) => text(new RegExp(`^[\\s\\S]{0,${max}}$`));

/** Values stored as plain text, by key. */
const TEXT_SCHEMAS: Record<string, Schema<string>> = {
  [KEYS.token]: text(STORED_TOKEN_PATTERN),
  [KEYS.email]: text(/^(?=.{3,254}$)[^\s@]+@[^\s@]+\.[^\s@]+$/),
  // Any text the server accepted as a name (React renders it as text), but no control characters.
  [KEYS.name]: text(/^[^\p{Cc}]{1,200}$/u),
  // Country names are letters, spaces and a little punctuation ("Bosnia and Herzegovina", "Côte d'Ivoire").
  [KEYS.selectedCountry]: text(/^[\p{L}\p{M} .,'’()&-]{1,80}$/u),
  [KEYS.selectedCurrency]: text(CURRENCY_CODE_PATTERN),
  [KEYS.highlightTrack]: literal('true'),
  [DESK_KEYS.signedIn]: literal('true'),
  // One line of the desk's own wording, as the server sent it; React renders it as text.
  [DESK_KEYS.carriedNotice]: text(/^[^\p{Cc}]{1,500}$/u),
};

/** Exchange rates as last fetched: PKR-based rates by currency code, and when. */
export const storedRatesSchema = object({
  rates: record(CURRENCY_CODE_PATTERN, number('positive')),
  fetchedAt: number('nonnegative'),
});

/** A list of ids (favourites: product slugs; removed orders: UUIDs or ObjectIds). */
const idList = array(text(/^[A-Za-z0-9_-]{1,64}$/), 1000);

/** The settings form as saved (user-settings.ts checks each field's meaning). */
export const storedSettingsSchema = object({
  name: optional(upTo(200)),
  email: optional(upTo(254)),
  gender: optional(upTo(40)),
  dob: optional(upTo(40)),
  phone: optional(upTo(40)),
  address: optional(upTo(500)),
});

// A cart keeps its valid lines rather than falling back whole: one bad line should not cost the
// shopper the rest. sanitizeCart builds the map with own-property checks only.
const cartSchema = cleaned(sanitizeCart);

/** Values stored as JSON, by key (per-user keys by prefix). */
const JSON_SCHEMAS: Record<string, Schema<unknown>> = {
  [KEYS.rates]: storedRatesSchema,
  [KEYS.displayCurrency]: currencyStateSchema,
  [KEYS.removedOrders]: idList,
};

const JSON_PREFIXES: [string, Schema<unknown>][] = [
  [KEY_PREFIXES.cart, cartSchema],
  [KEY_PREFIXES.favourites, idList],
  [KEY_PREFIXES.settings, storedSettingsSchema],
];

/** Exchange rates as stored. */
export type StoredRates = Infer<typeof storedRatesSchema>;

/** How a key is stored and the schema its value must match; null for a key the shop does not keep. */
export function storedSchemaFor(key: string): { json: boolean; schema: Schema<unknown> } | null {
  if (Object.hasOwn(TEXT_SCHEMAS, key)) return { json: false, schema: TEXT_SCHEMAS[key]! };
  if (Object.hasOwn(JSON_SCHEMAS, key)) return { json: true, schema: JSON_SCHEMAS[key]! };
  const prefixed = JSON_PREFIXES.find(([prefix]) => key.startsWith(prefix));
  return prefixed ? { json: true, schema: prefixed[1] } : null;
}

/** A stored raw value read through its key's schema: the value, or `ok: false` on any mismatch. */
export function parseStored(
  key: string,
  raw: string,
): { ok: true; value: unknown } | { ok: false } {
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
