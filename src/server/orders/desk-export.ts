// The accountant's export: orders placed in a period of Karachi days as a CSV file, oldest first,
// one row per order, with its money as the ledger has it (paid, refunded, held, outstanding and
// refund due, in the order's currency from ledgerSums and in rupees from the books' orderBooks; the
// methods paid by and every reference), so each order can be reconciled with the bank and the
// gateway. Cells are written by the catalogue's one CSV rule (csvText): a text a spreadsheet would
// run as a formula (= + - @ first) is defused, so a shopper named "=HYPERLINK(…)" stays text.
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
import { csvText } from '../catalogue/index.ts';
import { orderTotalPkr } from '../../lib/orders/money.ts';
import { orderBooks } from '../../lib/orders/books.ts';
import {
  financialState,
  fromMinor,
  isRefund,
  ledgerSums,
  settledEntries,
  type LedgerSums,
} from '../../lib/orders/ledger.ts';
import { bookOrder } from './desk-business.ts';
import { audit } from '../operations/index.ts';

/** An order's ledger sum, in its own currency (39.4 USD, 5775 PKR). */
const inOrderCurrency = (o: OrderRecord, sum: keyof LedgerSums) =>
  fromMinor(ledgerSums(o)[sum], o.currency);

/** An order's figure in rupees under the books' identity (src/lib/orders/books.ts). */
const inRupees = (o: OrderRecord, figure: keyof ReturnType<typeof orderBooks>) =>
  orderBooks(bookOrder(o))[figure];

/** The distinct values, in the order first met, joined with "; ". */
const joined = (values: readonly string[]) => [...new Set(values)].join('; ');

/** The export's columns that name or reach the shopper: only for those who may see them. */
const PERSONAL_COLUMNS = new Set(['Name', 'E-mail', 'Phone', 'Address', 'Postcode']);

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
  // The money as the ledger has it: payments and refunds sent (a reservation still open or
  // released counts for nothing), what the shop holds, what is still owed, what it owes back.
  ['Paid', (o) => inOrderCurrency(o, 'paidMinor')],
  ['Refunded', (o) => inOrderCurrency(o, 'refundedMinor')],
  ['Held', (o) => inOrderCurrency(o, 'heldMinor')],
  ['Outstanding', (o) => inOrderCurrency(o, 'dueMinor')],
  ['Refund due', (o) => inOrderCurrency(o, 'surplusMinor')],
  ['Paid PKR', (o) => inRupees(o, 'paid')],
  ['Refunded PKR', (o) => inRupees(o, 'refunded')],
  ['Held PKR', (o) => inRupees(o, 'held')],
  ['Outstanding PKR', (o) => inRupees(o, 'outstanding')],
  ['Refund due PKR', (o) => inRupees(o, 'refundDue')],
  [
    'Paid by',
    (o) => joined(settledEntries(o).flatMap((e) => (isRefund(e) ? [] : [paymentLabel(e.method)]))),
  ],
  [
    'Refunded by',
    (o) => joined(settledEntries(o).flatMap((e) => (isRefund(e) ? [paymentLabel(e.method)] : []))),
  ],
  ['References', (o) => joined(settledEntries(o).flatMap((e) => e.reference ?? []))],
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

/**
 * Orders as CSV text (RFC 4180: CRLF between rows), header first; without the customer's name,
 * contacts, street and postcode unless `personal` (a member the owner allowed them).
 */
export function ordersToCsv(orders: readonly OrderRecord[], personal = true): string {
  const columns = personal ? COLUMNS : COLUMNS.filter(([header]) => !PERSONAL_COLUMNS.has(header));
  return csvText([
    columns.map(([header]) => header),
    ...orders.map((o) => columns.map(([, value]) => value(o))),
  ]);
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
 * sales, and with `personal` its customers' data, leaving the desk.
 */
export async function exportOrders(
  deps: Deps,
  staff: StaffRecord,
  period: { from: string; to: string },
  personal: boolean,
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
    personal,
  });
  return new Response(`\uFEFF${ordersToCsv(orders, personal)}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${period.from}-to-${period.to}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
