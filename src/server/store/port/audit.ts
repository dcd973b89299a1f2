// The desk's audit log.

/** One staff action: who, what, when, to what, before and after. */
export interface AuditEntry {
  id: string;
  /** ISO 8601 time of the action. */
  at: string;
  actor: { id: string; email: string };
  /**
   * What was done, e.g. 'order.move', 'staff.invite': one of AUDIT_ACTIONS (src/lib/desk-audit.ts)
   * when written now; an older entry may hold an action since renamed, so a read keeps any string.
   */
  action: string;
  /** What it was done to, e.g. 'order:<id>' or 'staff:<id>'. */
  target: string;
  before: unknown;
  after: unknown;
}

/** The audit log: append-only. */
export interface AuditRepository {
  append(entry: AuditEntry): Promise<void>;
  /** Entries newest first, optionally of one actor, target or action, at most `limit` (default 100). */
  list(filter?: {
    actorId?: string;
    target?: string;
    action?: string;
    limit?: number;
  }): Promise<AuditEntry[]>;
}
