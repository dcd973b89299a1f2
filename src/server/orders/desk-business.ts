// The desk's view of the business: for today, the last 7 and the last 30 days (Karachi days, today
// counted), the orders placed, units and revenue in PKR (foreign orders at the rate they were
// charged at) and per currency, the top products, and cancel and return counts; and a customer
// look-up by e-mail with their orders and lifetime total.
//
// Counting rules: `orders` counts every order placed in the period; its money is the books of the
// period's orders (src/lib/orders/books.ts, one identity: collected − refunded = net kept, and net
// kept + outstanding − refund due = sales − returned), whenever that money moved. Sales, units
// (net of the lines refunded), the currency totals and the top products count only orders not
// cancelled and not still awaiting their card payment; `cancelled` counts the period's orders that
// are cancelled now; `returns` counts the return and exchange requests made in the period (of
// orders placed whenever).
import { businessPeriods, type Period } from '../../lib/desk-ops.ts';
import { karachiDay } from '../../lib/desk.ts';
import type { DeskPeriod } from '../../lib/contract/desk-ops.ts';
import type { Deps } from '../deps.ts';
import type { OrderRecord } from '../store/port.ts';
import { toDeskLine } from './desk-orders.ts';
import { books, orderBooks, type BookOrder } from '../../lib/orders/books.ts';
import { isRefund, settledEntries } from '../../lib/orders/ledger.ts';
import { isUnpaidCard } from './card-orders.ts';

/**
 * Whether an order is not a sale yet: a card order not cancelled, not paid, on which no money has
 * come in. Once any has (a bank transfer towards a card order), it is a sale like any part-paid
 * order, its remainder outstanding, so the books count every rupee the shop received.
 */
export const awaitsCard = (o: OrderRecord): boolean =>
  o.status !== 'Cancelled' && isUnpaidCard(o) && settledEntries(o).length === 0;

/** An order as the books read it: one awaiting its card is not a sale yet. */
export const bookOrder = (o: OrderRecord): BookOrder =>
  awaitsCard(o) ? { ...o, awaitingCard: true } : o;

/** How many of each line (by index) were refunded: by the refunds' own lines, else a refunded return's. */
export function refundedUnits(o: OrderRecord): Map<number, number> {
  const units = new Map<number, number>();
  const byLine = settledEntries(o).filter((e) => isRefund(e) && e.lines);
  for (const e of byLine)
    for (const l of e.lines!)
      if (l.index >= 0) units.set(l.index, (units.get(l.index) ?? 0) + l.quantity);
  const r = o.returnRequest;
  if (byLine.length === 0 && r?.kind === 'return' && r.state === 'refunded')
    for (const l of r.lines) units.set(l.line, (units.get(l.line) ?? 0) + l.quantity);
  return units;
}

/** How many products the business view ranks. */
export const TOP_PRODUCTS = 5;

/** The Karachi day the shopper asked to return or exchange (part of) the order, or null. */
export function returnDay(o: OrderRecord): string | null {
  return o.returnRequest ? karachiDay(o.returnRequest.requestedAt) : null;
}

const isCancelled = (o: OrderRecord) => o.status === 'Cancelled';

/** Totals per currency, in each currency's own amounts, most orders first. */
function perCurrency(orders: readonly OrderRecord[]) {
  const byCurrency = new Map<string, { currency: string; orders: number; total: number }>();
  for (const o of orders) {
    const row = byCurrency.get(o.currency) ?? { currency: o.currency, orders: 0, total: 0 };
    row.orders++;
    // Summed in minor units' precision: 0.1 + 0.2 must not show as 0.30000000000000004.
    row.total = Math.round((row.total + o.total) * 1000) / 1000;
    byCurrency.set(o.currency, row);
  }
  return [...byCurrency.values()].sort(
    (a, b) => b.orders - a.orders || a.currency.localeCompare(b.currency),
  );
}

/**
 * The period's figures from the orders placed in it; `returns` counts the return and exchange
 * requests made in it (of orders placed whenever).
 */
export function periodFigures(
  period: Period,
  placed: readonly OrderRecord[],
  returns: number,
): DeskPeriod {
  const sold = placed.filter((o) => !isCancelled(o) && !awaitsCard(o));
  const products = new Map<
    string,
    { productId: string; productName: string; units: number; revenuePkr: number }
  >();
  let units = 0;
  for (const o of sold) {
    const refunded = refundedUnits(o);
    o.items.forEach((i, index) => {
      const kept = Math.max(0, i.quantity - (refunded.get(index) ?? 0));
      units += kept;
      const row = products.get(i.productId) ?? {
        productId: i.productId,
        productName: i.productName,
        units: 0,
        revenuePkr: 0,
      };
      row.units += kept;
      row.revenuePkr += i.lineTotal;
      products.set(i.productId, row);
    });
  }
  const figures = books(placed.map(bookOrder));
  return {
    name: period.name,
    from: period.from,
    to: period.to,
    orders: placed.length,
    units,
    revenuePkr: figures.salesPkr,
    returnedPkr: figures.returnedPkr,
    collectedPkr: figures.collectedPkr,
    refundsPkr: figures.refundedPkr,
    netPkr: figures.netPkr,
    outstandingPkr: figures.outstandingPkr,
    refundDuePkr: figures.refundDuePkr,
    codCollectedPkr: figures.methods.find((m) => m.method === 'COD')?.collectedPkr ?? 0,
    codWithCourierPkr: figures.codWithCourierPkr,
    codWithCourierOrders: figures.codWithCourierOrders,
    methods: figures.methods,
    currencies: perCurrency(sold),
    topProducts: [...products.values()]
      .sort(
        (a, b) =>
          b.units - a.units ||
          b.revenuePkr - a.revenuePkr ||
          a.productId.localeCompare(b.productId),
      )
      .slice(0, TOP_PRODUCTS),
    cancelled: placed.filter(isCancelled).length,
    returns,
  };
}

/** The business view at `now`: today, 7 days and 30 days. */
export async function businessView(deps: Deps, now = Date.now()) {
  const periods = businessPeriods(now);
  const earliest = periods.at(-1)!.from;
  const recent: { day: string; order: OrderRecord }[] = [];
  const returnDays: string[] = [];
  for (const order of await deps.store.orders.list()) {
    const asked = returnDay(order);
    if (asked !== null && asked >= earliest) returnDays.push(asked);
    const day = karachiDay(order.date);
    if (day >= earliest) recent.push({ day, order });
  }
  return {
    success: true as const,
    generatedAt: new Date(now).toISOString(),
    periods: periods.map((p) =>
      periodFigures(
        p,
        recent.filter((r) => r.day >= p.from && r.day <= p.to).map((r) => r.order),
        returnDays.filter((d) => d >= p.from && d <= p.to).length,
      ),
    ),
  };
}

/**
 * A customer by e-mail: the orders of their account and every order shipped to that address,
 * newest first, with the lifetime total in PKR net of refunds and per currency (cancelled orders
 * listed, not counted in the totals).
 */
export async function customerLookup(deps: Deps, email: string) {
  const { store } = deps;
  const user = await store.users.findByEmail(email);
  const byId = new Map<string, OrderRecord>();
  for (const o of user ? await store.orders.listByUser(user.id) : []) byId.set(o.id, o);
  for (const o of await store.orders.list())
    if (o.address.email.toLowerCase() === email) byId.set(o.id, o);
  const orders = [...byId.values()].sort(
    (a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id),
  );
  const kept = orders.filter((o) => !isCancelled(o));
  const latest = orders[0];
  return {
    success: true as const,
    email,
    name: user?.name ?? (latest ? `${latest.address.firstName} ${latest.address.lastName}` : null),
    hasAccount: user !== null,
    orders: orders.map((o) => {
      const line = toDeskLine(o);
      return {
        id: line.id,
        number: line.number,
        placedAt: line.placedAt,
        status: line.status,
        payment: line.payment,
        currency: line.currency,
        total: line.total,
        totalPkr: line.totalPkr,
        items: line.items,
      };
    }),
    orderCount: orders.length,
    cancelledCount: orders.length - kept.length,
    // The worth of their orders less what was returned: sales − returned, by the books' rule.
    lifetimePkr: kept
      .filter((o) => !awaitsCard(o))
      .reduce((sum, o) => {
        const figures = orderBooks(bookOrder(o));
        return sum + figures.sales - figures.returned;
      }, 0),
    currencies: perCurrency(kept),
  };
}
