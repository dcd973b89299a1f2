// Owner only: the audit log, newest first: when (Karachi), who, what, on what, before and after.
import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../lib/contract/endpoints.ts';
import { deskRequest, notifyFailure } from '../../stores/desk.ts';

type Entry = AnswerOf<'deskAudit'>['entries'][number];

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);

/** The audit log screen. */
export default function AuditScreen() {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  useEffect(() => {
    deskRequest('deskAudit', { limit: 200 }).then(
      (a) => setEntries(a.entries),
      (error: unknown) => notifyFailure(error),
    );
  }, []);
  if (entries === null) return <p>Loading…</p>;
  if (entries.length === 0) return <p>Nothing has been recorded yet.</p>;
  return (
    <ol className="desk-audit">
      {entries.map((e) => (
        <li key={e.id}>
          <strong>{e.action}</strong> · {e.target}
          <br />
          {e.atKarachi} · {e.actor.email}
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
