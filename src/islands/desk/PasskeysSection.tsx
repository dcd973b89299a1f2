// The member's own passkeys, on the Settings screen: each named, with when it was added and last
// used, removable; a form that makes a new one on this device (the phone's fingerprint or face)
// under the name typed, once the member's password and a fresh code (or a passkey they already
// have) prove it is them, since a passkey outlives any session; and Sign out everywhere, which may
// take the passkeys too. A pressed button keeps focus while its call is out; then focus lands on
// the message the live region reads (added, removed, or why not), as the pressed button may be gone.
import { useEffect, useId, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { karachiTime } from '../../lib/desk.ts';
import {
  $passkeys,
  addPasskey,
  loadPasskeys,
  removePasskey,
  type PasskeyProof,
} from '../../stores/desk-passkeys.ts';
import { signOut } from '../../stores/desk.ts';
import { Field } from './Field.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** The member's passkeys, the form that adds one, and Sign out everywhere. */
export function PasskeysSection() {
  const passkeys = useStore($passkeys);
  const headingId = useId();
  const focusAfter = useFocusAfter();
  const hasPasskeys = (passkeys.data?.length ?? 0) > 0;
  useEffect(() => {
    void loadPasskeys();
  }, []);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const text = (key: string) => String(fields.get(key) ?? '').trim();
    // The button pressed says how it is proven: a passkey held, or the password and code typed.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const proof: PasskeyProof =
      submitter?.dataset.proof === 'passkey'
        ? 'passkey'
        : { password: String(fields.get('proofPassword') ?? ''), code: text('proofCode') };
    if (await addPasskey(text('passkeyName'), proof)) form.reset();
    focusAfter(theMessage);
  }

  function signOutEverywhere(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const remove = new FormData(event.currentTarget).get('removePasskeys') === 'on';
    void signOut({ removePasskeys: remove });
  }

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Your passkeys</h3>
      <p>
        A passkey signs you in to the desk with this phone&apos;s fingerprint or face (or your
        computer&apos;s), with no password and no code. You are e-mailed each time one is added or
        removed.
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
        <fieldset className="desk-fieldset">
          <legend>Confirm it is you</legend>
          <Field
            label="Your desk password"
            name="proofPassword"
            type="password"
            autoComplete="current-password"
            maxLength={128}
          />
          <Field
            label="6-digit code from your authenticator app"
            name="proofCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
          />
        </fieldset>
        <div className="desk-actions">
          <button type="submit" className="desk-button" {...pressWhenIdle(passkeys.busy)}>
            Add a passkey on this device
          </button>
          {hasPasskeys && (
            <button
              type="submit"
              className="desk-button desk-quiet"
              data-proof="passkey"
              {...pressWhenIdle(passkeys.busy)}
            >
              Add, confirming with a passkey I have
            </button>
          )}
        </div>
      </form>
      <form className="desk-form" onSubmit={signOutEverywhere} aria-label="Sign out everywhere">
        <p>
          Sign out everywhere ends your desk sessions on every device and turns off their push
          alerts. If you think someone else added a passkey, remove your passkeys too.
        </p>
        <label className="desk-check">
          <input type="checkbox" name="removePasskeys" /> Also remove all my passkeys
        </label>
        <div className="desk-actions">
          <button type="submit" className="desk-button desk-danger">
            Sign out everywhere
          </button>
        </div>
      </form>
    </section>
  );
}
