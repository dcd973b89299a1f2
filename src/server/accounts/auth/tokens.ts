import { SignJWT, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { keyId } from '../../secret.ts';

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
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyId(key) })
    .setSubject(claims.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
    .sign(key);
}

/**
 * The payload of an HS256 token signed by one of `keys`, with the issuer, audience and expiry
 * checked; null when anything is off. A token's `kid` picks its key (an unknown `kid` is refused);
 * a token from before key ids (none) is tried against each key.
 */
export async function verifyWithKeys(
  token: string,
  keys: Uint8Array | readonly Uint8Array[],
  audience: string,
): Promise<JWTPayload | null> {
  const ring = keys instanceof Uint8Array ? [keys] : keys;
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return null;
  }
  const candidates = kid === undefined ? ring : ring.filter((key) => keyId(key) === kid);
  for (const key of candidates) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience,
        requiredClaims: ['exp', 'sub'],
      });
      return payload;
    } catch {
      // Not this key, or not a valid token: the next key, or a refusal.
    }
  }
  return null;
}

/** Verifies a login token (see verifyWithKeys); null when anything is off. */
export async function readToken(
  token: string,
  keys: Uint8Array | readonly Uint8Array[],
): Promise<TokenClaims | null> {
  const payload = await verifyWithKeys(token, keys, TOKEN_AUDIENCE);
  if (!payload || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
  return { userId: payload.sub, tokenVersion: payload.tv };
}

/** The token a request carries: the `token` header, or `Authorization: Bearer …`. */
export function tokenFromRequest(req: Request): string | null {
  const header = req.headers.get('token')?.trim();
  if (header) return header;
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}
