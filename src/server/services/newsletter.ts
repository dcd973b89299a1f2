import { createHash, randomBytes } from 'node:crypto';
import { NEWSLETTER_MESSAGES } from '../../lib/messages.ts';
import type { NewsletterAnswer } from '../../lib/contract/responses.ts';
import type { Deps } from '../deps.ts';
import type { Config } from '../config.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import { sendMail } from '../mail.ts';
import {
  NEWSLETTER_MAIL_PER_EMAIL,
  NEWSLETTER_PER_ADDRESS,
  throttle,
  withinLimit,
} from './throttle.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The confirmation link a mail carries: the shop's address, or the request's own origin locally. */
function confirmLink(config: Config, origin: string, token: string): string {
  return new URL(`/api/newsletter/confirm?token=${token}`, config.SITE_URL ?? origin).href;
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
  origin: string,
  waitUntil?: WaitUntil,
): Promise<NewsletterAnswer> {
  await throttle(deps.store, [[NEWSLETTER_PER_ADDRESS, ip]], NEWSLETTER_MESSAGES.tooMany, {
    addressFactor: deps.config.THROTTLE_ADDRESS_FACTOR,
  });
  inBackground(
    'newsletter',
    async () => {
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
          confirmLink(deps.config, origin, token),
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

/** Confirms the subscription a link's token names. */
export async function confirmSubscription(deps: Deps, token: string): Promise<boolean> {
  if (!/^[\w-]{16,64}$/.test(token)) return false;
  return (await deps.store.subscribers.confirm(hashToken(token))) !== null;
}
