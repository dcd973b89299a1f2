// `npm run shop -- doctor`: checks a production configuration from the operator's machine, with the
// same variables the functions will get, and says what is wrong in one line each.
import nodemailer from 'nodemailer';
import { ConfigError, PRODUCTION_REQUIRED, parseConfig, type Config } from './config.ts';
import { fetchUpstreamRates } from './services/rates.ts';
import type { MongoDriver } from './store/mongo.ts';

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

async function checkMongo(config: Config, driver?: MongoDriver): Promise<DoctorLine[]> {
  const uri = config.MONGODB_URI as string;
  const { missingMongoIndexes, openMongoStore } = await import('./store/mongo.ts');
  const reach = await check(`MongoDB reachable (database ${config.MONGODB_DB})`, async () => {
    const store = await withTimeout(openMongoStore(uri, config.MONGODB_DB, driver), 'MongoDB');
    const products = await withTimeout(store.products.count(), 'MongoDB');
    if (products === 0)
      throw new Error(
        'connected, but the catalogue is empty: run `npm run shop -- catalogue import <file>`',
      );
    return `${products} products`;
  });
  if (!reach.ok && !reach.text.includes('catalogue is empty')) return [reach];
  const indexes = await check('MongoDB indexes', async () => {
    const missing = await withTimeout(
      missingMongoIndexes(uri, config.MONGODB_DB, driver),
      'MongoDB',
    );
    if (missing.length > 0)
      throw new Error(`missing ${missing.join(', ')}: run \`npm run shop -- db migrate\``);
    return 'all present';
  });
  return [reach, indexes];
}

/**
 * Checks the environment as a deployed function would read it: required variables, the JWT
 * secret's length, MongoDB (reachable, catalogue present, indexes), SMTP and the rates source.
 */
export async function runDoctor(
  env: Record<string, string | undefined>,
  opts: { driver?: MongoDriver } = {},
): Promise<DoctorLine[]> {
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
    return error.problems.map((text) => ({ ok: false, text }));
  }
  const lines: DoctorLine[] = [
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
  lines.push(...(await checkMongo(config, opts.driver)));
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
      const rates = await withTimeout(fetchUpstreamRates(config), 'the exchange-rate source');
      return `${Object.keys(rates).length} currencies from ${new URL(config.RATES_URL).host}`;
    }),
  );
  return lines;
}
