import { z } from 'zod';

const optionalUrl = z.url().optional();

const envSchema = z.object({
  DATA_DIR: z.string().min(1).default('.data'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional(),
  MONGODB_DB: z.string().regex(/^[\w-]{1,63}$/, 'must be a plain database name').default('shop'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Bastaa <no-reply@bastaa.pk>'),
  RATES_URL: z.url().default('https://open.er-api.com/v6/latest/PKR'),
  RATES_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(3000),
  /** Multiplies the per-address throttles (e.g. behind a shared NAT, or for browser test runs). */
  THROTTLE_ADDRESS_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  CONTEXT: z.string().optional(),
});

/** The validated server configuration. */
export type Config = z.infer<typeof envSchema> & { production: boolean };

/** Reads and validates the environment once; the error names every bad or missing variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // Netlify's deploy context, not NODE_ENV: `astro build` sets NODE_ENV=production on every machine.
  const production = env.CONTEXT === 'production';
  if (production && !cleaned.JWT_SECRET) problems.push('JWT_SECRET: required in production');
  if (production && !cleaned.MONGODB_URI) problems.push('MONGODB_URI: required in production');
  if (problems.length > 0 || !parsed.success) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { ...parsed.data, production };
}
