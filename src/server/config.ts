import { z } from 'zod';
import { currentRequest, type RequestContext } from './request-log.ts';

const optionalUrl = z.url().optional();

/** Why one entry of ALLOWED_ORIGINS is not an origin, or null when it is one. */
function originProblem(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `"${entry}" is not an origin such as https://shop.example.com`;
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:'))
    return `"${entry}" must start with https:// (http:// only for localhost)`;
  if (url.origin !== entry)
    return `"${entry}" must be an origin only: scheme, host and port, no path or trailing slash (${url.origin})`;
  return null;
}

/**
 * Origins of other front ends that may call the shop's API (never the desk's calls): a
 * comma-separated list of exact origins, such as https://app.example.com,http://localhost:5173.
 */
const allowedOrigins = z
  .string()
  .transform((raw) =>
    raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .check((ctx) => {
    for (const entry of ctx.value) {
      const problem = originProblem(entry);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    }
  });

const envSchema = z.object({
  DATA_DIR: z.string().min(1).default('.data'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional(),
  MONGODB_DB: z
    .string()
    .regex(/^[\w-]{1,63}$/, 'must be a plain database name')
    .default('shop'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The secret JWT_SECRET replaced: tokens and sealed secrets made with it still open (rotation). */
  JWT_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Bastaa <no-reply@bastaa.pk>'),
  /** The shop's public address, for links in mails; required in production. */
  SITE_URL: optionalUrl,
  ALLOWED_ORIGINS: allowedOrigins.default([]),
  /** The port of `npm start`; without SITE_URL (locally), mailed links point at http://localhost:PORT. */
  PORT: z.coerce.number().int().min(1).max(65_535).default(8888),
  RATES_URL: z.url().default('https://open.er-api.com/v6/latest/PKR'),
  RATES_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(3000),
  /** Multiplies the per-address throttles (e.g. behind a shared NAT, or for browser test runs). */
  THROTTLE_ADDRESS_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  // ops-alerts:
  /** Where operator alerts go when the shop's settings cannot be read (the store is down); else the shop's address. */
  ALERT_EMAIL: z.email('must be an e-mail address, e.g. owner@example.com').optional(),
  // publish:
  /** Netlify's build hook, POSTed on Publish; checked when used, so a bad one fails the publish only. */
  BUILD_HOOK_URL: z.string().optional(),
  /**
   * `test`: the test suites hash passwords at a lower scrypt cost (src/server/accounts/auth/passwords.ts).
   * Refused on Netlify and beside MONGODB_URI: a real shop's hashes always get the full cost.
   */
  PASSWORD_HASH_COST: z
    .literal('test', { error: 'may only be "test" (for the test suites), or unset' })
    .optional(),
  /**
   * `test`: the test suites wait 10 ms and 40 ms between tries of a refused mail, not 1 s and 4 s
   * (src/server/mail.ts). Refused on Netlify and beside MONGODB_URI: a real mail server gets time.
   */
  MAIL_RETRY_WAITS: z
    .literal('test', { error: 'may only be "test" (for the test suites), or unset' })
    .optional(),
  // Cards through Safepay (docs/payments-safepay.md). All three keys, or none: without them a
  // deployed shop offers no card, and a local run uses the stand-in.
  /** Which Safepay the keys belong to: `sandbox` (test cards only) or `production` (real money). */
  SAFEPAY_ENVIRONMENT: z
    .enum(['sandbox', 'production'], { error: 'must be sandbox or production' })
    .optional(),
  /** The merchant API key from Safepay's dashboard (sec_…). */
  SAFEPAY_API_KEY: z
    .string()
    .regex(/^sec_[\w-]{8,}$/, "must be the API key from Safepay's dashboard, starting sec_")
    .optional(),
  /** The secret key from Safepay's dashboard, sent with every server call. */
  SAFEPAY_SECRET_KEY: z
    .string()
    .min(16, 'must be the secret key from Safepay’s dashboard')
    .optional(),
  /** The webhook endpoint's shared secret, base64 as the dashboard shows it. */
  SAFEPAY_WEBHOOK_SECRET: z
    .string()
    .refine(isWebhookSecret, 'must be the base64 shared secret from Safepay’s webhook settings')
    .optional(),
  /** Another Safepay API origin: a local stand-in only (loopback), never on a deployed site. */
  SAFEPAY_API_URL: z
    .url()
    .refine(isLoopback, 'may only point at a local stand-in (127.0.0.1, localhost or [::1])')
    .optional(),
  /** How long one Safepay call may take, whole answer included. */
  SAFEPAY_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(10_000),
  // Couriers (docs/couriers.md). The keys of the owner's courier account; without them a local
  // run books with the courier's stand-in and a deployed shop offers no booking.
  /** The courier Book uses: postex or leopards (the one whose keys are set, when unset). */
  DEFAULT_COURIER: z
    .enum(['postex', 'leopards'], { error: 'must be postex or leopards' })
    .optional(),
  /** The API token from PostEx's merchant portal. */
  POSTEX_API_TOKEN: z
    .string()
    .min(8, "must be the API token from PostEx's merchant portal")
    .optional(),
  /** The PostEx pickup address code to book from; PostEx's default pickup address when unset. */
  POSTEX_PICKUP_ADDRESS_CODE: z
    .string()
    .regex(/^[\w-]{1,20}$/, 'must be a pickup address code')
    .optional(),
  /** The API key and password from Leopards' merchant portal (API management). */
  LEOPARDS_API_KEY: z
    .string()
    .min(8, "must be the API key from Leopards' merchant portal")
    .optional(),
  LEOPARDS_API_PASSWORD: z.string().min(1).optional(),
  /**
   * What Leopards sends in X-Api-Key with each status push (its Push API); unset: pushes are refused.
   * Printable ASCII without spaces: it travels in an HTTP header, typed into Leopards' portal.
   */
  LEOPARDS_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^[!-~]{24,128}$/,
      'must be 24 to 128 letters, digits or punctuation marks, without spaces (a random secret you give Leopards, e.g. `openssl rand -hex 24`)',
    )
    .optional(),
  /** Another PostEx API (its staging server, or a local stand-in on loopback). */
  POSTEX_API_URL: z.url().refine(isCourierUrl, 'must be https://, or a local stand-in').optional(),
  /** Another Leopards API (its staging server, or a local stand-in on loopback). */
  LEOPARDS_API_URL: z
    .url()
    .refine(isCourierUrl, 'must be https://, or a local stand-in')
    .optional(),
  /** How long one courier call may take, whole answer included. */
  COURIER_TIMEOUT_MS: z.coerce.number().int().positive().max(20_000).default(8000),
  // WhatsApp Business Cloud API (docs/cod-confirmation.md): the sending number's keys. Both or
  // neither: without them the COD confirmation goes by e-mail, and a local run uses the stand-in.
  /** A system user's access token for the WhatsApp Business account. */
  WHATSAPP_TOKEN: z
    .string()
    .min(20, 'must be the access token from Meta’s WhatsApp Manager')
    .optional(),
  /** The sending number's id in the WhatsApp Business account (digits, not the phone number). */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the phone number id (digits) from WhatsApp Manager')
    .optional(),
  /** Another Graph API address (a later version, or a local stand-in on loopback). */
  WHATSAPP_API_URL: z
    .url()
    .refine(isCourierUrl, 'must be https://, or a local stand-in')
    .optional(),
  /** The approved template the confirmation is sent with, and its language. */
  WHATSAPP_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and _')
    .default('cod_order_confirmation'),
  /**
   * The approved template a shipping update goes with, to a shopper who opted in at checkout
   * (same language as the confirmation's).
   */
  WHATSAPP_SHIPPING_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and _')
    .default('order_shipping_update'),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(?:_[A-Z]{2})?$/, 'must be a language code such as en or en_US')
    .default('en'),
  /** How long one WhatsApp call may take, whole answer included. */
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().positive().max(20_000).default(8000),
  // JazzCash's mobile account (docs/payments-wallets.md). All three keys and the environment, or
  // none: without them a deployed shop records JazzCash by hand, and a local run uses the stand-in.
  /** Which JazzCash the keys belong to: `sandbox` (no money moves) or `production`. */
  JAZZCASH_ENVIRONMENT: z
    .enum(['sandbox', 'production'], { error: 'must be sandbox or production' })
    .optional(),
  /** The merchant id from JazzCash's merchant portal. */
  JAZZCASH_MERCHANT_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{4,30}$/, "must be the merchant id from JazzCash's portal")
    .optional(),
  /** The API password from JazzCash's portal (not the portal login). */
  JAZZCASH_PASSWORD: z
    .string()
    .min(4, "must be the API password from JazzCash's portal")
    .optional(),
  /** The integrity salt: the HMAC key of pp_SecureHash. */
  JAZZCASH_INTEGRITY_SALT: z
    .string()
    .min(8, "must be the integrity salt from JazzCash's portal")
    .optional(),
  /** Another JazzCash API origin: a local stand-in only (loopback), never on a deployed site. */
  JAZZCASH_API_URL: z
    .url()
    .refine(isLoopback, 'may only point at a local stand-in (127.0.0.1, localhost or [::1])')
    .optional(),
  // EasyPaisa's mobile account through Easypay's Open API (docs/payments-wallets.md). All three
  // keys and the environment, or none: without them EasyPaisa is recorded by hand.
  /** Which Easypay the keys belong to: `sandbox` or `production`. */
  EASYPAISA_ENVIRONMENT: z
    .enum(['sandbox', 'production'], { error: 'must be sandbox or production' })
    .optional(),
  /** The store id from Easypay's merchant portal. */
  EASYPAISA_STORE_ID: z
    .string()
    .regex(/^\d{1,12}$/, "must be the store id from Easypay's portal")
    .optional(),
  /** The Open API username (the merchant account number). */
  EASYPAISA_USERNAME: z.string().min(3, "must be the username from Easypay's portal").optional(),
  /** The Open API password. */
  EASYPAISA_PASSWORD: z.string().min(4, "must be the password from Easypay's portal").optional(),
  /** Another Easypay API origin: a local stand-in only (loopback), never on a deployed site. */
  EASYPAISA_API_URL: z
    .url()
    .refine(isLoopback, 'may only point at a local stand-in (127.0.0.1, localhost or [::1])')
    .optional(),
  // Web Push (the desk's alerts on members' devices). All three, or none: a local run keeps
  // generated keys in DATA_DIR; a deployed shop without them sends no push.
  /** The VAPID public key: an uncompressed P-256 point, base64url (`npx web-push generate-vapid-keys`). */
  VAPID_PUBLIC_KEY: z
    .string()
    .refine(
      (text) => isBase64Url(text, 65) && Buffer.from(text, 'base64url')[0] === 4,
      'must be the base64url public key `npx web-push generate-vapid-keys` prints (65 bytes, starting 0x04)',
    )
    .optional(),
  /** The VAPID private key: 32 bytes, base64url. */
  VAPID_PRIVATE_KEY: z
    .string()
    .refine(
      (text) => isBase64Url(text, 32),
      'must be the base64url private key `npx web-push generate-vapid-keys` prints (32 bytes)',
    )
    .optional(),
  /** Who push services may contact about the shop's pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:\S+@\S+|https:\/\/\S+)$/,
      'must be a mailto: or https: address, e.g. mailto:owner@example.com',
    )
    .optional(),
  /**
   * The one push service besides the browsers' that devices may name: a local stand-in for tests
   * and local journeys (loopback), never on a deployed site.
   */
  PUSH_SERVICE_STAND_IN: z
    .url()
    .refine(isLoopback, 'may only point at a local stand-in (127.0.0.1, localhost or [::1])')
    .optional(),
});

/** A variable the schema knows. */
export type VariableName = keyof typeof envSchema.shape;

/** Whether `name` is a variable the schema knows. */
export function isVariable(name: string): name is VariableName {
  return Object.hasOwn(envSchema.shape, name);
}

/**
 * One variable checked with its own rule (the desk's connection forms use the rules the environment
 * does): its parsed value (the default when absent), or the rule's message.
 */
export function checkVariable(
  name: VariableName,
  value: string | undefined,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const parsed = envSchema.shape[name].safeParse(value === '' ? undefined : value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'is not valid' };
}

/** What is wrong with keys that go in pairs (the Leopards key and password, WhatsApp's token and number id). */
export function pairProblems(env: Record<string, string | undefined>): string[] {
  return courierProblems(env, false);
}

/** The VAPID variables that go together. */
export const VAPID_KEYS = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/** Whether `text` is base64url (no padding) of exactly `bytes` bytes. */
function isBase64Url(text: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text) && Buffer.from(text, 'base64url').length === bytes;
}

/** What is wrong with the VAPID variables taken together. */
function vapidProblems(env: Env): string[] {
  const set = VAPID_KEYS.filter((name) => env[name]);
  if (set.length === 0 || set.length === VAPID_KEYS.length) return [];
  return VAPID_KEYS.filter((n) => !env[n]).map(
    (name) =>
      `${name}: required beside ${set.join(' and ')} (set all three VAPID variables for push alerts, or none)`,
  );
}

/** The Safepay keys that go together: a card payment needs all three. */
export const SAFEPAY_KEYS = [
  'SAFEPAY_API_KEY',
  'SAFEPAY_SECRET_KEY',
  'SAFEPAY_WEBHOOK_SECRET',
] as const;

/** Base64 (standard or URL-safe) of at least 16 bytes: the HMAC key is its decoded bytes. */
function isWebhookSecret(text: string): boolean {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return false;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length >= 16;
}

/** A courier API address: HTTPS, or HTTP on loopback (a local stand-in). */
function isCourierUrl(text: string): boolean {
  return new URL(text).protocol === 'https:' || isLoopback(text);
}

/** What is wrong with the courier variables taken together. */
function courierProblems(env: Env, production: boolean): string[] {
  const problems: string[] = [];
  if (Boolean(env.LEOPARDS_API_KEY) !== Boolean(env.LEOPARDS_API_PASSWORD))
    problems.push(
      `${env.LEOPARDS_API_KEY ? 'LEOPARDS_API_PASSWORD' : 'LEOPARDS_API_KEY'}: required beside ${env.LEOPARDS_API_KEY ? 'LEOPARDS_API_KEY' : 'LEOPARDS_API_PASSWORD'} (set both Leopards keys, or neither)`,
    );
  if (Boolean(env.WHATSAPP_TOKEN) !== Boolean(env.WHATSAPP_PHONE_NUMBER_ID))
    problems.push(
      `${env.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_NUMBER_ID' : 'WHATSAPP_TOKEN'}: required beside ${env.WHATSAPP_TOKEN ? 'WHATSAPP_TOKEN' : 'WHATSAPP_PHONE_NUMBER_ID'} (set both WhatsApp keys, or neither)`,
    );
  for (const name of ['POSTEX_API_URL', 'LEOPARDS_API_URL', 'WHATSAPP_API_URL'])
    if (production && env[name] && isLoopback(env[name]))
      problems.push(`${name}: points at a local stand-in; a deployed site must not set it`);
  return problems;
}

function isLoopback(text: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(text).hostname);
}

/** What is wrong with the Safepay variables taken together (each alone is checked by the schema). */
function safepayProblems(env: Env, production: boolean): string[] {
  const set = SAFEPAY_KEYS.filter((name) => env[name]);
  const problems: string[] = [];
  if (set.length > 0 && set.length < SAFEPAY_KEYS.length)
    for (const name of SAFEPAY_KEYS.filter((n) => !env[n]))
      problems.push(
        `${name}: required beside ${set.join(' and ')} (set all three Safepay keys for card payments, or none)`,
      );
  if (set.length > 0 && !env.SAFEPAY_ENVIRONMENT)
    problems.push(
      'SAFEPAY_ENVIRONMENT: set sandbox or production beside the Safepay keys (the dashboard the keys come from)',
    );
  if (production && env.SAFEPAY_API_URL)
    problems.push('SAFEPAY_API_URL: points at a local stand-in; a deployed site must not set it');
  if (production && env.EASYPAISA_API_URL)
    problems.push('EASYPAISA_API_URL: points at a local stand-in; a deployed site must not set it');
  if (production && env.JAZZCASH_API_URL)
    problems.push('JAZZCASH_API_URL: points at a local stand-in; a deployed site must not set it');
  return problems;
}

/** What a deployed site must not set: stand-ins that widen what the server sends to. */
function standInProblems(env: Env, production: boolean): string[] {
  return production && env.PUSH_SERVICE_STAND_IN
    ? [
        'PUSH_SERVICE_STAND_IN: names a local push stand-in the server would send to; a deployed site must not set it',
      ]
    : [];
}

/** Variables a deployed function cannot serve without (it never falls back to SQLite or a generated key). */
export const PRODUCTION_REQUIRED = ['MONGODB_URI', 'JWT_SECRET', 'SMTP_URL', 'SITE_URL'] as const;

/** The validated server configuration. */
export type Config = z.infer<typeof envSchema> & {
  /** True on Netlify (a deployed function, or a build there); false under npm start, tests and netlify dev. */
  production: boolean;
};

/** Thrown when the environment is unusable; `problems` has one line per bad or missing variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/**
 * Whether this process runs on Netlify. Deployed functions get only the Functions-scope variables
 * plus the read-only SITE_ID, SITE_NAME and URL (Netlify's documentation: "Environment variables
 * and functions"); CONTEXT is a build variable and is absent at run time. Builds on Netlify have
 * NETLIFY=true. Local emulation (netlify dev, @netlify/vite-plugin) sets NETLIFY_DEV=true.
 */
export function runsOnNetlify(env: Env = process.env): boolean {
  if (env.NETLIFY_DEV === 'true') return false;
  return Boolean(env.SITE_ID) || env.NETLIFY === 'true';
}

/** Which required variables a Netlify build lacks: it reads the catalogue from MongoDB only. */
function missingOnNetlify(env: Env, isBuild: boolean): string[] {
  const required = isBuild ? (['MONGODB_URI'] as const) : PRODUCTION_REQUIRED;
  return required.filter((name) => !env[name]);
}

/** Reads and validates an environment; the error names every bad or missing variable at once. */
export function parseConfig(env: Env = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const production = runsOnNetlify(cleaned);
  if (production) {
    // Build metadata (NETLIFY, CONTEXT) exists only during a build, never in a deployed function.
    const isBuild = cleaned.NETLIFY === 'true' || Boolean(cleaned.CONTEXT);
    for (const name of missingOnNetlify(cleaned, isBuild))
      problems.push(`${name}: required in production`);
  }
  problems.push(...safepayProblems(cleaned, production));
  problems.push(...standInProblems(cleaned, production));
  problems.push(...courierProblems(cleaned, production));
  problems.push(...vapidProblems(cleaned));
  if (cleaned.PASSWORD_HASH_COST === 'test' && (production || cleaned.MONGODB_URI))
    problems.push(
      'PASSWORD_HASH_COST: "test" weakens every stored password; it is for the test suites only, so remove it here',
    );
  if (cleaned.MAIL_RETRY_WAITS === 'test' && (production || cleaned.MONGODB_URI))
    problems.push(
      'MAIL_RETRY_WAITS: "test" gives a refusing mail server milliseconds to recover; it is for the test suites only, so remove it here',
    );
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return { ...parsed.data, production };
}

const KEYS = [...Object.keys(envSchema.shape), 'SITE_ID', 'NETLIFY', 'NETLIFY_DEV', 'CONTEXT'];
let cached: { fingerprint: string; config?: Config; error?: ConfigError } | null = null;

/**
 * The configuration each request has read, kept for the rest of that request. Reading the
 * environment's variables is what a call costs (about 16 µs for the 70 of them, through Node's
 * process.env), and a request asked four or five times: about a tenth of the API tests' CPU.
 */
const readBy = new WeakMap<RequestContext, Config>();

/**
 * The process environment's configuration, parsed once per instance (again only if a variable it
 * reads changes, as tests do), and read once per request. A bad environment throws the same
 * ConfigError on every call.
 */
export function loadConfig(env: Env = process.env): Config {
  const request = env === process.env ? currentRequest() : undefined;
  const kept = request && readBy.get(request);
  if (kept) return kept;
  const fingerprint = JSON.stringify(KEYS.map((k) => env[k] ?? ''));
  if (cached?.fingerprint !== fingerprint) {
    try {
      cached = { fingerprint, config: parseConfig(env) };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      cached = { fingerprint, error };
    }
  }
  if (cached.error) throw cached.error;
  if (request) readBy.set(request, cached.config!);
  return cached.config!;
}
