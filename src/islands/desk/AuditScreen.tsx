// Owner only: the audit log, newest first: when (Karachi), who (by name, their e-mail beside it),
// what in words ('Moved an order'; an action this desk does not know, as the log wrote it), on what
// (an order's #number, a member's name), and what changed as lines ('Status: Packing → Delivered';
// a product edit by its fields, 'Price: ₨1,300 → ₨130'), or, where a value cannot be said in words
// (a whole new product), the before and after as kept. It fits a phone: long values wrap rather
// than widen the page.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { auditActionLabel, auditChangeLine, auditChanges } from '../../lib/desk-audit.ts';
import { $auditLog, loadAudit, type AuditEntry } from '../../stores/desk-audit.ts';
import { NotLoaded } from './NotLoaded.tsx';

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);

/** What an entry changed: its lines, or its before and after as kept; nothing when it changed nothing. */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.action, entry.before, entry.after);
  if (changes?.length === 0) return null;
  return (
    <details>
      <summary>Before and after</summary>
      {changes ? (
        // Lines, not a nested list: the log's own items carry its borders.
        changes.map((c) => <p key={c.field}>{auditChangeLine(c)}</p>)
      ) : (
        <>
          <pre>{show(entry.before)}</pre>
          <pre>{show(entry.after)}</pre>
        </>
      )}
    </details>
  );
}

/** The audit log screen. */
export default function AuditScreen() {
  const auditLog = useStore($auditLog);
  const entries = auditLog.data;
  useEffect(() => {
    void loadAudit();
  }, []);
  if (entries === null) return <NotLoaded resource={auditLog} retry={loadAudit} />;
  if (entries.length === 0) return <p>Nothing has been recorded yet.</p>;
  return (
    <ol className="desk-audit">
      {entries.map((e) => (
        <li key={e.id} data-action={e.action}>
          <strong>{auditActionLabel(e.action)}</strong> · {e.targetLabel}
          <br />
          {e.atKarachi} · {e.actor.name}
          {e.actor.name !== e.actor.email && (
            <span className="desk-hint desk-audit-email"> ({e.actor.email})</span>
          )}
          <Changes entry={e} />
        </li>
      ))}
    </ol>
  );
}
