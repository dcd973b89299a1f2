// Owner only, on the Staff screen: every member's passkeys (name, when added, when last used), each
// removable. A passkey signs in with no password and no code, so the owner sees them all and can
// take away one nobody recognises; the member is mailed whenever one goes.
import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { karachiTime } from '../../lib/desk.ts';
import {
  $memberPasskeys,
  loadMemberPasskeys,
  removeMemberPasskey,
} from '../../stores/desk-passkeys.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** Every member's passkeys, for the owner. */
export function MemberPasskeys() {
  const resource = useStore($memberPasskeys);
  const headingId = useId();
  const focusAfter = useFocusAfter();
  useEffect(() => {
    void loadMemberPasskeys();
  }, []);
  const members = resource.data?.filter((m) => m.passkeys.length > 0) ?? [];

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Members’ passkeys</h2>
      {resource.data === null ? (
        <NotLoaded resource={resource} retry={loadMemberPasskeys} />
      ) : members.length === 0 ? (
        <p>No member has a passkey.</p>
      ) : (
        <ul className="desk-staff">
          {members.flatMap((m) =>
            m.passkeys.map((p) => (
              <li key={p.id}>
                <strong>{p.name}</strong> · {m.name} ({m.email})
                <br />
                Added {karachiTime(p.createdAt)}
                {p.lastUsedAt ? ` · last used ${karachiTime(p.lastUsedAt)}` : ' · not used yet'}
                <span className="desk-row">
                  <button
                    type="button"
                    className="desk-button desk-danger"
                    {...pressWhenIdle(resource.busy, () => {
                      if (confirm(`Remove the passkey “${p.name}” of ${m.name}?`))
                        void removeMemberPasskey(m.staffId, p).then(() => focusAfter(theMessage));
                    })}
                  >
                    Remove
                    <span className="visually-hidden">
                      {' '}
                      the passkey {p.name} of {m.name}
                    </span>
                  </button>
                </span>
              </li>
            )),
          )}
        </ul>
      )}
    </section>
  );
}
