// Owner only: the audit log, newest first: when (Karachi), who (by name, their e-mail beside it),
// what, on what (an order's #number, a member's name), before and after. It fits a phone: long
// values wrap rather than widen the page.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $auditLog, loadAudit } from '../../stores/desk-audit.ts';
import { NotLoaded } from './NotLoaded.tsx';

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);

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
        <li key={e.id}>
          <strong>{e.action}</strong> · {e.targetLabel}
          <br />
          {e.atKarachi} · {e.actor.name}
          {e.actor.name !== e.actor.email && (
            <span className="desk-hint desk-audit-email"> ({e.actor.email})</span>
          )}
          <details>
            <summary>Before and after</summary>
            <pre>{show(e.before)}</pre>
            <pre>{show(e.after)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
