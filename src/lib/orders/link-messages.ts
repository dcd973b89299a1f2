// What a mailed order link's page and call say (asserted verbatim by the tests). Apart from
// ../messages.ts, which every page loads: only the order page and the server need these.

export const ORDER_LINK_MESSAGES = {
  // A link that is altered, expired or not the shop's: one answer for all.
  expired: 'This order link has expired. Log in to see your order.',
  signIn: 'Log in to pay for, cancel or return this order.',
  // A COD order's Confirm / Cancel link altered, expired or of another order: one answer for all.
  confirmExpired:
    'This confirmation link is not valid or has expired. Please contact us to confirm your order.',
} as const;
