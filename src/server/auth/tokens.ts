import { SignJWT, jwtVerify } from 'jose';

/** Issuer and audience pinned in every login token. */
export const TOKEN_ISSUER = 'bastaa-shop';
export const TOKEN_AUDIENCE = 'bastaa-web';
/** Login tokens last 7 days. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The claims the server trusts once a token verifies. */
export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

/** Signs a login token (HS256) for a user at their current token version. */
export function issueToken(
  claims: TokenClaims,
  key: Uint8Array,
  now = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ tv: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
    .sign(key);
}

/** Verifies a token with HS256 pinned, issuer, audience and expiry; null when anything is off. */
export async function readToken(token: string, key: Uint8Array): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
    return { userId: payload.sub, tokenVersion: payload.tv };
  } catch {
    return null;
  }
}

/** The token a request carries: the `token` header, or `Authorization: Bearer …`. */
export function tokenFromRequest(req: Request): string | null {
  const header = req.headers.get('token')?.trim();
  if (header) return header;
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}
