// What the staff desk's calls answer (/api/desk/*), apart from src/lib/messages.ts: a module is
// never split between bundles, so these in the catalogue the storefront shares with the desk would
// reach every shopper's page (measured: the shared chunk carried the desk's answers to /favourites).

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

/** What the staff desk's calls answer (/api/desk/*); only the API sends these. */
export const DESK_ANSWERS = {
  signInRequired: 'Please sign in to the desk to continue.',
  sessionEnded: 'Your desk session has ended. Please sign in again.',
  shopperToken: 'This is a shopper sign-in. The desk needs a staff sign-in.',
  ownerOnly: 'Only the owner can do this.',
  personalDataOnly:
    "Customers' personal data (names, e-mails, phones, addresses, the customer look-up) is for the owner and the members the owner allows. Ask the owner to allow you.",
  ownersHavePersonalData: (email: string) =>
    `${email} is an owner: owners always see customers' personal data.`,
  personalDataSet: (email: string, allowed: boolean) =>
    allowed
      ? `${email} may now see customers' personal data: names, e-mails, phones, addresses and the customer look-up.`
      : `${email} no longer sees customers' personal data.`,
  personalDataUnchanged: (email: string, allowed: boolean) =>
    allowed
      ? `${email} already sees customers' personal data.`
      : `${email} already does not see customers' personal data.`,
  refundsOnly:
    'Refunds are for the owner and the members the owner allows. Ask the owner to allow you.',
  ownersHaveRefunds: (email: string) => `${email} is an owner: owners may always send refunds.`,
  refundsSet: (email: string, allowed: boolean) =>
    allowed ? `${email} may now send refunds.` : `${email} may no longer send refunds.`,
  refundsUnchanged: (email: string, allowed: boolean) =>
    allowed ? `${email} may already send refunds.` : `${email} already may not send refunds.`,
  salesOnly:
    'Sales figures (the business view and the orders export) are for the owner and the members the owner allows. Ask the owner to allow you.',
  ownersHaveSales: (email: string) => `${email} is an owner: owners always see sales figures.`,
  salesSet: (email: string, allowed: boolean) =>
    allowed
      ? `${email} may now see sales figures: the business view and the orders export.`
      : `${email} no longer sees sales figures.`,
  salesUnchanged: (email: string, allowed: boolean) =>
    allowed
      ? `${email} already sees sales figures.`
      : `${email} already does not see sales figures.`,
  publishOnly:
    'Publishing the catalogue is for the owner and the members the owner allows. Your changes are saved as a draft: ask the owner to publish them.',
  ownersHavePublish: (email: string) =>
    `${email} is an owner: owners may always publish the catalogue.`,
  publishSet: (email: string, allowed: boolean) =>
    allowed
      ? `${email} may now publish the catalogue.`
      : `${email} may no longer publish the catalogue.`,
  publishUnchanged: (email: string, allowed: boolean) =>
    allowed
      ? `${email} may already publish the catalogue.`
      : `${email} already may not publish the catalogue.`,
  badSignIn: 'The e-mail, password or code is wrong.',
  tooManySignIns: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  slowSignIns: (wait: number) =>
    `Too many sign-in attempts for this account. Please try again in ${seconds(wait)}.`,
  slowCodes: (wait: number) => `Too many wrong codes. Please try again in ${seconds(wait)}.`,
  tooManyInvitations: 'Too many invitation attempts. Please wait a few minutes and try again.',
  signedIn: 'Signed in to the desk.',
  signedInWithPasskey: 'Signed in to the desk with your passkey.',
  passkeyRefused:
    'That passkey could not sign you in. Please try again, or use your password and code.',
  passkeyExpired: 'The passkey request has expired or was already used. Please try again.',
  passkeyAdded: (name: string) => `Passkey “${name}” added. You can now sign in with it alone.`,
  passkeyNotAdded: 'The passkey could not be added. Please try again.',
  passkeyTaken: 'This passkey is already added to the desk.',
  tooManyPasskeys: (max: number) =>
    `You have ${max} passkeys, the most a member may have. Remove one first.`,
  passkeyRemoved: (name: string) => `Passkey “${name}” removed.`,
  passkeyNotFound: 'You have no such passkey.',
  tooManyPasskeyTries: 'Too many passkey attempts. Please wait a few minutes and try again.',
  signedOut:
    'Signed out of the desk on every device. Push alerts are now off on all your devices, this one included: after you sign in again, turn them on in Settings.',
  signedOutPasskeysRemoved: (n: number) =>
    `Signed out of the desk on every device, and your ${n === 1 ? 'passkey was' : `${n} passkeys were`} removed. Push alerts are now off on all your devices, this one included: after you sign in again, turn them on in Settings.`,
  proofNeeded:
    'To add a passkey, confirm it is you: enter your password and a code from your authenticator app, or use a passkey you already have.',
  proofRefused:
    'That password and code do not confirm it is you. Check them (each code works once) and try again.',
  noPasskeyForProof:
    'You have no passkey yet. Confirm it is you with your password and a code from your authenticator app.',
  passkeyProofRefused:
    'That passkey does not confirm it is you. Please try again, or use your password and code.',
  staffPasskeyRemoved: (name: string, member: string) =>
    `Passkey “${name}” of ${member} removed. It signs no one in any more.`,
  staffPasskeyNotFound: 'That member has no such passkey.',
  badInvitation:
    'This invitation link is not valid or has expired. Please ask the owner for a new one.',
  setPasswordFirst: 'Please set your password first.',
  passwordSet:
    'Password set. Add the key to your authenticator app, then enter the code it shows to finish.',
  badCode: 'The code is wrong. Check the authenticator app and try again.',
  enrolled: 'Your desk account is ready. You are signed in.',
  invited: (email: string) => `Invitation sent to ${email}. The link works for 48 hours.`,
  staffExists: 'This e-mail already belongs to an active staff member.',
  staffNotFound: 'No such staff member.',
  notYourself: 'You cannot change your own role or remove yourself.',
  lastOwner: 'The shop needs an owner. Make someone else owner first.',
  staffChanged: 'This staff member was just changed by someone else. Reload to see it.',
  roleChanged: (email: string, role: string) => `${email} is now ${role}.`,
  roleUnchanged: (email: string, role: string) => `${email} is already ${role}.`,
  removed: (email: string) => `${email} has been removed from the desk.`,
  orderNotFound: 'Order not found.',
  ambiguousNumber: (number: string) =>
    `More than one order ends in #${number}. Please use the full order id.`,
  unknownStatus: (text: string) =>
    `Unknown status "${text}". Use Order Placed, Packing, Out for Delivery, Delivered or Cancelled.`,
  movedBySomeoneElse: (status: string, who: string) =>
    `This order was just moved to ${status} by ${who}. Reload to see it.`,
  reasonRequired: 'A cancel by the shop needs a reason.',
  shippingOnlyOut: 'A courier and tracking number go only with Out for Delivery.',
  moved: (number: string, status: string) => `Order #${number} is now ${status}.`,
  badDates: 'The start date must not be after the end date.',
} as const;

/** What the desk's browser says about a passkey when the device, not the server, says no. */
export const PASSKEY_DEVICE_MESSAGES = {
  cancelled:
    'No passkey was used (cancelled or timed out). Try again, or sign in with your password and code.',
  unsupported: 'This browser cannot use passkeys. Please sign in with your password and code.',
  alreadyAdded: 'This device already has a passkey for the desk.',
} as const;
