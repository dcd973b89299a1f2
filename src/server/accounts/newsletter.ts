import { createHash, randomBytes } from 'node:crypto';
import { NEWSLETTER_MESSAGES } from '../../lib/messages.ts';
import type { NewsletterAnswer } from '../../lib/contract/responses.ts';
import type { Deps } from '../deps.ts';
import type { Config } from '../config.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import { mailOrigin, sendMail } from '../mail.ts';
import { PENDING_SUBSCRIPTION_MS } from '../store/port.ts';
import {
  NEWSLETTER_MAIL_PER_EMAIL,
  NEWSLETTER_PER_ADDRESS,
  throttle,
  withinLimit,
} from '../operations/index.ts';

export { PENDING_SUBSCRIPTION_MS };

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The confirmation link a mail carries: on the shop's address (SITE_URL, required in production),
 * or locally on http://localhost:PORT, never on whatever Host a request named.
 */
function confirmLink(config: Pick<Config, 'SITE_URL' | 'PORT'>, token: string): string {
  return new URL(`/api/newsletter/confirm?token=${token}`, mailOrigin(config)).href;
}

/**
 * Records a sign-up and sends the double opt-in mail in the background. Every request answers the
 * same, whether the address is new, pending or confirmed, so the answer reveals nothing; a pending
 * address gets at most one mail in 10 minutes, and a confirmed one none.
 */
export async function subscribe(
  deps: Deps,
  email: string,
  ip: string,
  waitUntil?: WaitUntil,
): Promise<NewsletterAnswer> {
  await throttle(deps.store, [[NEWSLETTER_PER_ADDRESS, ip]], NEWSLETTER_MESSAGES.tooMany, {
    addressFactor: deps.config.THROTTLE_ADDRESS_FACTOR,
  });
  inBackground(
    'newsletter',
    async () => {
      // Expired pending sign-ups are purged on write: every sign-up deletes them first.
      await deps.store.subscribers.purgeExpired();
      const existing = await deps.store.subscribers.get(email);
      if (existing?.status === 'confirmed') return;
      if (!(await withinLimit(deps.store, NEWSLETTER_MAIL_PER_EMAIL, email))) return;
      const token = randomBytes(24).toString('base64url');
      await deps.store.subscribers.request(email, hashToken(token));
      await sendMail(deps.config, {
        to: email,
        subject: 'Please confirm your Bastaa newsletter subscription',
        text: [
          'Hello,',
          '',
          'Someone, hopefully you, asked to receive the Bastaa newsletter at this address.',
          'To confirm, open this link:',
          confirmLink(deps.config, token),
          '',
          'If it was not you, ignore this e-mail: nothing will be sent to you.',
        ].join('\n'),
        summary: 'newsletter confirmation link',
      });
    },
    waitUntil,
  );
  return { success: true, message: NEWSLETTER_MESSAGES.checkInbox };
}

/** A token as mailed: 24 random bytes in base64url (a wider range is accepted, nothing else). */
const TOKEN = /^[\w-]{16,64}$/;

/**
 * Confirms the subscription a link's token names, in one conditional update: only a pending one
 * whose link was mailed at most PENDING_SUBSCRIPTION_MS ago.
 */
export async function confirmSubscription(deps: Deps, token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  return (await deps.store.subscribers.confirm(hashToken(token))) !== null;
}

/** What the confirmation link's path was asked: a GET of the mailed link, or the form's POST. */
export type ConfirmationRequest = { method: 'GET' | 'POST'; token: string };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The small page the link's path answers (no script: the site's CSP allows none here). */
function page(heading: string, body = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Bastaa newsletter</title></head><body><main><h1>${escapeHtml(heading)}</h1>${body}<p><a href="/">Back to the shop</a></p></main></body></html>`;
}

/**
 * The confirmation link's page. A GET (what a mail scanner pre-opening the link makes) changes
 * nothing: for a link that still works it shows a Confirm button, a form POSTing the token to the
 * same path; only that POST confirms. A malformed, unknown, used or expired (over 7 days) link
 * answers 400 with the bad-link page.
 */
export async function newsletterConfirmation(
  deps: Deps,
  { method, token }: ConfirmationRequest,
): Promise<{ status: number; html: string }> {
  const bad = { status: 400, html: page(NEWSLETTER_MESSAGES.badLink) };
  if (!TOKEN.test(token)) return bad;
  if (method === 'POST')
    return (await confirmSubscription(deps, token))
      ? { status: 200, html: page(NEWSLETTER_MESSAGES.confirmed) }
      : bad;
  if (!(await deps.store.subscribers.findPending(hashToken(token)))) return bad;
  const form = `<p>${escapeHtml(NEWSLETTER_MESSAGES.confirmPrompt)}</p><form method="post" action="/api/newsletter/confirm"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(NEWSLETTER_MESSAGES.confirmButton)}</button></form>`;
  return { status: 200, html: page(NEWSLETTER_MESSAGES.confirmTitle, form) };
}
