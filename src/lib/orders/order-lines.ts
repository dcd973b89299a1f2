// A stored order's lines in its own currency, by the one money convention (./money.ts): the unit
// price each line was placed at and the line, for the receipts, the mails, the invoice and the
// desk. Apart from ./money.ts so that the pages that price a cart (/Checkout) do not load them.
import { convertAmount, sumAmounts } from '../money.ts';
import { convertLineAmount } from './money.ts';

/** The fields of a stored order its lines in its own currency are read from. */
type OrderLines = {
  items: readonly { lineTotal: number; quantity: number }[];
  rate: number;
  currency: string;
  amount: number;
};

/** A stored order's line in its currency: the unit price it was placed at, and the line (unit × quantity). */
export interface OrderLinePrice {
  unit: number;
  amount: number;
}

/**
 * A stored order's lines in its currency by the one convention: each line's unit price as the order
 * was placed at it (its rupee unit at the order's rate) and the line, that unit × the quantity
 * exactly; null when they do not add up to the stored items figure (an order priced before the
 * convention, whose lines were converted whole and so have no unit that multiplies to them).
 */
export function orderLinePrices(order: OrderLines): OrderLinePrice[] | null {
  // A stored line's total is its unit price × its quantity, so the unit is their quotient.
  const lines = order.items.map((item) => {
    const unitPkr = item.lineTotal / item.quantity;
    return {
      unit: convertAmount(unitPkr, order.rate, order.currency),
      amount: convertLineAmount(unitPkr, item.quantity, order.rate, order.currency),
    };
  });
  const sum = sumAmounts(
    lines.map((line) => line.amount),
    order.currency,
  );
  return sum === order.amount ? lines : null;
}

/**
 * A stored order's lines in its currency, by the one convention (each unit at the order's rate,
 * times the quantity); for an order priced by the convention before it (each rupee line total
 * converted whole), its lines by that one; null when neither adds up to the stored items figure:
 * such an order is shown with its stored figures only, never with lines that do not add up.
 */
export function orderLineAmounts(order: OrderLines): number[] | null {
  const lines = orderLinePrices(order);
  if (lines) return lines.map((line) => line.amount);
  const wholeLines = order.items.map((item) =>
    convertAmount(item.lineTotal, order.rate, order.currency),
  );
  return sumAmounts(wholeLines, order.currency) === order.amount ? wholeLines : null;
}
