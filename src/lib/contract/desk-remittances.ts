// Request and answer schemas of the desk's COD remittance import: the courier's payment report,
// read from its API or uploaded as its CSV, recorded on the orders' ledgers once, with what differs
// listed for the owner. Spread into DESK_REQUESTS and DESK_ANSWER_SCHEMAS (./desk.ts).
import * as z from 'zod/mini';

/** The most a CSV report may weigh, in characters. */
export const MAX_REPORT_CHARS = 500_000;

/** Bodies of the remittance call: nothing (ask the courier's API), or a CSV report and its courier. */
export const REMITTANCE_REQUESTS = {
  deskRemittances: z.object({
    csv: z.optional(
      z
        .string()
        .check(
          z.minLength(1, 'The report is empty.'),
          z.maxLength(MAX_REPORT_CHARS, 'The report is too large: upload at most 500 KB of CSV.'),
        ),
    ),
    courier: z.optional(
      z.enum(['postex', 'leopards'], { error: 'Courier must be postex or leopards' }),
    ),
  }),
} as const;

/** One line of the report that differs from the books, as the owner sees it. */
export const remittanceLineSchema = z.object({
  trackingNumber: z.string(),
  reference: z.string(),
  /** The order's short number, or null when the shop booked no such parcel. */
  order: z.nullable(z.string()),
  outcome: z.enum([
    'recorded',
    'over-paid',
    'courier-charges',
    'short-paid',
    'nothing-due',
    'already-recorded',
    'not-delivered',
    'unknown-order',
    'changed-meanwhile',
  ]),
  /** Rupees: the COD due before this line, what the courier paid, and its charges, when known. */
  expectedPkr: z.nullable(z.number()),
  paidPkr: z.nullable(z.number()),
  chargesPkr: z.nullable(z.number()),
});

/** Answers of the remittance call. */
export const REMITTANCE_ANSWER_SCHEMAS = {
  deskRemittances: z.object({
    success: z.literal(true),
    message: z.string(),
    /** Lines read, lines recorded on a ledger, and every line that is not simply paid in full. */
    lines: z.number(),
    recorded: z.number(),
    differences: z.array(remittanceLineSchema),
  }),
} as const;

export type DeskRemittanceBody = z.infer<(typeof REMITTANCE_REQUESTS)['deskRemittances']>;

/** The desk's words for the remittance import. */
export const COURIER_REMITTANCE_MESSAGES = {
  imported: (label: string, lines: number, recorded: number, differences: number) =>
    `${label}'s report: ${lines} ${lines === 1 ? 'line' : 'lines'}, ${recorded} recorded on ${recorded === 1 ? 'its order' : 'their orders'}, ${differences} to look at.`,
  noCourier:
    'No courier is connected. Set the courier keys (docs/couriers.md), or upload the courier’s CSV report.',
  courierDown: (label: string) =>
    `${label} did not answer, so nothing was recorded. Try again in a few minutes.`,
  whichCourier: 'Say which courier the report is from (postex or leopards).',
  notCsv: 'The report is not CSV the shop can read. Upload the courier’s payment report as CSV.',
  missingColumns:
    'The report needs a header row with at least the tracking number, the payment reference and the amount columns.',
  tooManyLines: 'The report has more than 5,000 lines. Split it and upload each part.',
  badTrackingNumber: (row: number) =>
    `Row ${row}: the tracking number is missing or not one (letters, digits and dashes).`,
  badReference: (row: number) => `Row ${row}: the payment reference is missing or too long.`,
  badAmount: (row: number, column: string, text: string) =>
    `Row ${row}: "${text}" in ${column} is not an amount in rupees.`,
  /** How each outcome reads on the desk. */
  outcomes: {
    recorded: 'Recorded: paid in full',
    'over-paid': 'Recorded: paid more than was due',
    'courier-charges': 'Recorded: paid less the courier’s charges',
    'short-paid': 'Recorded: short paid',
    'nothing-due': 'Nothing was due on this order',
    'already-recorded': 'Already recorded: nothing changed',
    'not-delivered': 'Not recorded: the order is not delivered',
    'unknown-order': 'Not recorded: the shop booked no such parcel',
    'changed-meanwhile': 'Not recorded: the order changed meanwhile; import again',
  },
} as const;
