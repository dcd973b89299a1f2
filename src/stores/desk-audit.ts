// The audit log (owner only), newest first.
import type { AnswerOf } from '../lib/contract/endpoints.ts';
import { callDesk } from './desk-call.ts';
import { load, resourceAtom } from './desk-resource.ts';

/** One entry of the audit log. */
export type AuditEntry = AnswerOf<'deskAudit'>['entries'][number];

/** How many entries the screen shows. */
export const AUDIT_LIMIT = 200;

/** The newest entries, as last loaded. */
export const $auditLog = resourceAtom<AuditEntry[]>();

/** Loads the newest entries. */
export const loadAudit = (): Promise<boolean> =>
  load($auditLog, async () => (await callDesk('deskAudit', { limit: AUDIT_LIMIT })).entries);
