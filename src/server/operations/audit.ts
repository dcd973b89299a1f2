// The audit log every staff and operator action writes, and how an actor is named in it and in an
// order's timeline.
import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../../lib/desk-audit.ts';
import type { AuditEntry, StaffRecord, Store } from '../store/port.ts';

/** Who a move made from the operator CLI is recorded as. */
export const CLI_ACTOR = { id: 'cli', email: 'the operator (CLI)' };

/** Who did something, as the audit log and the order timeline name them. */
export const actorOf = (staff: Pick<StaffRecord, 'id' | 'email'>) => ({
  id: staff.id,
  email: staff.email,
});

/** Writes one entry of the audit log; its action is one the desk has words for. */
export async function audit(
  store: Store,
  actor: Pick<StaffRecord, 'id' | 'email'>,
  action: AuditAction,
  target: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  const entry: AuditEntry = {
    id: randomUUID(),
    at: new Date().toISOString(),
    actor: actorOf(actor),
    action,
    target,
    before,
    after,
  };
  await store.audit.append(entry);
}
