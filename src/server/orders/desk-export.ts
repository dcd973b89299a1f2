// The accountant's export: orders placed in a period of Karachi days as a CSV file, oldest first,
// one row per order. Every text cell that a spreadsheet would run as a formula (= + - @ first) is
// defused as the catalogue export does it, so a shopper named "=HYPERLINK(…)" stays text.
import {
  DESK_OPS_ANSWERS,
  MAX_EXPORT_DAYS,
  daysBetween,
  isCalendarDay,
} from '../../lib/desk-ops.ts';
import { karachiDay, karachiTime, shortNumber } from '../../lib/desk.ts';
import { paymentLabel } from '../../lib/payments.ts';
import type { Deps } from '../deps.ts';
import { invalid } from '../errors.ts';
import type { OrderRecord, StaffRecord } from '../store/port.ts';
import { defuseFormula } from '../catalogue/index.ts';
import { orderTotalPkr } from '../../lib/orders/money.ts';
import { financialState } from '../../lib/orders/ledger.ts';
import { audit } from '../operations/index.ts';

/** The export's columns, in order: header and how each order fills it. */
const COLUMNS: readonly [string, (o: OrderRecord) => string | number][] = [
  ['Number', (o) => `#${shortNumber(o.id)}`],
  ['Order id', (o) => o.id],
  ['Placed (Karachi)', (o) => karachiTime(o.date)],
  ['Status', (o) => o.status],
  ['Payment', (o) => financialState(o)],
  ['Method', (o) => paymentLabel(o.paymentMethod)],
  ['Currency', (o) => o.currency],
  ['Items', (o) => o.amount],
  ['Delivery', (o) => o.deliveryFee],
  ['Total', (o) => o.total],
  ['Rate per PKR', (o) => o.rate],
  ['Total PKR', (o) => orderTotalPkr(o)],
  ['Units', (o) => o.items.reduce((n, i) => n + i.quantity, 0)],
  [
    'Lines',
    (o) => o.items.map((i) => `${i.productName} (${i.selectedColor}) x ${i.quantity}`).join('; '),
  ],
  ['Name', (o) => `${o.address.firstName} ${o.address.lastName}`],
  ['E-mail', (o) => o.address.email],
  ['Phone', (o) => o.address.mobile],
  ['Address', (o) => [o.address.address1, o.address.address2].filter(Boolean).join(', ')],
  ['City', (o) => o.address.city],
  ['State', (o) => o.address.state],
  ['Postcode', (o) => o.address.zip],
  ['Country', (o) => o.address.country],
  ['Cancel reason', (o) => o.cancelReason ?? ''],
  ['Courier', (o) => o.shipping?.courier ?? ''],
  ['Tracking number', (o) => o.shipping?.trackingNumber ?? ''],
];

/** One CSV cell: text defused against formulas and quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : defuseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Orders as CSV text (RFC 4180: CRLF between rows), header first. */
export function ordersToCsv(orders: readonly OrderRecord[]): string {
  const rows = [
    COLUMNS.map(([header]) => csvCell(header)).join(','),
    ...orders.map((o) => COLUMNS.map(([, value]) => csvCell(value(o))).join(',')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** A period's two days, or a 400: real calendar days, in order, at most MAX_EXPORT_DAYS long. */
export function checkPeriod(from: string, to: string): void {
  for (const day of [from, to])
    if (!isCalendarDay(day)) throw invalid(DESK_OPS_ANSWERS.badDay(day));
  if (from > to) throw invalid(DESK_OPS_ANSWERS.badDates);
  if (daysBetween(from, to) > MAX_EXPORT_DAYS)
    throw invalid(DESK_OPS_ANSWERS.rangeTooLong(MAX_EXPORT_DAYS));
}

/**
 * The export as a file answer (text/csv, a filename, never cached), with a UTF-8 byte-order mark
 * so a spreadsheet reads Urdu and accented names right. The export is audited: it is the shop's
 * customer data leaving the desk.
 */
export async function exportOrders(
  deps: Deps,
  staff: StaffRecord,
  period: { from: string; to: string },
): Promise<Response> {
  checkPeriod(period.from, period.to);
  const orders = (await deps.store.orders.list())
    .filter((o) => {
      const day = karachiDay(o.date);
      return day >= period.from && day <= period.to;
    })
    .reverse();
  await audit(deps.store, staff, 'orders.export', `orders:${period.from}..${period.to}`, null, {
    rows: orders.length,
  });
  return new Response(`\uFEFF${ordersToCsv(orders)}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${period.from}-to-${period.to}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
