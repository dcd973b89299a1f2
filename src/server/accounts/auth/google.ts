import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** Google signs ID tokens with either issuer spelling. */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

const keySets = new Map<string, JWTVerifyGetKey>();
function keySet(url: string): JWTVerifyGetKey {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 3000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

/** The identity a verified Google ID token vouches for. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * Verifies a Google ID token against the JWKS at `jwksUrl`: RS256 only, issuer, audience and expiry.
 * Returns null for any invalid token or one whose e-mail Google has not verified.
 */
export async function verifyGoogleIdToken(
  credential: string,
  opts: { clientId: string; jwksUrl: string },
): Promise<GoogleIdentity | null> {
  try {
    const { payload } = await jwtVerify(credential, keySet(opts.jwksUrl), {
      algorithms: ['RS256'],
      issuer: GOOGLE_ISSUERS,
      audience: opts.clientId,
      requiredClaims: ['exp', 'sub', 'email'],
    });
    if (payload.email_verified !== true && payload.email_verified !== 'true') return null;
    if (typeof payload.email !== 'string' || typeof payload.sub !== 'string') return null;
    const name =
      typeof payload.name === 'string' && payload.name.trim()
        ? payload.name.trim()
        : payload.email.split('@')[0]!;
    return { sub: payload.sub, email: payload.email.toLowerCase(), name: name.slice(0, 80) };
  } catch {
    return null;
  }
}
