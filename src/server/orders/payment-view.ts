// How the desk shows an order's ledger: the wallet number, each payment and refund, what is still
// due, the state that follows, and each entry as an event on the order's timeline. Every figure is
// derived from the ledger's entries (src/lib/orders/ledger.ts).
import type { DeskEvent } from '../../lib/contract/desk.ts';
import { karachiTime } from '../../lib/desk.ts';
import { formatMoney } from '../../lib/money.ts';
import {
  entryState,
  fromMinor,
  isRefund,
  ledgerSums,
  type LedgerOrder,
} from '../../lib/orders/ledger.ts';
import { paymentLabel } from '../../lib/payments.ts';
import { isWalletMethod } from '../../lib/wallet.ts';
import type { OrderRecord } from '../store/port.ts';

export { fromMinor } from '../../lib/orders/ledger.ts';

/** What has been paid on an order so far, in its currency's smallest unit. */
export const paidMinor = (o: LedgerOrder) => ledgerSums(o).paidMinor;

/** What is still owed on an order, in its currency's smallest unit (never below 0). */
export const dueMinor = (o: LedgerOrder) => ledgerSums(o).dueMinor;

/**
 * The desk's view of an order's ledger: the wallet number (and the requests the shop sent it through
 * the wallet's API), each entry, what is due and held.
 */
export function paymentView(o: OrderRecord) {
  const sums = ledgerSums(o);
  return {
    walletNumber: o.walletNumber ?? null,
    ...(isWalletMethod(o.paymentMethod) && o.card
      ? { walletRequests: [...(o.card.earlier ?? []), o.card.reference] }
      : {}),
    payments: (o.payments ?? []).map((p) => ({
      id: p.id,
      kind: p.kind ?? ('payment' as const),
      at: p.at,
      atKarachi: karachiTime(p.at),
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      by: p.by.email,
      pending: entryState(o, p) === 'pending',
      released: entryState(o, p) === 'released',
      note: p.note ?? null,
    })),
    due: fromMinor(sums.dueMinor, o.currency),
    refunded: fromMinor(sums.refundedMinor, o.currency),
    held: fromMinor(sums.heldMinor, o.currency),
    refundable: fromMinor(Math.max(0, sums.refundableMinor), o.currency),
    surplus: fromMinor(sums.surplusMinor, o.currency),
  };
}

/** The details only a payment, a refund or a return step carries, for the events without them. */
export const NO_DETAILS = {
  returnStep: null,
  method: null,
  amount: null,
  reference: null,
} as const;

/**
 * The timeline with each ledger entry as a payment or refund event at its time: its method, amount
 * and reference (the status unchanged; the same words in the note, for readers of the note alone).
 */
export function withPaymentEvents(events: DeskEvent[], o: OrderRecord): DeskEvent[] {
  const payments: DeskEvent[] = (o.payments ?? [])
    .filter((p) => entryState(o, p) !== 'released')
    .map((p) => ({
      kind: isRefund(p) ? 'refund' : 'payment',
      returnStep: null,
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      at: p.at,
      atKarachi: karachiTime(p.at),
      from: p.status,
      to: p.status,
      by: p.by.email,
      note: `${isRefund(p) ? (entryState(o, p) === 'pending' ? 'Refund being sent' : 'Refund sent') : 'Payment received'}: ${formatMoney(p.amount, o.currency)} by ${paymentLabel(p.method)}${
        p.reference ? ` (reference ${p.reference})` : ''
      }${p.note ? `. Reason: ${p.note}` : ''}`,
    }));
  return [...events, ...payments].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
