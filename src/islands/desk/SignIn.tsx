// Sign-in: a passkey alone, or e-mail, password and the authenticator's 6-digit code; the server's
// message shown as it came (a wrong code, a throttle's wait).
import { useState, type FormEvent } from 'react';
import { notify, messageOf, signIn } from '../../stores/desk.ts';
import { signInWithPasskey } from '../../stores/desk-passkeys.ts';
import { Field } from './Field.tsx';

/** The sign-in form. */
export function SignIn() {
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await signIn({
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        code: String(form.get('code') ?? '').replace(/\s/g, ''),
      });
    } catch (error) {
      notify('error', messageOf(error));
      setBusy(false);
    }
  }
  async function withPasskey() {
    setBusy(true);
    try {
      await signInWithPasskey();
    } catch (error) {
      notify('error', messageOf(error));
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="desk-button"
        disabled={busy}
        onClick={() => void withPasskey()}
      >
        Sign in with a passkey
      </button>
      <h2>Or with your password and code</h2>
      <form className="desk-form" onSubmit={(e) => void submit(e)}>
        <Field label="E-mail" name="email" type="email" autoComplete="username" required />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Field
          label="6-digit code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
        />
        <button type="submit" className="desk-button" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </>
  );
}
