// The invitation's page (/desk/invite#token=…): set a password, add the desk to an authenticator
// app (the key, its otpauth link and a QR code), confirm with the app's code, and the desk opens
// signed in. The token rides in the address's fragment, so it never reaches a server log; it is
// taken out of the address at once. A button whose call is out says it is busy (aria-disabled)
// rather than being disabled, which would drop focus to the page.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  $enrolment,
  carryingAddress,
  confirmInvitation,
  setInvitationPassword,
} from '../../stores/desk-invite.ts';
import { LiveRegion } from './LiveRegion.tsx';
import { Field } from './Field.tsx';
import { QrCode } from './QrCode.tsx';
import { pressWhenIdle } from './focus-after.ts';

function tokenOfHash(): string {
  return new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? '';
}

/** The whole invitation page. */
export default function InviteApp() {
  const [token] = useState(() => (typeof location === 'undefined' ? '' : tokenOfHash()));
  const { data: enrol, busy } = useStore($enrolment);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (location.hash) history.replaceState(null, '', location.pathname);
  }, []);
  useEffect(() => {
    if (enrol) heading.current?.focus();
  }, [enrol]);

  function setPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    void setInvitationPassword(
      token,
      String(form.get('password') ?? ''),
      String(form.get('repeat') ?? ''),
    );
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    void confirmInvitation(token, code).then((started) => {
      if (started) location.assign(carryingAddress('/desk#/orders'));
    });
  }

  if (!token)
    return (
      <main className="desk-main desk-narrow">
        <h1>Desk invitation</h1>
        <p>
          This page needs the link from your invitation e-mail. Please open the link again, or ask
          the owner for a new invitation.
        </p>
      </main>
    );

  return (
    <main className="desk-main desk-narrow">
      <h1 ref={heading} tabIndex={-1}>
        {enrol ? 'Add the desk to your authenticator' : 'Set your desk password'}
      </h1>
      <LiveRegion />
      {enrol === null ? (
        <form className="desk-form" onSubmit={setPassword}>
          <Field
            label="New password (at least 8 characters)"
            hint="Three or four unrelated words work well. Not your e-mail, not the shop's name, no repeated characters or sequences such as 12345678."
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            maxLength={128}
            required
          />
          <Field
            label="The same password again"
            name="repeat"
            type="password"
            autoComplete="new-password"
            required
          />
          <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
            Set password
          </button>
        </form>
      ) : (
        <>
          <p>
            Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
            2FAS…) or, on this phone, open the link. You can also type the key by hand.
          </p>
          <QrCode text={enrol.otpauthUri} label={`QR code for ${enrol.email}`} />
          <p>
            <a href={enrol.otpauthUri}>Add to an authenticator app on this phone</a>
          </p>
          <p>
            Key: <code data-testid="totp-secret">{enrol.secret}</code>
          </p>
          <form className="desk-form" onSubmit={confirm}>
            <Field
              label="6-digit code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
            />
            <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
              Finish and sign in
            </button>
          </form>
        </>
      )}
    </main>
  );
}
