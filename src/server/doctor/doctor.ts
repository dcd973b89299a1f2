// `npm run shop -- doctor`: checks a production configuration from the operator's machine, with the
// same variables the functions will get, and says what is wrong in one line each.
import { createECDH } from 'node:crypto';
import nodemailer from 'nodemailer';
import { ConfigError, PRODUCTION_REQUIRED, parseConfig, type Config } from '../config.ts';
import { explainEnvironment } from './doctor-explain.ts';
import {
  DnsUnreachable,
  checkHosts,
  checkMailAuth,
  checkSiteHealth,
  systemDns,
  type DoctorDns,
} from './doctor-network.ts';
import { explainFetchError } from '../fetch-error.ts';
import { missingPhotoLine, missingPhotos, photoJobs } from '../catalogue/index.ts';
import { openPhotoStore, PhotoStoreSettingsError, type PhotoStore } from '../catalogue/index.ts';
import { versionProducts } from '../catalogue/index.ts';
import { fetchUpstreamRates } from '../operations/index.ts';
import {
  cardGatewayMode,
  checkSafepayKeys,
  GatewayError,
  PROVIDERS,
  SAFEPAY_WEBHOOK_PATH,
} from '../payments/index.ts';
import { CourierError, courierFromConfig } from '../couriers/index.ts';
import {
  MessagingError,
  readWhatsappNumber,
  whatsappSettingsFromConfig,
} from '../messaging/index.ts';
import {
  CONNECTIONS,
  CONNECTION_NAMES,
  isAloneField,
  savedWhole,
  type ConnectionName,
} from '../../lib/connections.ts';
import {
  connectionSource,
  openConnection,
  withConnections,
  type OpenedConnection,
} from '../connections.ts';
import { verifyingKeys } from '../secret.ts';
import type { MongoDriver } from '../store/mongo/index.ts';
import type { Store, StoredConnections } from '../store/port.ts';
import type { Product } from '../../lib/product.ts';
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';

/** What doctor talks to, replaceable in tests: the MongoDB driver, DNS and HTTP. */
export interface DoctorOptions {
  driver?: MongoDriver;
  dns?: DoctorDns;
  fetch?: typeof fetch;
  /** Where Safepay's API is for the key check (a local stand-in in tests); else its real address. */
  safepayApiUrl?: string;
  /** Where the owner's courier's API is for the key check (a local stand-in in tests). */
  courierApiUrl?: string;
  /** Where WhatsApp's Graph API is for the number check (a local stand-in in tests). */
  whatsappApiUrl?: string;
}

/** Where Leopards pushes its statuses to the shop. */
const LEOPARDS_PUSH_PATH = ENDPOINTS.courierPush.paths[0];

/** Missing photos named one per line, at most this many; the rest are counted. */
const MISSING_SHOWN = 5;

/** One finding: ok, or a problem to fix. */
export interface DoctorLine {
  ok: boolean;
  text: string;
}

const TIMEOUT_MS = 5000;

function withTimeout<T>(work: Promise<T>, what: string, ms = TIMEOUT_MS): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what} did not answer within ${ms / 1000} s`)),
        ms,
      ).unref(),
    ),
  ]);
}

async function check(text: string, run: () => Promise<string | undefined>): Promise<DoctorLine> {
  try {
    const detail = await run();
    return { ok: true, text: detail ? `${text}: ${detail}` : text };
  } catch (error) {
    return { ok: false, text: `${text}: ${(error as Error).message}` };
  }
}

async function checkMongo(
  config: Config,
  driver?: MongoDriver,
): Promise<{ lines: DoctorLine[]; products: Product[] | null; store: Store | null }> {
  const uri = config.MONGODB_URI as string;
  const { missingMongoIndexes, openMongoStore } = await import('../store/mongo/index.ts');
  let products: Product[] | null = null;
  let opened: Store | null = null;
  const reach = await check(`MongoDB reachable (database ${config.MONGODB_DB})`, async () => {
    const store = await withTimeout(openMongoStore(uri, config.MONGODB_DB, driver), 'MongoDB');
    opened = store;
    const count = await withTimeout(store.products.count(), 'MongoDB');
    if (count === 0)
      throw new Error(
        'connected, but the catalogue is empty: run `npm run shop -- catalogue import <file>`',
      );
    // What the next build renders: the newest published version, else the draft .
    const latest = await withTimeout(store.catalogueVersions.latest(), 'MongoDB');
    products = latest
      ? (await withTimeout(versionProducts(store, latest.number), 'MongoDB')).products
      : await withTimeout(store.products.list(), 'MongoDB');
    return `${count} products`;
  });
  if (!reach.ok && !reach.text.includes('catalogue is empty'))
    return { lines: [reach], products, store: opened };
  const indexes = await check('MongoDB indexes', async () => {
    const missing = await withTimeout(
      missingMongoIndexes(uri, config.MONGODB_DB, driver),
      'MongoDB',
    );
    if (missing.length > 0)
      throw new Error(`missing ${missing.join(', ')}: run \`npm run shop -- db migrate\``);
    return 'all present';
  });
  return { lines: [reach, indexes], products, store: opened };
}

/**
 * The connections the owner saved in the desk's Settings, over the environment's as the functions
 * read them (src/server/connections.ts): which ones, and any key no JWT_SECRET opens.
 */
async function connectionsOf(
  config: Config,
  store: Store,
): Promise<{
  config: Config;
  lines: DoctorLine[];
  fromDesk: ConnectionName[];
  stored: StoredConnections;
}> {
  const stored = await withTimeout(store.connections.get(), 'MongoDB');
  const keys = verifyingKeys(config);
  const opened: Partial<Record<ConnectionName, OpenedConnection>> = {};
  const lines: DoctorLine[] = [];
  const fromDesk = CONNECTION_NAMES.filter((name) => stored[name]);
  for (const name of fromDesk) {
    const { values, stale, unreadable } = openConnection(name, stored[name]!, keys);
    opened[name] = values;
    if (unreadable.length > 0)
      lines.push({
        ok: false,
        text: `${CONNECTIONS[name].label}: ${unreadable.join(', ')} saved in the desk's Settings opens with neither JWT_SECRET nor JWT_SECRET_PREVIOUS; set JWT_SECRET_PREVIOUS to the secret it was saved under, or enter it again in Settings, Connections`,
      });
    else if (stale)
      lines.push({
        ok: true,
        text: `${CONNECTIONS[name].label}, ${FROM_DESK}: its keys are sealed under JWT_SECRET_PREVIOUS; run \`npm run shop -- staff reseal\` before dropping it`,
      });
  }
  // A record holding only fields that stand alone leaves the rest of its connection to the
  // environment: it is named by those fields.
  const named = fromDesk.map((name) =>
    savedWhole(name, stored[name])
      ? CONNECTIONS[name].label
      : `${CONNECTIONS[name].label} (${CONNECTIONS[name].fields
          .filter((f) => f.alone && stored[name]![f.name])
          .map((f) => f.label)
          .join(', ')} only)`,
  );
  if (fromDesk.length > 0)
    lines.unshift({
      ok: true,
      text: `Connections saved in the desk's Settings (they win over the environment's): ${named.join(', ')}`,
    });
  return { config: withConnections(config, opened), lines, fromDesk, stored };
}

/** Doctor's words for a setting saved in the desk's Settings. */
const FROM_DESK = "from the desk's Settings";

/**
 * What doctor knows of where the connections in force come from: the environment's variables and
 * the owner's saved records, or null when the store could not be read.
 */
export interface ConnectionSources {
  /** The environment's variables as set (a default is no setting of the operator's). */
  env: Readonly<Record<string, unknown>>;
  stored: StoredConnections | null;
}

/**
 * Where `connection` in force comes from, in doctor's words: "from the desk's Settings", or "from
 * the environment (NAME, …)" naming its variables set there (only `field` for a field that stands
 * alone); null when it is not set anywhere.
 */
export function sourceWords(
  connection: ConnectionName,
  sources: ConnectionSources,
  field?: string,
): string | null {
  const source = connectionSource(connection, sources.stored?.[connection], sources.env, field);
  if (source === 'desk') return FROM_DESK;
  if (source === 'none') return null;
  const values = sources.env;
  const names = (
    field !== undefined && isAloneField(connection, field)
      ? [field]
      : CONNECTIONS[connection].fields.filter((f) => !f.alone).map((f) => f.name)
  ).filter((name) => values[name] !== undefined && values[name] !== '');
  const unread = sources.stored === null ? "; the desk's Settings could not be read" : '';
  return `from the environment (${names.join(', ')}${unread})`;
}

/**
 * Whether the photo store the deployed site builds from holds every original the catalogue names:
 * the check the next build makes first, so a missing photo is found before a deploy fails on it.
 * From the operator's machine that is Netlify Blobs, reached with a token and the site id, unless
 * PHOTO_STORE says otherwise.
 */
async function checkPhotos(
  env: Record<string, string | undefined>,
  products: readonly Product[],
): Promise<DoctorLine> {
  let store: PhotoStore;
  try {
    if (!env.PHOTO_STORE && !env.NETLIFY_BLOBS_TOKEN && !env.NETLIFY_BLOBS_CONTEXT)
      return {
        ok: false,
        text: 'Photo store: set NETLIFY_BLOBS_TOKEN (a Netlify personal access token) and NETLIFY_SITE_ID to check the photos the site builds from',
      };
    store = openPhotoStore(env);
  } catch (error) {
    if (!(error instanceof PhotoStoreSettingsError)) throw error;
    return { ok: false, text: `Photo store: ${error.message}` };
  }
  return check(`Photo store (${store.where})`, async () => {
    const jobs = photoJobs(products);
    const missing = await withTimeout(missingPhotos(jobs, store), 'the photo store', 15_000);
    if (missing.length === 0)
      return jobs.length === 0
        ? 'the catalogue names no stored photo'
        : jobs.length === 1
          ? 'the one photo the catalogue names is there'
          : `all ${jobs.length} photos the catalogue names are there`;
    const shown = missing.slice(0, MISSING_SHOWN).map(missingPhotoLine);
    const more = missing.length - shown.length;
    throw new Error(
      `${missing.length} of ${jobs.length} photos the catalogue names are missing, so the next build stops: ${shown.join(' ')}${more > 0 ? ` (and ${more} more)` : ''} Import them with \`npm run shop -- catalogue import <file> --images <folder>\`.`,
    );
  });
}

/**
 * Checks the environment as a deployed function would read it: required variables, the JWT
 * secret's length, MongoDB (reachable, catalogue present, indexes), the photo store (every photo
 * the catalogue names), SMTP, the rates source, the site's health call, whether it takes cards
 * and whether it can push alerts.
 */
export async function runDoctor(
  env: Record<string, string | undefined>,
  opts: DoctorOptions = {},
): Promise<DoctorLine[]> {
  // The mistakes a person makes pasting values, explained first; the parser's own words for the
  // same variables would only repeat them less clearly.
  const explained = explainEnvironment(env);
  const explainedNames = new Set(explained.map((p) => p.name));
  const early: DoctorLine[] = explained.map((p) => ({ ok: false, text: p.text }));
  let config: Config;
  try {
    // Read as a deployed function: SITE_ID marks one (the operator's shell has none).
    config = parseConfig({
      ...env,
      SITE_ID: env.SITE_ID ?? 'doctor',
      NETLIFY: undefined,
      CONTEXT: undefined,
      NETLIFY_DEV: undefined,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const rest = error.problems.filter((text) => !explainedNames.has(text.split(':')[0]!));
    return [...early, ...rest.map((text) => ({ ok: false, text }))];
  }
  const lines: DoctorLine[] = [
    ...early,
    { ok: true, text: `required variables set: ${PRODUCTION_REQUIRED.join(', ')}` },
  ];
  const secretLength = (config.JWT_SECRET as string).length;
  lines.push(
    secretLength >= 48
      ? { ok: true, text: `JWT_SECRET: ${secretLength} characters` }
      : {
          ok: false,
          text: `JWT_SECRET: ${secretLength} characters; use at least 48 random characters (e.g. \`openssl rand -base64 48\`)`,
        },
  );
  const site = new URL(config.SITE_URL as string);
  lines.push(
    site.protocol === 'https:'
      ? { ok: true, text: `SITE_URL: ${site.origin}` }
      : { ok: false, text: `SITE_URL: ${site.origin} must use https` },
  );
  const sources: ConnectionSources = { env, stored: null };
  const dns = opts.dns ?? systemDns;
  let dnsWorks = true;
  let unresolved = new Set<string>();
  try {
    const hosts = await checkHosts(dns, [
      { name: 'MONGODB_URI', url: config.MONGODB_URI as string },
      { name: 'SMTP_URL', url: config.SMTP_URL as string },
    ]);
    lines.push(...hosts.lines);
    unresolved = hosts.unresolved;
  } catch (error) {
    if (!(error instanceof DnsUnreachable)) throw error;
    dnsWorks = false;
    lines.push({
      ok: false,
      text: `DNS: no answer (${error.message}); this machine cannot look names up, so host and mail-record checks are skipped`,
    });
  }
  if (!unresolved.has('MONGODB_URI')) {
    const mongo = await checkMongo(config, opts.driver);
    lines.push(...mongo.lines);
    if (mongo.products && mongo.products.length > 0)
      lines.push(await checkPhotos(env, mongo.products));
    if (mongo.store) {
      const connections = await connectionsOf(config, mongo.store).catch((error: Error) => ({
        config,
        lines: [{ ok: false, text: `Connections: could not be read (${error.message})` }],
        stored: null,
      }));
      config = connections.config;
      sources.stored = connections.stored;
      lines.push(...connections.lines);
    }
  }
  if (!unresolved.has('SMTP_URL'))
    lines.push(
      await check('SMTP answers', async () => {
        const transport = nodemailer.createTransport({
          url: config.SMTP_URL,
          connectionTimeout: TIMEOUT_MS,
          socketTimeout: TIMEOUT_MS,
        });
        try {
          await withTimeout(transport.verify(), 'SMTP');
        } finally {
          transport.close();
        }
        return new URL(config.SMTP_URL as string).host;
      }),
    );
  lines.push(
    await check('exchange-rate source answers', async () => {
      try {
        const rates = await withTimeout(fetchUpstreamRates(config), 'the exchange-rate source');
        return `${Object.keys(rates).length} currencies from ${new URL(config.RATES_URL).host}`;
      } catch (error) {
        // `fetch failed` says nothing: the cause (ENOTFOUND, ECONNREFUSED, timeout) does.
        throw new Error(explainFetchError(error, config.RATES_URL));
      }
    }),
  );
  lines.push(await checkSiteHealth(config.SITE_URL as string, opts.fetch ?? fetch, TIMEOUT_MS));
  lines.push(await checkCards(config, opts.safepayApiUrl));
  lines.push(...checkWallets(config, sources));
  lines.push(await checkCourier(config, sources, opts.courierApiUrl));
  lines.push(...checkLeopardsPush(config, sources));
  lines.push(await checkWhatsapp(config, sources, opts.whatsappApiUrl));
  lines.push(checkPush(config));
  if (dnsWorks) {
    const domain = mailDomain(config.MAIL_FROM);
    const selectors = env.DKIM_SELECTOR?.trim()
      ? env.DKIM_SELECTOR.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null;
    try {
      if (domain) lines.push(...(await checkMailAuth(dns, domain, selectors)));
    } catch (error) {
      if (!(error instanceof DnsUnreachable)) throw error;
      lines.push({
        ok: false,
        text: `DNS: no answer (${error.message}) for ${domain}'s mail records`,
      });
    }
  }
  return lines;
}

/**
 * Each wallet taken through its API on the live site: by hand without keys (staff record it, as
 * before), refused with sandbox keys (they move no money: every wallet order would stay unpaid),
 * else on, with the notice address to register. The keys are not tried: neither wallet documents
 * a call that proves them without charging. Each line says where the keys come from, and the fix
 * is made where they are (the desk's Settings, or the variable).
 */
export function checkWallets(
  config: Config,
  sources: ConnectionSources = { env: config, stored: {} },
): DoctorLine[] {
  const site = new URL(config.SITE_URL as string).origin;
  return Object.values(PROVIDERS)
    .filter((p) => p.start === 'phone-request')
    .map((p) => {
      const environment = p.environment(config);
      const prefix = p.keyNames[0]!.split('_')[0]!;
      const connection = prefix.toLowerCase() as ConnectionName;
      const from = sourceWords(connection, sources);
      if (environment === null)
        return {
          ok: true,
          text: `${p.label}: by hand (${p.keyNames.join(', ')} unset, and no ${p.label} connection in the desk's Settings), so staff record its payments at the desk`,
        };
      if (environment !== 'production')
        return {
          ok: false,
          text:
            from === FROM_DESK
              ? `${p.label}, ${from}: its Environment is Sandbox beside the live site ${site}; sandbox keys move no money, so ${p.label} orders would never be paid. Choose Production in the desk's Settings, Connections, ${p.label}, with the keys from ${p.label}'s live portal`
              : `${p.label}, ${from}: ${prefix}_ENVIRONMENT is sandbox beside the live site ${site}; sandbox keys move no money, so ${p.label} orders would never be paid. Set ${prefix}_ENVIRONMENT=production with the keys from ${p.label}'s live portal`,
        };
      return {
        ok: true,
        text: `${p.label}, ${from}: on (production); its payment notices must go to ${site}${p.webhookPath}`,
      };
    });
}

/**
 * The courier Book uses on the live site: none (staff book on the courier's portal, as before), else
 * its keys are tried on the courier's operational-cities call, which books and charges nothing.
 */
export async function checkCourier(
  config: Config,
  sources: ConnectionSources,
  apiUrl?: string,
): Promise<DoctorLine> {
  const connection = courierFromConfig(config);
  if (!connection)
    return {
      ok: true,
      text: "Couriers: none connected (POSTEX_API_TOKEN, or LEOPARDS_API_KEY and LEOPARDS_API_PASSWORD, unset, and no courier keys in the desk's Settings), so staff book parcels on the courier's portal",
    };
  // A local stand-in's address is refused with the configuration (courierProblems).
  const urlName = connection.name === 'postex' ? 'POSTEX_API_URL' : 'LEOPARDS_API_URL';
  return check(`Couriers, ${sourceWords('courier', sources)}`, async () => {
    const adapter = apiUrl
      ? courierFromConfig({ ...config, [urlName]: apiUrl })!.adapter
      : connection.adapter;
    try {
      const cities = await withTimeout(adapter.cities(), connection.label);
      return `${connection.label} accepts the keys and serves ${cities.length} cities`;
    } catch (error) {
      if (error instanceof CourierError)
        throw new Error(`${connection.label} refused or failed the cities call: ${error.message}`);
      throw error;
    }
  });
}

/**
 * Leopards' status push, beside a Leopards courier or a push secret: on, naming where its secret
 * comes from and the address to give Leopards; else off (the poll alone follows the parcels).
 */
export function checkLeopardsPush(config: Config, sources: ConnectionSources): DoctorLine[] {
  const from = sourceWords('courier', sources, 'LEOPARDS_WEBHOOK_SECRET');
  if (from === null)
    return courierFromConfig(config)?.name === 'leopards'
      ? [
          {
            ok: true,
            text: "Leopards push: off (LEOPARDS_WEBHOOK_SECRET unset, and no push secret in the desk's Settings), so Leopards' parcels are followed by the poll alone",
          },
        ]
      : [];
  const site = new URL(config.SITE_URL as string).origin;
  return [
    {
      ok: true,
      text: `Leopards push, its secret ${from}: on; give Leopards the address ${site}${LEOPARDS_PUSH_PATH} and that secret in the X-Api-Key header`,
    },
  ];
}

/**
 * The WhatsApp number COD confirmations go from on the live site: none (they go by e-mail), else
 * the number is read with the keys (it sends nothing), and a test number is refused: it messages
 * only the few numbers added to it, so shoppers would never get their confirmation.
 */
export async function checkWhatsapp(
  config: Config,
  sources: ConnectionSources,
  apiUrl?: string,
): Promise<DoctorLine> {
  const settings = whatsappSettingsFromConfig(config);
  if (!settings)
    return {
      ok: true,
      text: "WhatsApp: not connected (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID unset, and no WhatsApp connection in the desk's Settings), so COD confirmations go by e-mail",
    };
  return check(`WhatsApp, ${sourceWords('whatsapp', sources)}`, async () => {
    let number;
    try {
      number = await withTimeout(
        readWhatsappNumber({ ...settings, ...(apiUrl ? { apiUrl } : {}) }),
        'WhatsApp',
      );
    } catch (error) {
      if (error instanceof MessagingError) throw new Error(error.message);
      throw error;
    }
    if (number.sandbox)
      throw new Error(
        `${number.displayPhoneNumber} is a test number (Meta's sandbox), which messages only the numbers added to it, beside the live site; connect the shop's registered number`,
      );
    return `sends from ${number.displayPhoneNumber}${number.verifiedName ? ` (${number.verifiedName})` : ''}; template ${config.WHATSAPP_TEMPLATE} (${config.WHATSAPP_TEMPLATE_LANGUAGE})`;
  });
}

/**
 * Whether the live site takes cards: off without keys (checkout then offers no card), refused with
 * sandbox keys (test cards only: every card order would stay unpaid), else the keys are tried on
 * Safepay and the webhook address to register is named.
 */
async function checkCards(config: Config, apiUrl?: string): Promise<DoctorLine> {
  const site = new URL(config.SITE_URL as string).origin;
  if (cardGatewayMode(config) === 'off')
    return {
      ok: true,
      text: 'Cards: off (SAFEPAY_API_KEY, SAFEPAY_SECRET_KEY and SAFEPAY_WEBHOOK_SECRET unset), so checkout offers no card payment',
    };
  if (config.SAFEPAY_ENVIRONMENT !== 'production')
    return {
      ok: false,
      text: `Cards: SAFEPAY_ENVIRONMENT is sandbox beside the live site ${site}; sandbox keys take test cards only, so card orders would never be paid. Set SAFEPAY_ENVIRONMENT=production with the keys from Safepay's live dashboard`,
    };
  return check('Cards: on (Safepay production)', async () => {
    try {
      await checkSafepayKeys({
        environment: 'production',
        apiKey: config.SAFEPAY_API_KEY!,
        secretKey: config.SAFEPAY_SECRET_KEY!,
        apiUrl,
        timeoutMs: TIMEOUT_MS,
      });
    } catch (error) {
      if (error instanceof GatewayError) throw new Error(error.message);
      throw error;
    }
    return `Safepay accepts the keys; its webhook endpoint must be ${site}${SAFEPAY_WEBHOOK_PATH}`;
  });
}

/**
 * Whether the desk can push alerts: off without the VAPID variables (mail alerts only), refused
 * when the public key is not the private key's (the config checks each one's shape, not that they
 * are one pair: devices would subscribe with a key that no push is signed with).
 */
export function checkPush(config: Config): DoctorLine {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (!publicKey || !privateKey)
    return {
      ok: true,
      text: 'Push alerts: off (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT unset), so alerts go by mail only; make a pair once with `npx web-push generate-vapid-keys`',
    };
  const ecdh = createECDH('prime256v1');
  let derived: Buffer | null = null;
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    derived = ecdh.getPublicKey();
  } catch {
    // Not a private key on the curve at all: said below as a mismatched pair.
  }
  if (!derived?.equals(Buffer.from(publicKey, 'base64url')))
    return {
      ok: false,
      text: 'Push alerts: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY, so push services would refuse every push; set both from one run of `npx web-push generate-vapid-keys` (devices then turn alerts on again)',
    };
  return { ok: true, text: `Push alerts: on (one VAPID pair; contact ${config.VAPID_SUBJECT})` };
}

/** The domain of MAIL_FROM's address (`Shop <no-reply@bastaa.pk>` → bastaa.pk). */
function mailDomain(from: string): string | null {
  const address = /<([^<>]+)>/.exec(from)?.[1] ?? from;
  return /@([^@\s>]+)$/.exec(address.trim())?.[1]?.toLowerCase() ?? null;
}
