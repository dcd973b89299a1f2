import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, api, type SessionAnswer } from '../../client/api.ts';
import { ACCOUNT_TOASTS, signIn, signOut } from '../../stores/account.ts';
import { notify } from '../../stores/notices.ts';
import { $session, SIGNED_OUT } from '../../stores/session.ts';
import { $ui, closeOverlays, openDrawer, type DrawerMode, UI_CLOSED } from '../../stores/ui.ts';
import { CloseButton, Dialog } from './Dialog.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { useHydratedStore } from '../shared/hooks.ts';

/** Password-reset messages, verbatim from SPEC §8. */
export const RESET_TOASTS = {
  sent: 'OTP sent to your email.',
  sendError: 'Error sending OTP. Please try again.',
  sendFailed: 'Failed to send OTP. Please try again later.',
  updated: 'Password updated successfully. Please log in.',
  resetError: 'Failed to reset password. Please try again.',
  resetFailed: 'An error occurred. Please try again later.',
} as const;

/** Seconds after the code is sent before "Send a new code" is offered (SPEC §4's 5-second timer). */
export const RESEND_AFTER_MS = 5000;

const TITLES: Record<DrawerMode, string> = {
  login: 'Log in',
  register: 'Create account',
  forgot: 'Reset your password',
  account: 'Your account',
};

/** The account drawer (400 px): login, register and forgot-password when signed out; the account menu when signed in. */
export function AccountDrawer() {
  const { drawer } = useHydratedStore($ui, UI_CLOSED);
  const session = useHydratedStore($session, SIGNED_OUT);
  const mode: DrawerMode | null = drawer && session.token ? 'account' : drawer === 'account' ? 'login' : drawer;
  return (
    <Dialog open={mode !== null} onClose={closeOverlays} label={mode ? TITLES[mode] : 'Account'} className="drawer">
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
          By continuing you agree to our <a href="/terms-of-service">Terms of Service</a> and{' '}
          <a href="/privacy-policy">Privacy Policy</a>.
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
        <li><a href="/mySetting">My Setting</a></li>
        <li><a href="/favourites">My Saved Items</a></li>
        <li><a href="/yourOrders">Your Orders</a></li>
      </ul>
      <button type="button" className="button secondary" onClick={() => signOut()}>
        Sign Out
      </button>
    </div>
  );
}

/** Runs a login/register call and applies SPEC §8's success, failure and exception messages. */
async function authenticateWith(call: () => Promise<SessionAnswer>): Promise<boolean> {
  try {
    await signIn(await call());
    return true;
  } catch (error) {
    if (error instanceof ApiError && !error.network) notify(error.serverMessage ?? ACCOUNT_TOASTS.failed, 'error');
    else notify(ACCOUNT_TOASTS.exception, 'error');
    return false;
  }
}

function useBusy(): [boolean, (work: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  return [
    busy,
    async (work) => {
      setBusy(true);
      try {
        await work();
      } finally {
        setBusy(false);
      }
    },
  ];
}

function LoginForm() {
  const [busy, run] = useBusy();
  const [fields, setFields] = useState({ email: '', password: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (await authenticateWith(() => api.login(fields))) setFields({ email: '', password: '' });
    });
  };
  return (
    <form className="account-form" onSubmit={submit} aria-busy={busy}>
      <Field label="Email" type="email" autoComplete="email" value={fields.email} onChange={(email) => setFields({ ...fields, email })} />
      <Field label="Password" type="password" autoComplete="current-password" value={fields.password} onChange={(password) => setFields({ ...fields, password })} />
      <button type="button" className="link" onClick={() => openDrawer('forgot')}>Forgot password?</button>
      <button type="submit" className="button" disabled={busy}>Log In</button>
      <GoogleButton />
      <button type="button" className="link" onClick={() => openDrawer('register')}>New Customer? Create account</button>
    </form>
  );
}

function RegisterForm() {
  const [busy, run] = useBusy();
  const [fields, setFields] = useState({ name: '', email: '', password: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (await authenticateWith(() => api.register(fields))) setFields({ name: '', email: '', password: '' });
    });
  };
  return (
    <form className="account-form" onSubmit={submit} aria-busy={busy}>
      <Field label="Name" autoComplete="name" value={fields.name} onChange={(name) => setFields({ ...fields, name })} />
      <Field label="Email" type="email" autoComplete="email" value={fields.email} onChange={(email) => setFields({ ...fields, email })} />
      <Field label="Password" type="password" autoComplete="new-password" value={fields.password} onChange={(password) => setFields({ ...fields, password })} />
      <button type="submit" className="button" disabled={busy}>Create Account</button>
      <GoogleButton />
      <button type="button" className="link" onClick={() => openDrawer('login')}>Already have an account? Log in</button>
    </form>
  );
}

function ForgotForm() {
  const [busy, run] = useBusy();
  const [fields, setFields] = useState({ email: '', otp: '', newPassword: '' });
  const [codeSent, setCodeSent] = useState(false);
  const [canResend, setCanResend] = useState(false);
  useEffect(() => {
    if (!codeSent) return;
    setCanResend(false);
    const timer = setTimeout(() => setCanResend(true), RESEND_AFTER_MS);
    return () => clearTimeout(timer);
  }, [codeSent]);

  const requestCode = () =>
    run(async () => {
      try {
        const answer = await api.requestReset(fields.email);
        notify(answer.msg || RESET_TOASTS.sent, 'success');
        setCodeSent(true);
      } catch (error) {
        notify(error instanceof ApiError && !error.network ? (error.serverMessage ?? RESET_TOASTS.sendError) : RESET_TOASTS.sendFailed, 'error');
      }
    });
  const resetPassword = () =>
    run(async () => {
      try {
        await api.resetPassword(fields);
        notify(RESET_TOASTS.updated, 'success');
        setFields({ email: fields.email, otp: '', newPassword: '' });
        setCodeSent(false);
        openDrawer('login');
      } catch (error) {
        notify(error instanceof ApiError && !error.network ? (error.serverMessage ?? RESET_TOASTS.resetError) : RESET_TOASTS.resetFailed, 'error');
      }
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void (codeSent ? resetPassword() : requestCode());
  };
  return (
    <form className="account-form" onSubmit={submit} aria-busy={busy}>
      <Field label="Email" type="email" autoComplete="email" value={fields.email} onChange={(email) => setFields({ ...fields, email })} />
      {codeSent && (
        <>
          <Field label="OTP" inputMode="numeric" autoComplete="one-time-code" value={fields.otp} onChange={(otp) => setFields({ ...fields, otp })} />
          <Field label="New Password" type="password" autoComplete="new-password" value={fields.newPassword} onChange={(newPassword) => setFields({ ...fields, newPassword })} />
          {canResend && (
            <button type="button" className="link" onClick={() => void requestCode()}>Send a new code</button>
          )}
        </>
      )}
      <button type="submit" className="button" disabled={busy}>Submit</button>
      <button type="button" className="link" onClick={() => openDrawer('login')}>Back to login</button>
    </form>
  );
}

function Field({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
}) {
  const id = `account-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} type={type} autoComplete={autoComplete} inputMode={inputMode} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
