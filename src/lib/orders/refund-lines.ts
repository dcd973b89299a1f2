// A refund by line: staff choose which of an order's lines (and how many of each), and whether the
// delivery fee goes back; the amount follows from what those lines cost the shopper, in the order's
// currency. Each line is valued cumulatively (the first of two sleeves and the second add up to the
// line exactly), and a line or the fee is never refunded beyond what the order holds of it.
import { convertAmount, roundedShare, toMinorUnits } from '../money.ts';
import {
  isRefund,
  settledEntries,
  pendingRefunds,
  type LedgerOrder,
  type RefundedLine,
} from './ledger.ts';
import { orderLineAmounts } from './order-lines.ts';

/** The line index that stands for the delivery fee. */
export const DELIVERY_FEE_LINE = -1;

/** The fields of an order a refund by line reads. */
export interface RefundableOrder extends LedgerOrder {
  items: readonly {
    productName: string;
    selectedColor: string;
    quantity: number;
    lineTotal: number;
  }[];
  rate: number;
  amount: number;
  deliveryFee: number;
  returnRequest?: {
    kind: string;
    state: string;
    lines: readonly { line: number; quantity: number }[];
  };
}

/** What was refunded so far (or is being sent): quantities by line index, and the fee. */
export function refundedSoFar(order: RefundableOrder): Map<number, number> {
  const refunded = new Map<number, number>();
  const entries = [...settledEntries(order), ...pendingRefunds(order)].filter(
    (e) => isRefund(e) && e.lines,
  );
  for (const e of entries)
    for (const l of e.lines!) refunded.set(l.index, (refunded.get(l.index) ?? 0) + l.quantity);
  // A return refunded before refunds carried their lines: its lines were what it paid back.
  const r = order.returnRequest;
  if (entries.length === 0 && r?.kind === 'return' && r.state === 'refunded')
    for (const l of r.lines) refunded.set(l.line, (refunded.get(l.line) ?? 0) + l.quantity);
  return refunded;
}

/** Each line's total in the order's currency, in minor units. */
function lineMinors(
  order: Pick<RefundableOrder, 'items' | 'rate' | 'amount' | 'currency'>,
): number[] {
  const converted =
    orderLineAmounts(order) ??
    order.items.map((i) => convertAmount(i.lineTotal, order.rate, order.currency));
  return converted.map((amount) => toMinorUnits(amount, order.currency));
}

/** Why chosen lines cannot be refunded. */
export type RefundLinesRefusal =
  | { kind: 'unknown-line'; line: number }
  | { kind: 'too-many'; productName: string; left: number }
  | { kind: 'fee-again' }
  | { kind: 'empty' };

/**
 * What refunding `lines` is worth in the order currency's minor units, or why they cannot be
 * refunded: a line not on the order, more of a line than is left of it, or the fee twice.
 */
export function refundLinesValue(
  order: RefundableOrder,
  lines: readonly RefundedLine[],
): { minor: number } | RefundLinesRefusal {
  return valueOfLines(order, lines, refundedSoFar(order));
}

/** refundLinesValue over what was refunded so far as given (the desk's form has it per line). */
export function valueOfLines(
  order: Omit<RefundableOrder, keyof LedgerOrder | 'returnRequest'> & { currency: string },
  lines: readonly RefundedLine[],
  so: ReadonlyMap<number, number>,
): { minor: number } | RefundLinesRefusal {
  if (lines.length === 0) return { kind: 'empty' };
  const minors = lineMinors(order);
  let minor = 0;
  const asked = new Map<number, number>();
  for (const l of lines) asked.set(l.index, (asked.get(l.index) ?? 0) + l.quantity);
  for (const [index, quantity] of asked) {
    const before = so.get(index) ?? 0;
    if (index === DELIVERY_FEE_LINE) {
      if (before > 0 || quantity !== 1) return { kind: 'fee-again' };
      minor += toMinorUnits(order.deliveryFee, order.currency);
      continue;
    }
    const item = order.items[index];
    if (!item) return { kind: 'unknown-line', line: index };
    if (before + quantity > item.quantity)
      return { kind: 'too-many', productName: item.productName, left: item.quantity - before };
    const line = minors[index]!;
    minor +=
      roundedShare(line, before + quantity, item.quantity) -
      roundedShare(line, before, item.quantity);
  }
  return { minor };
}
