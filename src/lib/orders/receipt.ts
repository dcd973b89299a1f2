// How a placed order reads to its shopper, on the thank-you popup and on the order
// page: the short number, each line in the order's currency by the one money rule
// (src/lib/orders/money.ts), the total, and the delivery address as a postal block.
import { shortNumber } from '../desk.ts';
import { formatMoney } from '../money.ts';
import { quantityTimesUnit } from './money.ts';
import { orderLineAmounts, orderLinePrices } from './order-lines.ts';

/** What a receipt needs of an order (the contract's `Order` has all of it). */
export interface ReceiptOrder {
  _id: string;
  items: readonly {
    productId: string;
    productName: string;
    selectedColor: string;
    imageIndex: string;
    quantity: number;
    lineTotal: number;
  }[];
  rate: number;
  currency: string;
  amount: number;
  deliveryFee: number;
  total: number;
  address: {
    firstName: string;
    lastName: string;
    address1: string;
    address2?: string | undefined;
    city: string;
    state: string;
    zip: string;
    country: string;
    mobile: string;
  };
}

/** One line as the shopper reads it; `amount` is null for an order priced before the one money rule. */
export interface ReceiptLine {
  key: string;
  name: string;
  colour: string;
  quantity: number;
  /**
   * The quantity × the unit price it was placed at, "2 × ₨2,150", as the cart showed it; null for an
   * order priced before the one money rule, whose lines have no unit that multiplies to them.
   */
  unit: string | null;
  amount: string | null;
}

/** An order as its receipt shows it. */
export interface Receipt {
  /** '#3A4030A3': the number the site, the mails and the desk use. */
  number: string;
  lines: ReceiptLine[];
  items: string;
  deliveryFee: string;
  total: string;
  /** The delivery address, one postal line each, empty parts left out. */
  address: string[];
}

/** The receipt of `order`: every figure in its own currency, lines adding up to the items figure. */
export function receipt(order: ReceiptOrder): Receipt {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const amounts = orderLineAmounts(order);
  const prices = orderLinePrices(order);
  const a = order.address;
  return {
    number: `#${shortNumber(order._id)}`,
    lines: order.items.map((item, i) => ({
      key: `${i}:${item.productId}:${item.selectedColor}:${item.imageIndex}`,
      name: item.productName,
      colour: item.selectedColor,
      quantity: item.quantity,
      unit: prices ? quantityTimesUnit(item.quantity, money(prices[i]!.unit)) : null,
      amount: amounts ? money(amounts[i]!) : null,
    })),
    items: money(order.amount),
    deliveryFee: money(order.deliveryFee),
    total: money(order.total),
    address: [
      `${a.firstName} ${a.lastName}`,
      a.address1,
      a.address2 ?? '',
      [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      a.country,
      a.mobile,
    ].filter((line) => line.trim() !== ''),
  };
}
