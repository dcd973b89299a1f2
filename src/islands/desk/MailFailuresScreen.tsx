// Shopper mails that failed (order confirmations and status mails): newest first, each with its
// order, address, subject, the error, tries, state, when it failed and the next automatic try
// (Karachi time), and a Resend button. The server's answer to a resend is shown as it came.
import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { karachiTime } from '../../lib/desk.ts';
import { routeHref } from '../../lib/desk-view.ts';
import { MAIL_STATE_LABEL } from '../../lib/desk-ops-view.ts';
import {
  $mailFailures,
  $mailShowsAll,
  loadMailFailures,
  resendMail,
} from '../../stores/desk-mail.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** The failed mails screen. */
export default function MailFailuresScreen() {
  const all = useStore($mailShowsAll);
  const mailFailures = useStore($mailFailures);
  const { data: failures, busy } = mailFailures;
  const allId = useId();
  // A resent mail leaves the list of waiting ones with its button: focus goes to the message.
  const focusAfter = useFocusAfter();

  useEffect(() => {
    void loadMailFailures();
  }, []);

  return (
    <>
      <p className="desk-check">
        <input
          id={allId}
          type="checkbox"
          checked={all}
          onChange={(e) => void loadMailFailures(e.currentTarget.checked)}
        />
        <label htmlFor={allId}>Show sent mails too</label>
      </p>
      {failures === null ? (
        <NotLoaded resource={mailFailures} retry={loadMailFailures} />
      ) : failures.length === 0 ? (
        <p>{all ? 'No mail has failed.' : 'No failed mail is waiting.'}</p>
      ) : (
        <ul className="desk-staff desk-mails">
          {failures.map((f) => (
            <li key={f.id}>
              <a href={routeHref('orders/:order', { order: f.number })}>
                <strong>#{f.number}</strong>
              </a>
              {f.to !== null && ` · ${f.to}`}
              <br />
              {f.subject}
              <br />
              <span className="desk-error-text">{f.error}</span>
              <br />
              <span className="desk-hint">
                {f.attempts === 1 ? '1 try' : `${f.attempts} tries`} · {MAIL_STATE_LABEL[f.state]} ·
                failed {f.failedAtKarachi}
                {f.nextTryAt && ` · next try ${karachiTime(f.nextTryAt)}`}
                {f.sentAt && ` · sent ${karachiTime(f.sentAt)}${f.sentBy ? ` by ${f.sentBy}` : ''}`}
              </span>
              {f.state !== 'sent' && (
                <span className="desk-row">
                  <button
                    type="button"
                    className="desk-button"
                    {...pressWhenIdle(
                      busy,
                      () => void resendMail(f.id).then(() => focusAfter(theMessage)),
                    )}
                  >
                    Resend
                    <span className="visually-hidden">
                      {' '}
                      the mail {f.to === null ? `about #${f.number}` : `to ${f.to}`}
                    </span>
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
