// The member's own passkeys, on the Settings screen: each named, with when it was added and last
// used, removable; and a form that makes a new one on this device (the phone's fingerprint or face)
// under the name typed. A pressed button keeps focus while its call is out; then focus lands on the
// message the live region reads (added, removed, or why not), as the pressed button may be gone.
import { useEffect, useId, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { karachiTime } from '../../lib/desk.ts';
import { $passkeys, addPasskey, loadPasskeys, removePasskey } from '../../stores/desk-passkeys.ts';
import { Field } from './Field.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** The member's passkeys and the form that adds one. */
export function PasskeysSection() {
  const passkeys = useStore($passkeys);
  const headingId = useId();
  const focusAfter = useFocusAfter();
  useEffect(() => {
    void loadPasskeys();
  }, []);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('passkeyName') ?? '').trim();
    if (await addPasskey(name)) form.reset();
    focusAfter(theMessage);
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Your passkeys</h2>
      <p>
        A passkey signs you in to the desk with this phone&apos;s fingerprint or face (or your
        computer&apos;s), with no password and no code.
      </p>
      {passkeys.data === null ? (
        <NotLoaded resource={passkeys} retry={loadPasskeys} />
      ) : passkeys.data.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <ul className="desk-staff">
          {passkeys.data.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong>
              <br />
              Added {karachiTime(p.createdAt)}
              {p.lastUsedAt ? ` · last used ${karachiTime(p.lastUsedAt)}` : ' · not used yet'}
              <span className="desk-row">
                <button
                  type="button"
                  className="desk-button desk-danger"
                  {...pressWhenIdle(passkeys.busy, () => {
                    if (confirm(`Remove the passkey “${p.name}”?`))
                      void removePasskey(p).then(() => focusAfter(theMessage));
                  })}
                >
                  Remove<span className="visually-hidden"> the passkey {p.name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="desk-form" onSubmit={(e) => void add(e)} aria-label="Add a passkey">
        <Field
          label="Name of this device"
          name="passkeyName"
          hint="For example “Pixel 8” or “Office laptop”, so you know which passkey is which."
          required
          maxLength={60}
          autoComplete="off"
        />
        <button type="submit" className="desk-button" {...pressWhenIdle(passkeys.busy)}>
          Add a passkey on this device
        </button>
      </form>
    </section>
  );
}
