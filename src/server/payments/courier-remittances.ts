// COD cash reconciled: the courier's remittance (payment) report, recorded on the orders' ledgers.
// Each line the courier reports paid becomes one COD payment on its order's ledger, with the
// courier's reference (its name, the tracking number and its payment reference: "PostEx 2012345
// CPR-88"), written by the ledger's one conditional write, which claims the reference across every
// order: a line imported a second time, or by two imports at once, is recorded once. What does not
// match is listed for the owner, never recorded: a line for an order not delivered, for a parcel
// the shop did not book, paid short, or with the courier's charges taken off.
//
// Two sources feed the same lines: the courier's API (the adapter's remittances call, asked about
// the booked parcels whose cash is not on their ledger yet; neither documented call says the
// amount, so a parcel reported paid is taken as paid the COD it was booked with), and the
// courier's CSV report uploaded on the desk (whose amounts and charges are the courier's).
import { parse } from 'csv-parse/sync';
import { COURIER_REMITTANCE_MESSAGES } from '../../lib/contract/desk-remittances.ts';
import { shortNumber } from '../../lib/desk.ts';
import { fromMinorUnits, toMinorUnits } from '../../lib/money.ts';
import type { OrderStatus } from '../../lib/orders/moves.ts';
import type { DeskRemittanceBody } from '../../lib/contract/desk-remittances.ts';
import {
  COURIERS,
  MAX_PARCELS_PER_CALL,
  courierFromConfig,
  isCourierName,
  type Remittance,
} from '../couriers/index.ts';
import type { Deps } from '../deps.ts';
import { invalid, unavailable } from '../errors.ts';
import { actorOf, audit } from '../operations/index.ts';
import { dueMinor, ledgerEntry } from '../orders/index.ts';
import type { OrderRecord, StaffRecord } from '../store/port.ts';

/** What one line of a remittance report says. */
export interface RemittanceLine {
  trackingNumber: string;
  /** The courier's payment reference (PostEx's CPR number, Leopards' cheque or invoice number). */
  reference: string;
  paidOn: string | null;
  /** What the courier paid for it, in paisa; null when the report does not say (the APIs). */
  paidMinor: number | null;
  /** The courier's charges taken off it, in paisa, when the report says. */
  chargesMinor: number | null;
}

/** What became of one line. */
export type LineOutcome =
  | 'recorded'
  | 'over-paid'
  | 'courier-charges'
  | 'short-paid'
  | 'nothing-due'
  | 'already-recorded'
  | 'not-delivered'
  | 'unknown-order'
  | 'changed-meanwhile';

/** One line as the owner sees it: its order, what was expected and paid, and what became of it. */
export interface ReconciledLine {
  trackingNumber: string;
  reference: string;
  order: string | null;
  outcome: LineOutcome;
  /** Rupees: the COD due on the order before this line, and what the courier paid. */
  expectedPkr: number | null;
  paidPkr: number | null;
  chargesPkr: number | null;
}

/** The orders a courier's report may name: booked, and in a status its cash may be reported in. */
const REPORTED: readonly OrderStatus[] = ['Packing', 'Out for Delivery', 'Delivered', 'Cancelled'];
/** The statuses a remittance is recorded in: only a delivered order's cash was collected. */
const DELIVERED: readonly OrderStatus[] = ['Delivered'];
/** The most lines one CSV report may hold. */
export const MAX_REPORT_LINES = 5000;

const label = (courier: string) => (isCourierName(courier) ? COURIERS[courier].label : courier);
const rupees = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor, 'PKR'));

/** The ledger reference of a parcel's remittance: unique per parcel and courier payment. */
export const remittanceReference = (courier: string, trackingNumber: string, reference: string) =>
  `${label(courier)} ${trackingNumber} ${reference}`.slice(0, 120);

/** Whether the order's ledger already holds a remittance of this parcel (any payment reference). */
const remittedOn = (order: OrderRecord, courier: string, trackingNumber: string) =>
  (order.payments ?? []).some(
    (e) =>
      e.kind !== 'refund' &&
      e.method === 'COD' &&
      (e.reference ?? '').startsWith(`${label(courier)} ${trackingNumber} `),
  );

/** The booked orders, by tracking number. */
async function bookedOrders(deps: Deps, courier: string) {
  const heads = (await deps.store.orders.listHeads()).filter((o) => REPORTED.includes(o.status));
  const orders = await deps.store.orders.getMany(heads.map((o) => o.id));
  const byNumber = new Map<string, OrderRecord>();
  for (const o of orders)
    if (
      o.courierBooking?.state === 'booked' &&
      o.courierBooking.courier === courier &&
      o.courierBooking.trackingNumber
    )
      byNumber.set(o.courierBooking.trackingNumber, o);
  return byNumber;
}

/** Records one line on its order's ledger, or says why not. */
async function reconcileLine(
  deps: Deps,
  by: { id: string; email: string },
  courier: string,
  line: RemittanceLine,
  order: OrderRecord | undefined,
): Promise<ReconciledLine> {
  const shown = (
    outcome: LineOutcome,
    expectedMinor: number | null,
    paidMinor: number | null,
  ): ReconciledLine => ({
    trackingNumber: line.trackingNumber,
    reference: line.reference,
    order: order ? shortNumber(order.id) : null,
    outcome,
    expectedPkr: rupees(expectedMinor),
    paidPkr: rupees(paidMinor),
    chargesPkr: rupees(line.chargesMinor),
  });
  if (!order) return shown('unknown-order', null, line.paidMinor);
  if (remittedOn(order, courier, line.trackingNumber))
    return shown('already-recorded', null, line.paidMinor);
  const expected = Math.max(0, dueMinor(order));
  const paid = line.paidMinor ?? order.courierBooking?.codMinor ?? expected;
  if (order.status !== 'Delivered') return shown('not-delivered', expected, paid);
  if (paid <= 0) return shown(expected > 0 ? 'short-paid' : 'nothing-due', expected, paid);
  const entry = ledgerEntry(order, by, {
    kind: 'payment',
    method: 'COD',
    amount: fromMinorUnits(paid, order.currency),
    reference: remittanceReference(courier, line.trackingNumber, line.reference),
  });
  const written = await deps.store.orders.appendLedger(order.id, entry, {
    statuses: DELIVERED,
    entriesBefore: (order.payments ?? []).length,
  });
  if (written.kind === 'duplicateReference') return shown('already-recorded', expected, paid);
  if (written.kind === 'stale') return shown('changed-meanwhile', expected, paid);
  await audit(deps.store, by, 'order.payment', `order:${order.id}`, null, {
    method: 'COD',
    amount: entry.amount,
    reference: entry.reference,
    remittance: true,
  });
  return shown(outcomeOf(expected, paid, line.chargesMinor ?? 0), expected, paid);
}

/** A recorded line against the COD due: paid in full, more, less by the courier's charges, or short. */
function outcomeOf(expected: number, paid: number, charges: number): LineOutcome {
  if (paid === expected) return 'recorded';
  if (paid > expected) return 'over-paid';
  return charges > 0 && paid + charges >= expected ? 'courier-charges' : 'short-paid';
}

/** Records every line; answers each line's outcome, in the report's order. */
export async function reconcileRemittances(
  deps: Deps,
  by: { id: string; email: string },
  courier: string,
  lines: readonly RemittanceLine[],
): Promise<ReconciledLine[]> {
  const orders = await bookedOrders(deps, courier);
  const out: ReconciledLine[] = [];
  for (const line of lines) {
    // Read afresh: an earlier line of the same report may have paid the same order.
    const known = orders.get(line.trackingNumber);
    const order = known ? ((await deps.store.orders.get(known.id)) ?? undefined) : undefined;
    out.push(await reconcileLine(deps, by, courier, line, order));
  }
  return out;
}

/** The API's report for the booked parcels not yet remitted on their ledgers. */
async function apiLines(deps: Deps): Promise<{ courier: string; lines: RemittanceLine[] }> {
  const connection = courierFromConfig(deps.config);
  if (!connection) throw unavailable(COURIER_REMITTANCE_MESSAGES.noCourier);
  const orders = await bookedOrders(deps, connection.name);
  const numbers = [...orders.entries()]
    .filter(([number, o]) => !remittedOn(o, connection.name, number))
    .filter(([, o]) => o.status === 'Delivered' || o.status === 'Out for Delivery')
    // A prepaid parcel (booked with COD 0) has no cash to remit.
    .filter(([, o]) => o.courierBooking?.codMinor !== 0)
    .map(([number]) => number)
    .slice(0, MAX_PARCELS_PER_CALL);
  let answer: Remittance[] = [];
  if (numbers.length > 0)
    try {
      answer = await connection.adapter.remittances(numbers);
    } catch {
      throw unavailable(COURIER_REMITTANCE_MESSAGES.courierDown(connection.label), 60);
    }
  const lines = answer
    .filter((r) => r.paid && r.reference)
    .map((r) => ({
      trackingNumber: r.trackingNumber,
      reference: r.reference!,
      paidOn: r.paidOn,
      paidMinor: r.amount && r.amount.currency === 'PKR' ? r.amount.minor : null,
      chargesMinor: null,
    }));
  return { courier: connection.name, lines };
}

/** The header names a CSV report's columns may carry (case and spacing aside). */
const COLUMNS = {
  trackingNumber: ['tracking number', 'trackingnumber', 'cn', 'cn number', 'consignment number'],
  reference: ['reference', 'payment reference', 'cpr', 'cpr number', 'invoice', 'cheque number'],
  paidOn: ['date', 'paid on', 'payment date', 'settlement date'],
  amount: ['amount', 'paid', 'cod amount', 'amount paid', 'collected amount'],
  charges: ['charges', 'courier charges', 'shipping charges', 'deductions'],
} as const;

const header = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** Whole rupees (or rupees with paisa) as the report writes them, in paisa; else an error. */
function rupeesCell(text: string, row: number, column: string): number {
  const clean = text.replace(/[,\s]|Rs\.?|PKR/gi, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean))
    throw invalid(COURIER_REMITTANCE_MESSAGES.badAmount(row, column, text.slice(0, 40)));
  return toMinorUnits(Number(clean), 'PKR');
}

/** A courier's CSV report as lines; a report the shop cannot read is a 400 that changes nothing. */
export function csvLines(text: string): RemittanceLine[] {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch {
    throw invalid(COURIER_REMITTANCE_MESSAGES.notCsv);
  }
  const [head, ...body] = rows;
  if (!head) throw invalid(COURIER_REMITTANCE_MESSAGES.notCsv);
  const names = head.map(header);
  const at = (names_: readonly string[]) => names.findIndex((n) => names_.includes(n));
  const index = {
    trackingNumber: at(COLUMNS.trackingNumber),
    reference: at(COLUMNS.reference),
    paidOn: at(COLUMNS.paidOn),
    amount: at(COLUMNS.amount),
    charges: at(COLUMNS.charges),
  };
  if (index.trackingNumber < 0 || index.reference < 0 || index.amount < 0)
    throw invalid(COURIER_REMITTANCE_MESSAGES.missingColumns);
  if (body.length > MAX_REPORT_LINES) throw invalid(COURIER_REMITTANCE_MESSAGES.tooManyLines);
  return body.map((cells, i) => {
    const row = i + 2;
    const cell = (n: number) => (n < 0 ? '' : (cells[n] ?? '').trim());
    const trackingNumber = cell(index.trackingNumber);
    const reference = cell(index.reference);
    if (!/^[A-Za-z0-9-]{4,40}$/.test(trackingNumber))
      throw invalid(COURIER_REMITTANCE_MESSAGES.badTrackingNumber(row));
    if (!reference || reference.length > 60)
      throw invalid(COURIER_REMITTANCE_MESSAGES.badReference(row));
    const charges = cell(index.charges);
    return {
      trackingNumber,
      reference,
      paidOn: cell(index.paidOn) || null,
      paidMinor: rupeesCell(cell(index.amount), row, head[index.amount]!.trim()),
      chargesMinor: charges ? rupeesCell(charges, row, head[index.charges]!.trim()) : null,
    };
  });
}

/** The desk's import: the courier's report (its API, or its CSV), recorded, with what differs. */
export async function importRemittances(deps: Deps, staff: StaffRecord, body: DeskRemittanceBody) {
  const actor = actorOf(staff);
  let courier: string;
  let lines: RemittanceLine[];
  if (body.csv !== undefined) {
    const connection = courierFromConfig(deps.config);
    courier = body.courier ?? connection?.name ?? '';
    if (!isCourierName(courier)) throw invalid(COURIER_REMITTANCE_MESSAGES.whichCourier);
    lines = csvLines(body.csv);
  } else {
    ({ courier, lines } = await apiLines(deps));
  }
  const reconciled = await reconcileRemittances(deps, actor, courier, lines);
  const count = (outcome: LineOutcome) => reconciled.filter((l) => l.outcome === outcome).length;
  const recorded =
    count('recorded') + count('over-paid') + count('courier-charges') + count('short-paid');
  const differences = reconciled.filter((l) => l.outcome !== 'recorded');
  return {
    success: true as const,
    message: COURIER_REMITTANCE_MESSAGES.imported(
      label(courier),
      lines.length,
      recorded,
      differences.length,
    ),
    lines: lines.length,
    recorded,
    differences,
  };
}
