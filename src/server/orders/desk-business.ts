// The desk's view of the business: for today, the last 7 and the last 30 days (Karachi days, today
// counted), the orders placed, units and revenue in PKR (foreign orders at the rate they were
// charged at) and per currency, the top products, and cancel and return counts; and a customer
// look-up by e-mail with their orders and lifetime total.
//
// Counting rules: `orders` counts every order placed in the period; units, sales (revenuePkr), the
// currency totals and the top products count only orders not cancelled; `cancelled` counts the
// period's orders that are cancelled now; `returns` counts the return and exchange requests made in
// the period (of orders placed whenever). Money moved is read from the orders' ledgers by the day
// it moved: refunds sent in the period (net = sales − refunds) and, per method, what was collected
// (payments less refunds by that method). Outstanding is what the period's orders still owe: a COD
// order once Delivered (before that the courier has not collected it), any other as soon as placed.
import { businessPeriods, type Period } from '../../lib/desk-ops.ts';
import { karachiDay } from '../../lib/desk.ts';
import type { DeskPeriod } from '../../lib/contract/desk-ops.ts';
import type { Deps } from '../deps.ts';
import type { OrderRecord } from '../store/port.ts';
import { toDeskLine } from './desk-orders.ts';
import { orderTotalPkr } from '../../lib/orders/money.ts';
import { fromMinor, isRefund, ledgerSums, type LedgerEntry } from '../../lib/orders/ledger.ts';

/** A ledger entry in rupees: its own figure, or (written before it had one) at the order's rate. */
const entryPkr = (o: OrderRecord, e: LedgerEntry) =>
  e.amountPkr ?? Math.round(e.amount / (o.rate || 1));

/** What an order still owes, in rupees at its rate; a COD order owes only once Delivered. */
function outstandingPkr(o: OrderRecord): number {
  if (o.status === 'Cancelled') return 0;
  if (o.paymentMethod === 'COD' && o.status !== 'Delivered') return 0;
  return Math.round(fromMinor(ledgerSums(o).dueMinor, o.currency) / (o.rate || 1));
}

/** The period's money by method: collected (entries dated in it) and outstanding (its orders). */
function moneyByMethod(
  period: Period,
  placed: readonly OrderRecord[],
  moved: readonly { order: OrderRecord; entry: LedgerEntry }[],
) {
  const rows = new Map<
    string,
    { method: string; collectedPkr: number; outstandingPkr: number; outstandingOrders: number }
  >();
  const row = (method: string) => {
    const found = rows.get(method) ?? {
      method,
      collectedPkr: 0,
      outstandingPkr: 0,
      outstandingOrders: 0,
    };
    rows.set(method, found);
    return found;
  };
  for (const { order, entry } of moved) {
    const day = karachiDay(entry.at);
    if (day < period.from || day > period.to) continue;
    row(entry.method).collectedPkr += (isRefund(entry) ? -1 : 1) * entryPkr(order, entry);
  }
  for (const o of placed) {
    const owed = outstandingPkr(o);
    if (owed === 0) continue;
    const r = row(o.paymentMethod);
    r.outstandingPkr += owed;
    r.outstandingOrders++;
  }
  return [...rows.values()].sort((a, b) => a.method.localeCompare(b.method));
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
  moved: readonly { order: OrderRecord; entry: LedgerEntry }[] = [],
): DeskPeriod {
  const kept = placed.filter((o) => !isCancelled(o));
  const products = new Map<
    string,
    { productId: string; productName: string; units: number; revenuePkr: number }
  >();
  let units = 0;
  for (const o of kept) {
    for (const i of o.items) {
      units += i.quantity;
      const row = products.get(i.productId) ?? {
        productId: i.productId,
        productName: i.productName,
        units: 0,
        revenuePkr: 0,
      };
      row.units += i.quantity;
      row.revenuePkr += i.lineTotal;
      products.set(i.productId, row);
    }
  }
  const revenuePkr = kept.reduce((sum, o) => sum + orderTotalPkr(o), 0);
  const refundsPkr = moved
    .filter(({ entry }) => {
      const day = karachiDay(entry.at);
      return isRefund(entry) && day >= period.from && day <= period.to;
    })
    .reduce((sum, { order, entry }) => sum + entryPkr(order, entry), 0);
  return {
    name: period.name,
    from: period.from,
    to: period.to,
    orders: placed.length,
    units,
    revenuePkr,
    refundsPkr,
    netPkr: revenuePkr - refundsPkr,
    methods: moneyByMethod(period, placed, moved),
    currencies: perCurrency(kept),
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
  const moved: { order: OrderRecord; entry: LedgerEntry }[] = [];
  for (const order of await deps.store.orders.list()) {
    for (const entry of order.payments ?? [])
      if (karachiDay(entry.at) >= earliest) moved.push({ order, entry });
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
        moved,
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
    // Net of refunds: what the shop keeps of this customer's orders.
    lifetimePkr: kept.reduce(
      (sum, o) =>
        sum +
        orderTotalPkr(o) -
        (o.payments ?? []).filter(isRefund).reduce((n, e) => n + entryPkr(o, e), 0),
      0,
    ),
    currencies: perCurrency(kept),
  };
}
