// What a wallet taken through its API adds to the wallet number: the last six digits of the
// holder's CNIC (JazzCash asks them), and the timeline's note of a request the phone did not
// approve. Kept apart from ./wallet.ts so /Checkout's first JavaScript does not carry it: only the
// form's validation, loaded on first focus, and the order page need it.

/** What is wrong with the CNIC digits, word for word. */
export const CNIC_MESSAGES = {
  required: 'The last 6 digits of your CNIC are required',
  invalid: 'CNIC last 6 digits must be exactly 6 digits',
} as const;

/** The timeline's note when a wallet's payment request was rejected (or not approved) on the phone. */
export const WALLET_DECLINED_NOTE = 'Payment not approved on the phone';

/** Whether `typed` is the last six digits of a CNIC, as JazzCash's mobile account asks them. */
export const isCnicLast6 = (typed: string | undefined) => /^\d{6}$/.test(typed?.trim() ?? '');

/** What is wrong with the CNIC digits typed for a wallet that asks them, or null. */
export function cnicError(typed: string | undefined): string | null {
  if (!typed?.trim()) return CNIC_MESSAGES.required;
  return isCnicLast6(typed) ? null : CNIC_MESSAGES.invalid;
}

/** What the shopper is told about switching a wallet order to Cash on Delivery, word for word. */
export const WALLET_COD_MESSAGES = {
  switched: 'Your order is now Cash on Delivery: pay in cash when it arrives.',
  notWallet: 'This order is not waiting for a mobile wallet payment.',
  stillWaiting:
    'Your payment request is still waiting on your phone: approve or reject it there first.',
} as const;
