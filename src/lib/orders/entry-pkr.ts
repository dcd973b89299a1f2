// A new ledger entry's rupee figure, apart from the order money rules so that the pages which
// price a cart (and load src/lib/orders/money.ts) do not carry the ledger.
import { BASE_CURRENCY } from '../currency.ts';
import { fromMinorUnits, roundedShare, toMinorUnits } from '../money.ts';
import { entryState, isRefund, type LedgerKind, type LedgerOrder } from './ledger.ts';
import { orderTotalPkr } from './money.ts';

/** The fields of an order a new ledger entry's rupee figure is read from. */
type RupeeLedger = { amountPkr: number; deliveryFee: number; rate: number } & LedgerOrder;

/**
 * A new ledger entry's rupee figure, by the one rule every entry is written with. A rupee order's
 * entry is its own amount. Another currency's is its share of a rupee whole, taken cumulatively so
 * the parts add up to the whole exactly: payments share the order's rupee total (orderTotalPkr) by
 * how much of its total they have paid; refunds share the payments' rupee figures by how much of
 * what was paid they have sent back. An order paid in full is worth its rupee total in the books,
 * and one refunded in full keeps ₨0, not the ₨2 two separate roundings leave.
 */
export function newEntryPkr(order: RupeeLedger, kind: LedgerKind, amountMinor: number): number {
  if (order.currency === BASE_CURRENCY) return fromMinorUnits(amountMinor, BASE_CURRENCY);
  const counted = (order.payments ?? []).filter((e) => entryState(order, e) !== 'released');
  const payments = counted.filter((e) => !isRefund(e));
  const paidMinor = payments.reduce((n, e) => n + toMinorUnits(e.amount, order.currency), 0);
  if (kind === 'payment') {
    const totalPkr = orderTotalPkr(order);
    const totalMinor = toMinorUnits(order.total, order.currency);
    if (totalMinor <= 0) return 0;
    return (
      roundedShare(totalPkr, paidMinor + amountMinor, totalMinor) -
      roundedShare(totalPkr, paidMinor, totalMinor)
    );
  }
  const paidPkr = payments.reduce((n, e) => n + (e.amountPkr ?? 0), 0);
  const refundedMinor = counted
    .filter(isRefund)
    .reduce((n, e) => n + toMinorUnits(e.amount, order.currency), 0);
  if (paidMinor <= 0) return 0;
  return (
    roundedShare(paidPkr, refundedMinor + amountMinor, paidMinor) -
    roundedShare(paidPkr, refundedMinor, paidMinor)
  );
}
