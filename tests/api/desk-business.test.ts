// The desk's business view, customer look-up and CSV export through the desk router with real
// Requests, on orders put straight into a fresh store: Karachi-day periods, PKR revenue with
// foreign orders at their stored rate, cancels kept out of the money, the look-up by account and
// by shipping e-mail, and an export a spreadsheet cannot be tricked by.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import desk from '../../netlify/functions/desk.mts';
import { DESK_OPS_ANSWERS } from '../../src/lib/desk-ops.ts';
import { CHECKOUT_MESSAGES } from '../../src/lib/messages.ts';
import { getDeps } from '../../src/server/deps.ts';
import { businessView } from '../../src/server/orders/desk-business.ts';
import { parseCsv } from '../../src/server/catalogue/csv-text.ts';
import type { LedgerEntry } from '../../src/lib/orders/ledger.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { signUp } from '../fixtures/api.ts';
import { allow, deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;

// 12:00 in Karachi on 15 March 2026 (07:00 UTC): the business view's "now".
const NOW = Date.parse('2026-03-15T07:00:00.000Z');
const at = (iso: string) => new Date(iso).toISOString();
const tote = (quantity: number, unitPrice = 4000) => ({
  productId: 'city-tote',
  productName: 'City Tote',
  selectedColor: 'Black',
  imageIndex: '0',
  image: '/photos/city-tote.jpg',
  price: unitPrice,
  discountPercent: 0,
  wholesalePrice: null,
  unitPrice,
  quantity,
  lineTotal: unitPrice * quantity,
});
const clutch = (quantity: number) => ({
  ...tote(quantity, 1500),
  productId: 'clutch',
  productName: 'Evening Clutch',
});

let today: OrderRecord;
let usd: OrderRecord;
let cancelledToday: OrderRecord;
let tenDays: OrderRecord;

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Staff');
  // The look-up is personal data, the figures and the export sales figures: this member is one
  // the owner allowed both.
  await allow(owner, staff, 'personalData', 'sales');
  // 19:30 UTC on 14 March is 00:30 on 15 March in Karachi: today, not yesterday.
  today = await seedOrder({
    date: at('2026-03-14T19:30:00Z'),
    items: [tote(2), clutch(1)],
    amountPkr: 9500,
    amount: 9500,
    deliveryFee: 250,
    total: 9750,
  });
  // 18:59 UTC on 14 March is 23:59 on 14 March in Karachi: yesterday. A USD order at its rate.
  usd = await seedOrder({
    date: at('2026-03-14T18:59:00Z'),
    items: [tote(1)],
    currency: 'USD',
    rate: 0.0036,
    amountPkr: 4000,
    amount: 14.4,
    deliveryFee: 25,
    total: 39.4,
    address: lahoreAddress({ email: 'Repeat@Example.com', firstName: 'Rida', lastName: 'Noor' }),
  });
  cancelledToday = await seedOrder({
    date: at('2026-03-15T05:00:00Z'),
    items: [clutch(3)],
    amountPkr: 4500,
    amount: 4500,
    total: 4750,
    status: 'Cancelled',
    cancelReason: 'Changed my mind',
    address: lahoreAddress({ email: 'repeat@example.com', firstName: 'Rida', lastName: 'Noor' }),
  });
  tenDays = await seedOrder({
    date: at('2026-03-05T10:00:00Z'),
    items: [clutch(2)],
    amountPkr: 3000,
    amount: 3000,
    total: 3250,
    address: lahoreAddress({ email: 'repeat@example.com', firstName: 'Rida', lastName: 'Noor' }),
  });
  // Day 31 back (13 February in Karachi): outside every period, but its return was asked for
  // at 00:30 on 15 March in Karachi, so that request counts today.
  await seedOrder({
    date: at('2026-02-13T10:00:00Z'),
    items: [tote(9)],
    amountPkr: 36000,
    status: 'Delivered',
    returnRequest: {
      kind: 'return',
      state: 'requested',
      version: 1,
      lines: [
        {
          line: 0,
          productId: 'city-tote',
          productName: 'City Tote',
          selectedColor: 'Black',
          quantity: 1,
        },
      ],
      reason: 'Strap broke',
      requestedAt: at('2026-03-14T19:30:00Z'),
      updatedAt: at('2026-03-14T19:30:00Z'),
    },
  });
}, 60_000);
afterAll(async () => env.cleanup());

describe('the business view', { timeout: 60_000 }, () => {
  it('counts today, 7 days and 30 days in Karachi days, with PKR revenue at each order’s rate', async () => {
    const { periods } = await businessView(await getDeps(), NOW);
    expect(periods.map((p) => [p.name, p.from, p.to])).toEqual([
      ['today', '2026-03-15', '2026-03-15'],
      ['7 days', '2026-03-09', '2026-03-15'],
      ['30 days', '2026-02-14', '2026-03-15'],
    ]);
    const [day, week, month] = periods;
    expect(day).toMatchObject({ orders: 2, units: 3, revenuePkr: 9750, cancelled: 1, returns: 1 });
    expect(day!.currencies).toEqual([{ currency: 'PKR', orders: 1, total: 9750 }]);
    // The USD order: PKR 4,000 of items plus USD 25 of delivery at 0.0036 per PKR (PKR 6,944).
    expect(week).toMatchObject({
      orders: 3,
      units: 4,
      revenuePkr: 9750 + 4000 + 6944,
      cancelled: 1,
    });
    expect(week!.currencies).toEqual([
      { currency: 'PKR', orders: 1, total: 9750 },
      { currency: 'USD', orders: 1, total: 39.4 },
    ]);
    expect(month).toMatchObject({
      orders: 4,
      units: 6,
      revenuePkr: 9750 + 10944 + 3250,
      returns: 1,
    });
    expect(month!.topProducts).toEqual([
      { productId: 'city-tote', productName: 'City Tote', units: 3, revenuePkr: 12000 },
      { productId: 'clutch', productName: 'Evening Clutch', units: 3, revenuePkr: 4500 },
    ]);
  });

  it('answers the desk call with the three periods for a member allowed sales figures', async () => {
    const answer = await deskCall('business', { token: staff.token, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.periods.map((p: { name: string }) => p.name)).toEqual([
      'today',
      '7 days',
      '30 days',
    ]);
  });

  it('refuses a body with fields it does not take', async () => {
    const answer = await deskCall('business', { token: staff.token, body: [] });
    expect(answer.status).toBe(400);
  });
});

describe('the customer look-up', { timeout: 60_000 }, () => {
  it('finds the orders shipped to an e-mail in any case, newest first, with the lifetime total without cancels', async () => {
    const answer = await deskCall('customer', {
      token: staff.token,
      body: { email: '  REPEAT@example.com ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      email: 'repeat@example.com',
      name: 'Rida Noor',
      hasAccount: false,
      orderCount: 3,
      cancelledCount: 1,
      lifetimePkr: 10944 + 3250,
    });
    expect(answer.body.orders.map((o: { id: string }) => o.id)).toEqual([
      cancelledToday.id,
      usd.id,
      tenDays.id,
    ]);
    expect(answer.body.currencies).toEqual([
      { currency: 'PKR', orders: 1, total: 3250 },
      { currency: 'USD', orders: 1, total: 39.4 },
    ]);
  });

  it("includes an account's orders shipped to another address", async () => {
    const shopper = await signUp('Kamran');
    const account = await seedOrder({
      userId: (await (await getDeps()).store.users.findByEmail(shopper.email))!.id,
      address: lahoreAddress({ email: 'gift.recipient@example.com' }),
    });
    const answer = await deskCall('customer', {
      token: staff.token,
      body: { email: shopper.email },
    });
    expect(answer.body).toMatchObject({ hasAccount: true, name: 'Kamran', orderCount: 1 });
    expect(answer.body.orders[0].id).toBe(account.id);
  });

  it('answers an e-mail with no orders with an empty list', async () => {
    const answer = await deskCall('customer', {
      token: staff.token,
      body: { email: 'nobody@example.com' },
    });
    expect(answer.body).toMatchObject({
      orders: [],
      orderCount: 0,
      lifetimePkr: 0,
      name: null,
      hasAccount: false,
    });
  });

  it('refuses a malformed e-mail with the checkout’s words', async () => {
    for (const [email, message] of [
      ['not-an-email', CHECKOUT_MESSAGES.emailInvalid],
      ['', CHECKOUT_MESSAGES.emailRequired],
      [`${'a'.repeat(300)}@example.com`, CHECKOUT_MESSAGES.emailInvalid],
      [{ $regex: '.*' }, 'Must be text'],
    ] as const) {
      const answer = await deskCall('customer', { token: staff.token, body: { email } });
      expect(answer).toMatchObject({ status: 400, body: { success: false, message } });
    }
  });
});

/** The export call, read as text (it is a file, not JSON). */
async function exportCsv(body: unknown, token = staff.token) {
  const res = await desk(apiRequest('/api/desk/orders/export', { body, headers: { token } }), {
    ip: '203.0.113.9',
  });
  // Decoded keeping the byte-order mark, which Response.text() would drop.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, text };
}

describe('the CSV export', { timeout: 60_000 }, () => {
  it('answers a text/csv file named for the period, the orders placed in its Karachi days, oldest first', async () => {
    const answer = await exportCsv({ from: '2026-03-05', to: '2026-03-14' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-2026-03-05-to-2026-03-14.csv"',
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(answer.text.slice(1));
    expect(rows[0]!.slice(0, 4)).toEqual(['Number', 'Order id', 'Placed (Karachi)', 'Status']);
    // 00:30 on 15 March in Karachi is out; 23:59 on 14 March is in.
    expect(rows.slice(1).map((r) => r[1])).toEqual([tenDays.id, usd.id]);
    const next = parseCsv(
      (await exportCsv({ from: '2026-03-15', to: '2026-03-15' })).text.slice(1),
    );
    expect(next.slice(1).map((r) => r[1])).toEqual([today.id, cancelledToday.id]);
    const header = rows[0]!;
    const usdRow = Object.fromEntries(header.map((h, i) => [h, rows[2]![i]]));
    expect(usdRow).toMatchObject({
      'Placed (Karachi)': '2026-03-14 23:59',
      Currency: 'USD',
      Total: '39.4',
      'Total PKR': '10944',
      Lines: 'City Tote (Black) x 1',
      'E-mail': 'Repeat@Example.com',
      Phone: "'+92 300 1234567",
    });
  });

  it('defuses names and addresses a spreadsheet would run as formulas, and quotes commas and quotes', async () => {
    const hostile = await seedOrder({
      date: at('2026-01-10T10:00:00Z'),
      address: lahoreAddress({
        firstName: '=HYPERLINK("http://evil.example","Click")',
        lastName: 'Khan',
        address1: '@SUM(1+1)',
        address2: 'Flat 2, "Blue" House',
        city: '+cmd|/C calc',
        state: '-2+3',
        zip: '=1',
      }),
    });
    const answer = await exportCsv({ from: '2026-01-10', to: '2026-01-10' });
    const rows = parseCsv(answer.text.slice(1));
    const row = Object.fromEntries(rows[0]!.map((h, i) => [h, rows[1]![i]]));
    expect(row['Order id']).toBe(hostile.id);
    expect(row).toMatchObject({
      Name: `'=HYPERLINK("http://evil.example","Click") Khan`,
      Address: `'@SUM(1+1), Flat 2, "Blue" House`,
      City: "'+cmd|/C calc",
      State: "'-2+3",
      Postcode: "'=1",
    });
    expect(answer.text).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"") Khan"');
    for (const cell of rows.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("gives each order's money as its ledger has it: paid, refunded, held, outstanding and refund due in its currency and in rupees, the methods and the references", async () => {
    const by = { id: 'staff-1', email: 'staff@bastaa.pk' };
    const entry = (e: Partial<LedgerEntry> & Pick<LedgerEntry, 'method' | 'amount'>) =>
      ({
        id: randomUUID(),
        kind: 'payment',
        at: at('2026-01-12T11:00:00Z'),
        reference: null,
        by,
        status: 'Order Placed',
        ...e,
      }) as LedgerEntry;
    // Paid in two parts, ₨750 refunded to the bank, and a card refund the gateway refused.
    const released = entry({ kind: 'refund', method: 'Card', amount: 500, reference: 'rf_9' });
    const rupees = await seedOrder({
      date: at('2026-01-12T10:00:00Z'),
      amountPkr: 9500,
      amount: 9500,
      deliveryFee: 250,
      total: 9750,
      payments: [
        entry({ method: 'Bank Transfer', amount: 5000, amountPkr: 5000, reference: 'FT-1' }),
        entry({ method: 'JazzCash', amount: 4750, amountPkr: 4750, reference: 'JC-2' }),
        entry({
          kind: 'refund',
          method: 'Bank Transfer',
          amount: 750,
          amountPkr: 750,
          reference: 'FT-R1',
        }),
        { ...released, pending: true },
      ],
      refundOutcomes: { [released.id]: 'released' },
    });
    // A USD order ($39.40, ₨10,944) with $20 paid: $19.40 still owed.
    const dollars = await seedOrder({
      date: at('2026-01-12T12:00:00Z'),
      currency: 'USD',
      rate: 0.0036,
      amountPkr: 4000,
      amount: 14.4,
      deliveryFee: 25,
      total: 39.4,
      paymentMethod: 'Bank Transfer',
      payments: [
        entry({ method: 'Bank Transfer', amount: 20, amountPkr: 5556, reference: 'SW 77' }),
      ],
    });
    // Paid twice over: ₨9,750 held on a ₨9,750 order plus a ₨1,000 surplus to send back.
    const overpaid = await seedOrder({
      date: at('2026-01-12T13:00:00Z'),
      amountPkr: 9500,
      amount: 9500,
      deliveryFee: 250,
      total: 9750,
      payments: [
        entry({ method: 'Bank Transfer', amount: 9750, amountPkr: 9750, reference: 'FT-3' }),
        entry({ method: 'EasyPaisa', amount: 1000, amountPkr: 1000, reference: 'EP-4' }),
      ],
    });
    const answer = await exportCsv({ from: '2026-01-12', to: '2026-01-12' });
    const rows = parseCsv(answer.text.slice(1));
    const byId = new Map(
      rows.slice(1).map((r) => [r[1], Object.fromEntries(rows[0]!.map((h, i) => [h, r[i]]))]),
    );
    const money = [
      'Paid',
      'Refunded',
      'Held',
      'Outstanding',
      'Refund due',
      'Paid PKR',
      'Refunded PKR',
      'Held PKR',
      'Outstanding PKR',
      'Refund due PKR',
      'Paid by',
      'Refunded by',
      'References',
    ];
    const pick = (id: string) => Object.fromEntries(money.map((h) => [h, byId.get(id)?.[h]]));
    expect(pick(rupees.id)).toEqual({
      Paid: '9750',
      Refunded: '750',
      Held: '9000',
      Outstanding: '0',
      'Refund due': '0',
      'Paid PKR': '9750',
      'Refunded PKR': '750',
      'Held PKR': '9000',
      'Outstanding PKR': '0',
      'Refund due PKR': '0',
      'Paid by': 'Bank Transfer; JazzCash',
      'Refunded by': 'Bank Transfer',
      References: 'FT-1; JC-2; FT-R1',
    });
    expect(pick(dollars.id)).toEqual({
      Paid: '20',
      Refunded: '0',
      Held: '20',
      Outstanding: '19.4',
      'Refund due': '0',
      'Paid PKR': '5556',
      'Refunded PKR': '0',
      'Held PKR': '5556',
      'Outstanding PKR': '5388',
      'Refund due PKR': '0',
      'Paid by': 'Bank Transfer',
      'Refunded by': '',
      References: 'SW 77',
    });
    expect(pick(overpaid.id)).toMatchObject({
      Paid: '10750',
      Held: '10750',
      Outstanding: '0',
      'Refund due': '1000',
      'Refund due PKR': '1000',
      'Paid by': 'Bank Transfer; EasyPaisa',
      References: 'FT-3; EP-4',
    });
  });

  it('writes who exported which period to the audit log', async () => {
    await exportCsv({ from: '2026-03-01', to: '2026-03-31' }, owner.token);
    const audit = await deskCall('audit', {
      token: owner.token,
      body: { action: 'orders.export', actorId: owner.id },
    });
    expect(audit.body.entries[0]).toMatchObject({
      target: 'orders:2026-03-01..2026-03-31',
      before: null,
      after: { rows: 4 },
    });
  });

  it('answers a header-only file for a period without orders', async () => {
    const answer = await exportCsv({ from: '2020-01-01', to: '2020-01-31' });
    expect(answer.status).toBe(200);
    expect(parseCsv(answer.text.slice(1))).toHaveLength(1);
  });

  it('refuses reversed, impossible, oversized and malformed periods with 400 and writes no audit entry', async () => {
    const before = (
      await deskCall('audit', { token: owner.token, body: { action: 'orders.export', limit: 500 } })
    ).body.entries.length;
    for (const [body, message] of [
      [{ from: '2026-03-02', to: '2026-03-01' }, DESK_OPS_ANSWERS.badDates],
      [{ from: '2026-02-30', to: '2026-03-01' }, DESK_OPS_ANSWERS.badDay('2026-02-30')],
      [{ from: '2026-01-01', to: '2026-13-01' }, DESK_OPS_ANSWERS.badDay('2026-13-01')],
      [{ from: '0001-01-01', to: '9999-12-31' }, DESK_OPS_ANSWERS.rangeTooLong(366)],
      [{ from: '2025-01-01', to: '2026-01-02' }, DESK_OPS_ANSWERS.rangeTooLong(366)],
      [{ from: '1 March', to: '2026-03-01' }, 'Dates must be written YYYY-MM-DD'],
      [{ from: '2026-03-01' }, 'Date is required'],
      [{ from: ['2026-03-01'], to: '2026-03-01' }, 'Must be text'],
    ] as const) {
      const answer = await exportCsv(body);
      expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual({
        status: 400,
        body: { success: false, message },
      });
    }
    const after = (
      await deskCall('audit', { token: owner.token, body: { action: 'orders.export', limit: 500 } })
    ).body.entries.length;
    expect(after).toBe(before);
  });

  it('accepts a leap year’s 366 days', async () => {
    expect((await exportCsv({ from: '2024-01-01', to: '2024-12-31' })).status).toBe(200);
  });
});
