// Secret rotation: authenticator keys are sealed under a key derived from JWT_SECRET.
// A sign-in re-seals a member's key lazily; this re-seals every member's at once, so the operator
// can drop JWT_SECRET_PREVIOUS without waiting for each member to sign in.
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import { signingKey, verifyingKeys } from '../secret.ts';
import { base32Encode, openTotpSecretWithKeys, sealTotpSecret } from './auth/totp.ts';
import type { Store } from '../store/port.ts';
import type { AuditAction } from '../../lib/desk-audit.ts';

/** What a re-seal did: keys moved to the current secret, already on it, and opened by neither. */
export interface ResealReport {
  resealed: string[];
  current: number;
  unreadable: string[];
}

/** Re-seals every stored authenticator key that the previous secret sealed under the current one. */
export async function resealTotpSecrets(
  store: Store,
  config: Pick<Config, 'JWT_SECRET' | 'JWT_SECRET_PREVIOUS' | 'DATA_DIR'>,
): Promise<ResealReport> {
  const keys = verifyingKeys(config);
  const report: ResealReport = { resealed: [], current: 0, unreadable: [] };
  for (const member of await store.staff.list()) {
    if (!member.totpSecret) continue;
    const opened = openTotpSecretWithKeys(member.totpSecret, keys);
    if (!opened) report.unreadable.push(member.email);
    else if (!opened.stale) report.current++;
    else {
      const sealed = sealTotpSecret(base32Encode(opened.secret), signingKey(config));
      // A sign-in re-sealing it at the same moment seals the same key: either write is right.
      const done = await store.staff.update(member.id, { set: { totpSecret: sealed } });
      if (!done) continue;
      report.resealed.push(member.email);
      await store.audit.append({
        id: randomUUID(),
        at: new Date().toISOString(),
        actor: { id: 'cli', email: 'operator (npm run shop)' },
        action: 'staff.resealKey' satisfies AuditAction,
        target: `staff:${member.id}`,
        before: { sealedWith: 'JWT_SECRET_PREVIOUS' },
        after: { sealedWith: 'JWT_SECRET' },
      });
    }
  }
  return report;
}
