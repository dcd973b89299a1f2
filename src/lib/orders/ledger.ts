// One ledger per order: every payment and every refund is an entry on it, and everything said about
// an order's money (paid, due, refunded, its financial state, the business view's sums) is derived
// from those entries, never stored beside them. Sums are kept in the currency's smallest unit, so
// the parts always add up to the whole.
import { currencyDigits, roundToMinor, toMinorUnits } from '../money.ts';
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
}

/** The fields of an order its ledger is read from. */
export interface LedgerOrder {
  total: number;
  currency: string;
  status: OrderStatus;
  payments?: readonly LedgerEntry[];
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

/** The ledger's sums in the order currency's smallest unit. */
export interface LedgerSums {
  totalMinor: number;
  paidMinor: number;
  refundedMinor: number;
  /** Paid minus refunded: the money the shop holds for this order. */
  heldMinor: number;
  /** What is still owed on the order (never below 0; 0 once cancelled). */
  dueMinor: number;
}

/** Whether an entry is a refund (entries without a kind are payments). */
export const isRefund = (entry: Pick<LedgerEntry, 'kind'>) => entry.kind === 'refund';

/** The ledger's sums for an order. */
export function ledgerSums(order: LedgerOrder): LedgerSums {
  let paidMinor = 0;
  let refundedMinor = 0;
  for (const entry of order.payments ?? []) {
    const minor = toMinorUnits(entry.amount, order.currency);
    if (isRefund(entry)) refundedMinor += minor;
    else paidMinor += minor;
  }
  const totalMinor = toMinorUnits(order.total, order.currency);
  const dueMinor = order.status === 'Cancelled' ? 0 : Math.max(0, totalMinor - paidMinor);
  return { totalMinor, paidMinor, refundedMinor, heldMinor: paidMinor - refundedMinor, dueMinor };
}

/** The financial state that follows from an order's ledger and status. */
export function financialState(order: LedgerOrder): FinancialState {
  const { totalMinor, paidMinor, refundedMinor, heldMinor } = ledgerSums(order);
  if (order.status === 'Cancelled' && heldMinor > 0) return 'refund due';
  if (refundedMinor > 0) return heldMinor === 0 ? 'refunded' : 'partly refunded';
  if (paidMinor === 0) return 'unpaid';
  return paidMinor >= totalMinor ? 'paid' : 'partly paid';
}

/** Whether the payments cover the order's total (refunds aside): what "Paid" means to a shopper. */
export function isPaidInFull(order: LedgerOrder): boolean {
  const { totalMinor, paidMinor } = ledgerSums(order);
  return paidMinor > 0 && paidMinor >= totalMinor;
}

/** An amount in the currency's smallest unit back in the currency. */
export function fromMinor(minor: number, currency: string): number {
  return roundToMinor(minor / 10 ** currencyDigits(currency), currency);
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
): 'no-payment' | 'more-than-held' | null {
  const { paidMinor, heldMinor } = ledgerSums(order);
  if (paidMinor === 0) return 'no-payment';
  if (amountMinor > heldMinor) return 'more-than-held';
  return null;
}
