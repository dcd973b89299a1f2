// The shop's books: every figure the business view shows, derived from the orders' ledgers by one
// identity, in rupees. An order's rupee worth is orderTotalPkr; an entry's rupee figure is the one
// it was written with (newEntryPkr), so the sums of a paid or refunded order are exact.
//
// Per order not cancelled, with V its rupee total, P its payments, R its refunds sent:
//   held        H = P − R                       (what the shop keeps of it)
//   outstanding D = max(0, V − P)               (still to be paid)
//   refund due  S = max(0, H − V)               (held beyond its worth)
//   returned    T = max(0, R − max(0, P − V))   (refunds beyond repaying an overpayment: returns,
//                                                agreed reductions)
// where V includes the exchange fees paid on it (a payment whose purpose is an exchange's shipping:
// money earned, not held beyond the order's worth),
// and for a cancelled order H is all due back (S = H), with V, D and T counted as 0. Then for any
// set of orders:
//
//   collected − refunded = net kept
//   net kept + outstanding − refund due = sales − returned
//
// where sales is Σ V of the orders not cancelled. Each per-method line sums to the totals. A card
// order still awaiting its payment (or declined) with no money in is not a sale yet and is left
// out whole; the caller marks it `awaitingCard` only while nothing was collected on it, so every
// rupee received is in `collected`.
import { BASE_CURRENCY } from '../currency.ts';
import { fromMinorUnits, toMinorUnits } from '../money.ts';
import {
  isExchangeFee,
  isRefund,
  settledEntries,
  type LedgerEntry,
  type LedgerOrder,
} from './ledger.ts';
import { orderTotalPkr } from './money.ts';

/** The fields of an order the books read. */
export interface BookOrder extends LedgerOrder {
  amountPkr: number;
  deliveryFee: number;
  rate: number;
  paymentMethod: string;
  /**
   * Left out of the books: an unpaid card order waiting for (or declined by) the gateway, on which
   * no money has come in (awaitsCard in src/server/orders/desk-business.ts decides it).
   */
  awaitingCard?: boolean;
}

/** One payment method's line of the books. */
export interface MethodBooks {
  method: string;
  collectedPkr: number;
  refundedPkr: number;
  /** By the order's own payment method: what its orders still owe, and how many owe. */
  outstandingPkr: number;
  outstandingOrders: number;
}

/** The books of a set of orders, in rupees (added in paisa). */
export interface Books {
  salesPkr: number;
  returnedPkr: number;
  collectedPkr: number;
  refundedPkr: number;
  netPkr: number;
  outstandingPkr: number;
  refundDuePkr: number;
  /**
   * COD "with the courier": the outstanding of COD orders delivered (the courier holds the cash it
   * collected and has not remitted yet), and how many. Part of outstandingPkr, never stored: a
   * remittance recorded on the ledger makes it collected.
   */
  codWithCourierPkr: number;
  codWithCourierOrders: number;
  methods: MethodBooks[];
}

/** An entry's rupee figure: as written, or (written before entries had one) at the order's rate. */
export function entryRupees(order: BookOrder, entry: LedgerEntry): number {
  if (entry.amountPkr !== undefined) return entry.amountPkr;
  if (order.currency === BASE_CURRENCY) return entry.amount;
  return Math.round(entry.amount / (order.rate || 1));
}

/** Rupees in paisa, the unit the books add in so that no sum carries float noise. */
const paisa = (rupees: number) => toMinorUnits(rupees, BASE_CURRENCY);
const rupees = (minor: number) => fromMinorUnits(minor, BASE_CURRENCY);

/** One order's figures under the identity above, in paisa. */
function orderPaisa(order: BookOrder) {
  const entries = settledEntries(order);
  let paid = 0;
  let refunded = 0;
  let fees = 0;
  for (const e of entries) {
    if (isRefund(e)) refunded += paisa(entryRupees(order, e));
    else paid += paisa(entryRupees(order, e));
    if (isExchangeFee(e)) fees += paisa(entryRupees(order, e));
  }
  const held = paid - refunded;
  if (order.status === 'Cancelled')
    return { sales: 0, paid, refunded, held, outstanding: 0, refundDue: held, returned: 0 };
  const worth = paisa(orderTotalPkr(order)) + fees;
  return {
    sales: worth,
    paid,
    refunded,
    held,
    outstanding: Math.max(0, worth - paid),
    refundDue: Math.max(0, held - worth),
    returned: Math.max(0, refunded - Math.max(0, paid - worth)),
  };
}

/** One order's figures under the identity above, in rupees. */
export function orderBooks(order: BookOrder) {
  const figures = orderPaisa(order);
  return Object.fromEntries(
    Object.entries(figures).map(([name, minor]) => [name, rupees(minor)]),
  ) as typeof figures;
}

/** The books of `orders` (unpaid card orders left out), with a line per payment method. */
export function books(orders: readonly BookOrder[]): Books {
  const total: Books = {
    salesPkr: 0,
    returnedPkr: 0,
    collectedPkr: 0,
    refundedPkr: 0,
    netPkr: 0,
    outstandingPkr: 0,
    refundDuePkr: 0,
    codWithCourierPkr: 0,
    codWithCourierOrders: 0,
    methods: [],
  };
  const methods = new Map<string, MethodBooks>();
  const line = (method: string) => {
    const found = methods.get(method) ?? {
      method,
      collectedPkr: 0,
      refundedPkr: 0,
      outstandingPkr: 0,
      outstandingOrders: 0,
    };
    methods.set(method, found);
    return found;
  };
  for (const order of orders) {
    if (order.awaitingCard) continue;
    const figures = orderPaisa(order);
    total.salesPkr += figures.sales;
    total.returnedPkr += figures.returned;
    total.collectedPkr += figures.paid;
    total.refundedPkr += figures.refunded;
    total.outstandingPkr += figures.outstanding;
    total.refundDuePkr += figures.refundDue;
    for (const e of settledEntries(order)) {
      const row = line(e.method);
      if (isRefund(e)) row.refundedPkr += paisa(entryRupees(order, e));
      else row.collectedPkr += paisa(entryRupees(order, e));
    }
    if (figures.outstanding > 0) {
      const row = line(order.paymentMethod);
      row.outstandingPkr += figures.outstanding;
      row.outstandingOrders++;
      if (order.paymentMethod === 'COD' && order.status === 'Delivered') {
        total.codWithCourierPkr += figures.outstanding;
        total.codWithCourierOrders++;
      }
    }
  }
  total.netPkr = total.collectedPkr - total.refundedPkr;
  const inRupees = <T extends object>(row: T): T =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === 'number' && k !== 'outstandingOrders' && k !== 'codWithCourierOrders'
          ? rupees(v)
          : v,
      ]),
    ) as T;
  return {
    ...inRupees({ ...total, methods: [] }),
    methods: [...methods.values()].sort((a, b) => a.method.localeCompare(b.method)).map(inRupees),
  };
}
