import { useEffect, useState, type FormEvent } from 'react';
import {
  logIn,
  register,
  requestPasswordReset,
  resetPassword as setNewPassword,
  signOut,
} from '../../stores/account.ts';
import { $session, SIGNED_OUT } from '../../stores/session.ts';
import { $ui, closeOverlays, openDrawer, type DrawerMode, UI_CLOSED } from '../../stores/ui.ts';
import { Field, useBusy, useFocusOnSwitch, useFormError } from './account-form.tsx';
import { CloseButton, Dialog } from './Dialog.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { useHydratedStore } from '../shared/hooks.ts';
import { ROUTES } from '../../lib/routes.ts';

/** Milliseconds from sending the code to offering "Send a new code" (docs/product.md §4's 5-second timer). */
export const RESEND_AFTER_MS = 5000;

const TITLES: Record<DrawerMode, string> = {
  login: 'Log in',
  register: 'Create account',
  forgot: 'Reset your password',
  account: 'Your account',
};

/** The header's account control: focus returns there however the drawer closed (a sheet opened
 * from a first tap's shell, a form that answered under the focus). */
const accountControl = () => document.querySelector<HTMLElement>('[data-action="account"]');

/** The account drawer (400 px): login, register and forgot-password when signed out; the account menu when signed in. */
export function AccountDrawer() {
  const { drawer } = useHydratedStore($ui, UI_CLOSED);
  const session = useHydratedStore($session, SIGNED_OUT);
  const mode: DrawerMode | null =
    drawer && session.token ? 'account' : drawer === 'account' ? 'login' : drawer;
  return (
    <Dialog
      open={mode !== null}
      onClose={closeOverlays}
      label={mode ? TITLES[mode] : 'Account'}
      className="drawer"
      returnFocus={accountControl}
    >
      <div className="sheet-head">
        <h2>{mode ? TITLES[mode] : ''}</h2>
        <CloseButton onClose={closeOverlays} />
      </div>
      {mode === 'account' && <AccountMenu name={session.name} />}
      {mode === 'login' && <LoginForm />}
      {mode === 'register' && <RegisterForm />}
      {mode === 'forgot' && <ForgotForm />}
      {mode !== 'account' && (
        <p className="legal-links">
          By continuing you agree to our <a href={ROUTES.terms}>Terms of Service</a> and{' '}
          <a href={ROUTES.privacy}>Privacy Policy</a>.
        </p>
      )}
    </Dialog>
  );
}

function AccountMenu({ name }: { name: string }) {
  return (
    <div className="account-menu">
      <p className="welcome">Welcome, {name}!</p>
      <ul>
        <li>
          <a href={ROUTES.settings}>My Setting</a>
        </li>
        <li>
          <a href={ROUTES.favourites}>My Saved Items</a>
        </li>
        <li>
          <a href={ROUTES.orders}>Your Orders</a>
        </li>
      </ul>
      <button type="button" className="button secondary" onClick={() => signOut()}>
        Sign Out
      </button>
    </div>
  );
}

function LoginForm() {
  const [busy, run] = useBusy();
  const [fields, setFields] = useState({ email: '', password: '' });
  const first = useFocusOnSwitch();
  const { fail, errorOf, clear } = useFormError(['email', 'password']);
  const edit = (next: typeof fields) => {
    clear();
    setFields(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const failure = await logIn(fields);
      if (failure) fail(failure);
      else setFields({ email: '', password: '' });
    });
  };
  return (
    <form className="account-form" onSubmit={submit} aria-busy={busy}>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={(email) => edit({ ...fields, email })}
        error={errorOf('email')}
        inputRef={first}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        value={fields.password}
        onChange={(password) => edit({ ...fields, password })}
        error={errorOf('password')}
      />
      <button type="button" className="link" onClick={() => openDrawer('forgot')}>
        Forgot password?
      </button>
      <button type="submit" className="button" disabled={busy}>
        Log In
      </button>
      <GoogleButton />
      <button type="button" className="link" onClick={() => openDrawer('register')}>
        New Customer? Create account
      </button>
    </form>
  );
}

function RegisterForm() {
  const [busy, run] = useBusy();
  const [fields, setFields] = useState({ name: '', email: '', password: '' });
  const first = useFocusOnSwitch();
  const { fail, errorOf, clear } = useFormError(['name', 'email', 'password']);
  const edit = (next: typeof fields) => {
    clear();
    setFields(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const failure = await register(fields);
      if (failure) fail(failure);
      else setFields({ name: '', email: '', password: '' });
    });
  };
  return (
    <form className="account-form" onSubmit={submit} aria-busy={busy}>
      <Field
        label="Name"
        autoComplete="name"
        value={fields.name}
        onChange={(name) => edit({ ...fields, name })}
        error={errorOf('name')}
        inputRef={first}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={(email) => edit({ ...fields, email })}
        error={errorOf('email')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={(password) => edit({ ...fields, password })}
        error={errorOf('password')}
      />
      <button type="submit" className="button" disabled={busy}>
        Create Account
      </button>
      <GoogleButton />
      <button type="button" className="link" onClick={() => openDrawer('login')}>
        Already have an account? Log in
      </button>
    </form>
  );
}

function ForgotForm() {
  const [busy, run] = useBusy();
  const [fields, setFields] = useState({ email: '', otp: '', newPassword: '' });
  const [codeSent, setCodeSent] = useState(false);
  const [canResend, setCanResend] = useState(false);
  const first = useFocusOnSwitch();
  const { fail, errorOf, clear } = useFormError(
    codeSent ? ['email', 'otp', 'newPassword'] : ['email'],
  );
  const edit = (next: typeof fields) => {
    clear();
    setFields(next);
  };
  useEffect(() => {
    if (!codeSent) return;
    setCanResend(false);
    const timer = setTimeout(() => setCanResend(true), RESEND_AFTER_MS);
    return () => clearTimeout(timer);
  }, [codeSent]);

  const requestCode = () =>
    run(async () => {
      const failure = await requestPasswordReset(fields.email);
      if (failure) fail(failure);
      else setCodeSent(true);
    });
  const resetPassword = () =>
    run(async () => {
      const failure = await setNewPassword(fields);
      if (failure) {
        fail(failure);
        return;
      }
      setFields({ email: fields.email, otp: '', newPassword: '' });
      setCodeSent(false);
      openDrawer('login');
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void (codeSent ? resetPassword() : requestCode());
  };
  return (
    <form className="account-form" onSubmit={submit} aria-busy={busy}>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={(email) => edit({ ...fields, email })}
        error={errorOf('email')}
        inputRef={first}
      />
      {codeSent && (
        <>
          <Field
            label="OTP"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={fields.otp}
            onChange={(otp) => edit({ ...fields, otp })}
            error={errorOf('otp')}
          />
          <Field
            label="New Password"
            type="password"
            autoComplete="new-password"
            value={fields.newPassword}
            onChange={(newPassword) => edit({ ...fields, newPassword })}
            error={errorOf('newPassword')}
          />
          {canResend && (
            <button type="button" className="link" onClick={() => void requestCode()}>
              Send a new code
            </button>
          )}
        </>
      )}
      <button type="submit" className="button" disabled={busy}>
        Submit
      </button>
      <button type="button" className="link" onClick={() => openDrawer('login')}>
        Back to login
      </button>
    </form>
  );
}
