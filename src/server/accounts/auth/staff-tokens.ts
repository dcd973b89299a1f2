// Desk session tokens: HS256 JWTs like the shopper's login tokens, but with their own audience, so
// neither kind is ever accepted in place of the other, and a 12-hour life. A token names the staff
// member, the role and the session version it was issued at; sign-out, removal and a role change
// bump the version, which ends every token issued before.
import { SignJWT } from 'jose';
import type { StaffRole } from '../../store/port.ts';
import { keyId } from '../../secret.ts';
import { TOKEN_ISSUER, verifyWithKeys } from './tokens.ts';

/** The audience of desk tokens (shopper tokens carry TOKEN_AUDIENCE). */
export const STAFF_TOKEN_AUDIENCE = 'bastaa-desk';
/** A desk session lasts 12 hours. */
export const STAFF_TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** The claims the server trusts once a desk token verifies. */
export interface StaffClaims {
  staffId: string;
  role: StaffRole;
  sessionVersion: number;
}

/** Signs a desk token (HS256) for a staff member at their current session version. */
export function issueStaffToken(
  claims: StaffClaims,
  key: Uint8Array,
  now = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ role: claims.role, sv: claims.sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyId(key) })
    .setSubject(claims.staffId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(STAFF_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + STAFF_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** Verifies a desk token (HS256 pinned, issuer, desk audience, expiry, key id); null when anything is off. */
export async function readStaffToken(
  token: string,
  keys: Uint8Array | readonly Uint8Array[],
): Promise<StaffClaims | null> {
  const payload = await verifyWithKeys(token, keys, STAFF_TOKEN_AUDIENCE);
  if (!payload) return null;
  const { sub, role, sv } = payload;
  if (typeof sub !== 'string' || typeof sv !== 'number') return null;
  if (role !== 'owner' && role !== 'staff') return null;
  return { staffId: sub, role, sessionVersion: sv };
}
