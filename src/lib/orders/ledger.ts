// One ledger per order: every payment and every refund is an entry on it, and everything said about
// an order's money (paid, due, refunded, its financial state, the business view's sums) is derived
// from those entries, never stored beside them. Sums are kept in the currency's minor unit (ISO
// 4217: paisa, cents, fils), so the parts always add up to the whole.
//
// A card refund is reserved before the gateway is asked: its entry is written `pending`, so a
// second refund racing it sees the money already spoken for, and is settled once the gateway
// answers (`refundOutcomes`: sent, or released when the gateway refused it). The entry itself is
// never changed; a released reservation counts for nothing.
import { fromMinorUnits, toMinorUnits } from '../money.ts';
import type { PaymentPurpose } from '../payments.ts';
import type { OrderStatus } from './status.ts';

/** Whether an entry brought money in or sent it back. */
export type LedgerKind = 'payment' | 'refund';

/** Who wrote an entry: a staff member, the operator CLI or the card gateway. */
export interface LedgerActor {
  id: string;
  email: string;
}

/**
 * One payment or refund on an order. Entries written before refunds existed carry no `kind` and
 * are payments; an entry is never changed or removed once written.
 */
export interface LedgerEntry {
  id: string;
  /** Absent on entries written before refunds existed: those are payments. */
  kind?: LedgerKind;
  at: string;
  method: string;
  /** In the order's currency, rounded to its minor unit, like the order's total. Always above 0. */
  amount: number;
  /** The same amount in rupees (the order's own rate), for the business view's sums. */
  amountPkr?: number;
  /** The bank, wallet or gateway reference; null for cash collected on delivery. */
  reference: string | null;
  by: LedgerActor;
  /** The order's status when it was written. */
  status: OrderStatus;
  /** Why a refund was made: a return, a cancelled order, or a card payment for a cancelled order. */
  reason?: 'return' | 'cancelled';
  /** A refund reserved before the gateway was asked; the order's `refundOutcomes` settles it. */
  pending?: true;
  /** What the gateway was asked to send back, in its own currency's minor units. */
  charge?: { currency: string; minor: number };
  /** The staff member's words on why the refund was made (shown on the order, kept in the audit). */
  note?: string;
  /** The lines (and the delivery fee) a refund pays back, when it was made by line. */
  lines?: RefundedLine[];
  /**
   * What a payment is for beyond the order's total: an exchange's shipping fee, charged on a paid
   * order. Money the shop earned, not a surplus: it adds to what the order is worth.
   */
  purpose?: PaymentPurpose;
}

/** Whether an entry is a payment of an exchange's shipping fee. */
export const isExchangeFee = (entry: Pick<LedgerEntry, 'kind' | 'purpose'>) =>
  entry.kind !== 'refund' && entry.purpose === 'exchange-fee';

/** One line of an order paid back by a refund: which line (its index), and how many of it. */
export interface RefundedLine {
  /** The line's index in the order's items; -1 for the delivery fee. */
  index: number;
  quantity: number;
}

/** How a pending refund ended: the gateway took it, or it was released unsent. */
export type RefundOutcome = 'sent' | 'released';

/** The fields of an order its ledger is read from. */
export interface LedgerOrder {
  total: number;
  currency: string;
  status: OrderStatus;
  payments?: readonly LedgerEntry[];
  /** Pending refunds' outcomes, by entry id. */
  refundOutcomes?: Readonly<Record<string, RefundOutcome>>;
}

/**
 * An order's financial state, derived from its ledger: nothing paid, part of the total, all of it;
 * part of the payments or all of them sent back; or a cancelled order still holding money.
 */
export const FINANCIAL_STATES = [
  'unpaid',
  'partly paid',
  'paid',
  'partly refunded',
  'refunded',
  'refund due',
] as const;
export type FinancialState = (typeof FINANCIAL_STATES)[number];

/** A financial state as the desk shows it: "Partly refunded". */
export const financialLabel = (state: FinancialState) =>
  state.charAt(0).toUpperCase() + state.slice(1);

/** The ledger's sums in the order currency's minor unit. */
export interface LedgerSums {
  totalMinor: number;
  paidMinor: number;
  /** Refunds sent (a pending one counts once the gateway took it). */
  refundedMinor: number;
  /** Refunds reserved and not yet settled. */
  pendingMinor: number;
  /** Paid minus refunded: the money the shop holds for this order. */
  heldMinor: number;
  /** What may still be refunded: held less what pending refunds have reserved. */
  refundableMinor: number;
  /** What is still owed on the order (never below 0; 0 once cancelled). */
  dueMinor: number;
  /** Held beyond what the order is worth (all of it once cancelled): a refund due. */
  surplusMinor: number;
}

/** Whether an entry is a refund (entries without a kind are payments). */
export const isRefund = (entry: Pick<LedgerEntry, 'kind'>) => entry.kind === 'refund';

/** Whether an entry counts: every payment, a refund sent, a pending refund not yet settled. */
export function entryState(
  order: Pick<LedgerOrder, 'refundOutcomes'>,
  entry: Pick<LedgerEntry, 'id' | 'pending'>,
): 'settled' | 'pending' | 'released' {
  if (!entry.pending) return 'settled';
  const outcome = order.refundOutcomes?.[entry.id];
  return outcome === undefined ? 'pending' : outcome === 'sent' ? 'settled' : 'released';
}

/** The entries that moved money: payments and refunds sent, no reservation still open or released. */
export function settledEntries(order: LedgerOrder): LedgerEntry[] {
  return (order.payments ?? []).filter((e) => entryState(order, e) === 'settled');
}

/** The refunds reserved and not yet settled. */
export function pendingRefunds(order: LedgerOrder): LedgerEntry[] {
  return (order.payments ?? []).filter((e) => entryState(order, e) === 'pending');
}

/** The ledger's sums for an order. */
export function ledgerSums(order: LedgerOrder): LedgerSums {
  let paidMinor = 0;
  let refundedMinor = 0;
  let pendingMinor = 0;
  // Exchange fees paid: part of what the order is worth, so never owed back as a surplus.
  let feesMinor = 0;
  for (const entry of order.payments ?? []) {
    const minor = toMinorUnits(entry.amount, order.currency);
    const state = entryState(order, entry);
    if (state === 'released') continue;
    if (isExchangeFee(entry)) feesMinor += minor;
    if (!isRefund(entry)) paidMinor += minor;
    else if (state === 'pending') pendingMinor += minor;
    else refundedMinor += minor;
  }
  const totalMinor = toMinorUnits(order.total, order.currency);
  const cancelled = order.status === 'Cancelled';
  const heldMinor = paidMinor - refundedMinor;
  return {
    totalMinor,
    paidMinor,
    refundedMinor,
    pendingMinor,
    heldMinor,
    refundableMinor: heldMinor - pendingMinor,
    dueMinor: cancelled ? 0 : Math.max(0, totalMinor - (paidMinor - feesMinor)),
    surplusMinor: Math.max(0, cancelled ? heldMinor : heldMinor - totalMinor - feesMinor),
  };
}

/** The exchange fees paid on an order (a payment's `purpose`), in its currency's minor unit. */
export function exchangeFeesMinor(order: LedgerOrder): number {
  return settledEntries(order)
    .filter(isExchangeFee)
    .reduce((n, e) => n + toMinorUnits(e.amount, order.currency), 0);
}

/** The financial state that follows from an order's ledger and status. */
export function financialState(order: LedgerOrder): FinancialState {
  const { totalMinor, paidMinor, refundedMinor, heldMinor, surplusMinor } = ledgerSums(order);
  if (surplusMinor > 0) return 'refund due';
  if (refundedMinor > 0) return heldMinor === 0 ? 'refunded' : 'partly refunded';
  if (paidMinor === 0) return 'unpaid';
  return paidMinor >= totalMinor ? 'paid' : 'partly paid';
}

/** Whether the payments cover the order's total (refunds aside): what "Paid" means to a shopper. */
export function isPaidInFull(order: LedgerOrder): boolean {
  const { totalMinor, paidMinor } = ledgerSums(order);
  return paidMinor > 0 && paidMinor >= totalMinor;
}

/** An amount in the currency's minor unit back in the currency (577500 PKR paisa → 5775). */
export function fromMinor(minor: number, currency: string): number {
  return fromMinorUnits(minor, currency);
}

/**
 * A reference as the store compares it: without case, spaces or hyphens ("TID-555", "tid 555" and
 * "TID555" are one), keyed by whether it paid or refunded and by method, so one bank transfer
 * cannot pay two orders while a refund may quote its own reference.
 */
export function referenceKey(kind: LedgerKind, method: string, reference: string): string {
  return `${kind}:${method.toLowerCase()}:${reference.toLowerCase().replace(/[ -]+/g, '')}`;
}

/** Why a refund of `amountMinor` cannot be made on the order as read, or null when it can. */
export function refundRefusal(
  order: LedgerOrder,
  amountMinor: number,
): 'no-payment' | 'more-than-held' | 'in-flight' | null {
  const { paidMinor, refundableMinor } = ledgerSums(order);
  if (paidMinor === 0) return 'no-payment';
  if (pendingRefunds(order).length > 0) return 'in-flight';
  if (amountMinor > refundableMinor) return 'more-than-held';
  return null;
}
