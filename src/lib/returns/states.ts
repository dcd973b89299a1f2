// The names of a return request's kinds, steps and refund methods alone, with no imports, so the
// answer schemas can name them without bringing in the rest of the return rules (src/lib/returns/rules.ts
// re-exports them).

/** Whether the shopper wants their money back or another item. */
export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * The steps of a request: asked, then approved or refused; an approved one gets a pick-up (which
 * may be rescheduled), is received, then refunded (a return) or shipped (an exchange).
 */
export const RETURN_STATES = [
  'requested',
  'approved',
  'refused',
  'pickupScheduled',
  'received',
  'refunded',
  'exchangeShipped',
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** How a state reads to a shopper and on the desk. */
export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  pickupScheduled: 'Pick-up scheduled',
  received: 'Received',
  refunded: 'Refunded',
  exchangeShipped: 'Exchange shipped',
};

/** How a refund was paid out. */
export const REFUND_METHODS = ['Bank Transfer', 'JazzCash', 'EasyPaisa'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** The longest refund account (an IBAN or a wallet number, src/lib/returns/refund-account.ts) the form takes. */
export const REFUND_ACCOUNT_MAX = 40;
