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

/** What a failed-sign-ins mail tells: how many failed in the window, and the last one's address and time. */
export interface FailedSignIns {
  failures: number;
  windowMinutes: number;
  lastAddress: string;
  lastAt: Date;
}

/** Tells a shopper someone keeps failing to log in to their account, and that they are not locked out. */
export function failedLoginsMail(
  to: string,
  seen: FailedSignIns,
  supportEmail: string = SHOP.email,
): Mail {
  return {
    to,
    subject: `Failed logins to your ${SHOP.name} account`,
    text: [
      `Someone failed to log in to your ${SHOP.name} account (${to}) ${seen.failures} times in the last ${seen.windowMinutes} minutes, most recently from the address ${seen.lastAddress} on ${seen.lastAt.toUTCString()}. Nobody got in, and you can still log in as usual.`,
      '',
      `If this was you, there is nothing to do. If it wasn't, someone is guessing your password: choose a long one you use nowhere else with "Forgot password?" in the account menu at ${SHOP.siteUrl}, and tell us at ${supportEmail}.`,
    ].join('\n'),
    summary: `${seen.failures} failed logins, last from ${seen.lastAddress}`,
  };
}

/** Tells a desk member someone keeps failing to sign in as them, and what to do if it was not them. */
export function failedDeskSignInsMail(to: string, seen: FailedSignIns): Mail {
  return {
    to,
    subject: `Failed sign-ins to the ${SHOP.name} desk as you`,
    text: [
      `Someone failed to sign in to the ${SHOP.name} desk as ${to} ${seen.failures} times in the last ${seen.windowMinutes} minutes, most recently from the address ${seen.lastAddress} on ${seen.lastAt.toUTCString()}. Nobody got in, and you can still sign in as usual from your own device.`,
      '',
      'If this was you, there is nothing to do. If it wasn’t: the desk also asks for the code of your authenticator app, so a password alone does not get in. If you think someone knows your password, ask the owner to remove you and invite you again, which sets a new password and a new key.',
    ].join('\n'),
    summary: `${seen.failures} failed desk sign-ins, last from ${seen.lastAddress}`,
  };
}
