import { SHOP } from '../../lib/shop-info.ts';
import type { Mail } from '../mail.ts';

const minutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/** What to do if it was not the owner; `supportEmail` is the shop's setting when the mail is sent. */
const notYou = (supportEmail: string) =>
  `If this wasn't you, reset your password now with "Forgot password?" in the account menu at ${SHOP.siteUrl}, and tell us at ${supportEmail}.`;

/** The reset-code mail; `validForMs` is what is left of the code's lifetime (the whole of it for a new code). */
export function resetCodeMail(to: string, code: string, validForMs: number): Mail {
  return {
    to,
    subject: `Your ${SHOP.name} password reset code`,
    text: [
      `Your ${SHOP.name} password reset code is ${code}.`,
      '',
      `It works once and expires in ${minutes(validForMs)}. If you did not ask to reset your password, you can ignore this e-mail.`,
    ].join('\n'),
    summary: `reset code ${code}`,
  };
}

/** Tells the owner their password was changed, and what to do if it was not them. */
export function passwordChangedMail(
  to: string,
  when: Date,
  supportEmail: string = SHOP.email,
): Mail {
  return {
    to,
    subject: `Your ${SHOP.name} password was changed`,
    text: [
      `The password of your ${SHOP.name} account (${to}) was changed on ${when.toUTCString()} with a code sent to this address.`,
      'Every device that was signed in has been signed out.',
      '',
      notYou(supportEmail),
    ].join('\n'),
    summary: 'password changed',
  };
}

/** Tells the owner Google sign-in is now the way into their account (and that an unconfirmed password was removed). */
export function googleLinkedMail(
  to: string,
  passwordDropped: boolean,
  supportEmail: string = SHOP.email,
): Mail {
  const password = passwordDropped
    ? [
        '',
        'The password on this account was set before anyone confirmed this e-mail address, so we removed it and signed out every device.',
        `To sign in with a password as well, choose "Forgot password?" in the account menu at ${SHOP.siteUrl} and set a new one with the code we e-mail you.`,
      ]
    : ['', 'Every device that was signed in before has been signed out.'];
  return {
    to,
    subject: `Google sign-in is now linked to your ${SHOP.name} account`,
    text: [
      `You signed in to ${SHOP.name} with Google as ${to}. From now on, "Continue with Google" is the way into this account.`,
      ...password,
      '',
      `If this wasn't you, tell us at ${supportEmail}.`,
    ].join('\n'),
    summary: passwordDropped ? 'google linked, password removed' : 'google linked',
  };
}
