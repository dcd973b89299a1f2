// Sign-in: a passkey alone, or e-mail, password and the authenticator's 6-digit code; the server's
// message shown as it came (a wrong code, a throttle's wait). A refused field is marked invalid and
// described beside itself, and focus goes to the first one. While a sign-in is out its buttons say
// they are busy rather than being disabled, so focus stays on the one pressed.
import { useRef, useState, type FormEvent } from 'react';
import { signInProblems, signInRefusal, type FieldProblems } from '../../lib/desk-fields.ts';
import { notify, messageOf, signIn } from '../../stores/desk.ts';
import { signInWithPasskey } from '../../stores/desk-passkeys.ts';
import { Field } from './Field.tsx';
import { firstInvalidIn, pressWhenIdle, useFocusAfter } from './focus-after.ts';

/** The sign-in form. */
export function SignIn() {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FieldProblems>({});
  const form = useRef<HTMLFormElement>(null);
  const focusAfter = useFocusAfter();
  function refuse(found: FieldProblems) {
    setProblems(found);
    focusAfter(() => firstInvalidIn(form.current));
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const fields = new FormData(event.currentTarget);
    const typed = {
      email: String(fields.get('email') ?? ''),
      password: String(fields.get('password') ?? ''),
      code: String(fields.get('code') ?? ''),
    };
    const refused = signInProblems(typed);
    if (Object.keys(refused).length > 0) return refuse(refused);
    setBusy(true);
    setProblems({});
    try {
      await signIn({ ...typed, code: typed.code.replace(/\s/g, '') });
    } catch (error) {
      notify('error', messageOf(error));
      refuse(signInRefusal(messageOf(error)));
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
        {...pressWhenIdle(busy, () => void withPasskey())}
      >
        Sign in with a passkey
      </button>
      <h2>Or with your password and code</h2>
      <form ref={form} className="desk-form" noValidate onSubmit={(e) => void submit(e)}>
        <Field
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          required
          problem={problems.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          problem={problems.password}
        />
        <Field
          label="6-digit code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          problem={problems.code}
        />
        <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </>
  );
}
