// Booking a courier from the desk, through the desk router with real Requests, against the PostEx
// stand-in (src/demo/postex-stand-in.ts) on 127.0.0.1: an order in Packing is booked once however
// often and however fast Book is tapped, its airway bill downloads as a PDF, and a courier that is
// down, hangs or refuses changes nothing. Hostile calls (no session, a shopper's session, unknown
// or malformed ids, an oversized body) are refused.
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import { COURIER_MESSAGES } from '../../src/lib/contract/desk-couriers.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { signUp } from '../fixtures/api.ts';
import { desk, deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { apiRequest, useTempDataDir, setEnv } from '../fixtures/env.ts';
import { pdfText } from '../fixtures/pdf-text.ts';

const TOKEN = 'desk-test-postex-token';
let env: Awaited<ReturnType<typeof useTempDataDir>>;
let standIn: Awaited<ReturnType<typeof startPostexStandIn>>;
let staff: Member;
let owner: Member;
let restoreEnv: () => void;
const COURIER_ENV = {
  DEFAULT_COURIER: 'postex',
  POSTEX_API_TOKEN: TOKEN,
  POSTEX_API_URL: '',
  // Generous: a loaded machine must not turn a slow stand-in into a timeout; the hang test waits it out.
  COURIER_TIMEOUT_MS: '3000',
};

beforeAll(async () => {
  env = await useTempDataDir();
  standIn = await startPostexStandIn({ token: TOKEN });
  restoreEnv = setEnv({ ...COURIER_ENV, POSTEX_API_URL: standIn.apiUrl });
  staff = await enrol('staff', 'Packer');
  owner = await enrol('owner', 'Nadia Owner');
}, 60_000);
afterAll(async () => {
  restoreEnv();
  await standIn.close();
  await env.cleanup();
});
afterEach(() => {
  standIn.state.mode = 'ok';
});

const packing = (overrides: Partial<OrderRecord> = {}) =>
  seedOrder({
    status: 'Packing',
    address: lahoreAddress({ firstName: 'Ayesha', lastName: 'Khan' }),
    ...overrides,
  });
const book = (order: string, token = staff.token) =>
  deskCall('orders/book-courier', { body: { order }, token });
const stored = async (id: string) => (await (await getStore()).orders.get(id))!;

describe('Book with the courier', { timeout: 60_000 }, () => {
  it('books an order in Packing: the order keeps the tracking number, and the courier holds the COD due in rupees', async () => {
    const order = await packing();
    const answer = await book(order.id);
    expect(answer.status).toBe(200);
    const trackingNumber = answer.body.booking.trackingNumber as string;
    expect(answer.body).toEqual({
      success: true,
      message: COURIER_MESSAGES.booked('PostEx', trackingNumber),
      replayed: false,
      booking: {
        courier: 'postex',
        courierLabel: 'PostEx',
        trackingNumber,
        bookedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        labelAvailable: true,
        test: true,
      },
    });
    expect(standIn.book.parcels.get(trackingNumber)).toMatchObject({
      cod: 8350,
      city: 'Lahore',
      consignee: { name: 'Ayesha Khan', phone: '03001234567', address: '12 Canal View' },
    });
    expect((await stored(order.id)).courierBooking).toMatchObject({
      state: 'booked',
      courier: 'postex',
      trackingNumber,
      test: true,
      by: { id: staff.id },
    });
  });

  it("shows the booking on the order's detail once booked, and nothing before", async () => {
    const order = await packing();
    const show = async () =>
      (await deskCall('orders/show', { body: { order: order.id }, token: staff.token })).body.order;
    expect(await show()).not.toHaveProperty('booking');
    const booked = await book(order.id);
    expect((await show()).booking).toEqual(booked.body.booking);
  });

  it('answers a second tap with the same booking and books nothing new', async () => {
    const order = await packing();
    const first = await book(order.id);
    const parcels = standIn.book.parcels.size;
    const second = await book(order.id);
    expect(second.status).toBe(200);
    expect(second.body.replayed).toBe(true);
    expect(second.body.message).toBe(
      COURIER_MESSAGES.alreadyBooked('PostEx', first.body.booking.trackingNumber),
    );
    expect(second.body.booking).toEqual(first.body.booking);
    expect(standIn.book.parcels.size).toBe(parcels);
  });

  it('books one parcel for ten taps at once: one books, the others are told it is being booked or answered the booking', async () => {
    const order = await packing();
    const parcels = standIn.book.parcels.size;
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(order.id)));
    expect(standIn.book.parcels.size).toBe(parcels + 1);
    expect(answers.filter((a) => a.status === 200 && a.body.replayed === false)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(COURIER_MESSAGES.beingBooked);
    }
  });

  it('downloads the airway bill as a PDF file with the tracking number', async () => {
    const order = await packing();
    const { trackingNumber } = (await book(order.id)).body.booking as { trackingNumber: string };
    const res = await desk(
      apiRequest('/api/desk/orders/courier-label', {
        body: { order: order.id },
        headers: { token: staff.token },
      }),
      { ip: '203.0.113.7' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="airway-bill-${trackingNumber}.pdf"`,
    );
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(trackingNumber);
  });

  const labelAndSlip = async (order: string, format: unknown, token = staff.token) =>
    desk(
      apiRequest('/api/desk/orders/courier-label', {
        body: { order, format },
        headers: { token },
      }),
      { ip: '203.0.113.7' },
    );

  it('prints the label with the packing slip on one A4 sheet: the courier’s page, a cut line, then the slip', async () => {
    const order = await packing();
    const { trackingNumber } = (await book(order.id)).body.booking as { trackingNumber: string };
    const res = await labelAndSlip(order.id, 'a4', owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="label-and-slip-a4-${trackingNumber}.pdf"`,
    );
    const pdf = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    const number = (await stored(order.id)).id.slice(-8).toUpperCase();
    // The courier's page is embedded as it came (its text uncompressed); the shop's own text is the slip.
    expect(Buffer.from(pdf).toString('latin1')).toContain(`(${trackingNumber}) Tj`);
    expect(pdfText(pdf)).toEqual([
      'Cut here: the label above goes on the parcel, the slip below inside it.',
      `Packing slip · Order #${number}`,
      expect.stringMatching(/^Placed \d{4}-\d{2}-\d{2} \d{2}:\d{2} · COD \(unpaid\)$/),
      'Ayesha Khan',
      '12 Canal View',
      'Lahore, Punjab 54000',
      'Pakistan',
      'Phone: +92 300 1234567',
      'Items:',
      '2 × City Tote, Black',
    ]);
  });

  it('prints the label and the slip on two 4 × 6 labels, the slip with only the city for a member not allowed customers’ details', async () => {
    const order = await packing();
    const { trackingNumber } = (await book(order.id)).body.booking as { trackingNumber: string };
    const res = await labelAndSlip(`#${order.id.slice(-8)}`, '4x6');
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPages().map((p) => p.getSize())).toEqual([
      { width: 288, height: 432 },
      { width: 288, height: 432 },
    ]);
    expect(Buffer.from(pdf).toString('latin1')).toContain(`(${trackingNumber}) Tj`);
    const slip = pdfText(pdf);
    expect(slip).toContain('Lahore, Punjab');
    expect(slip).toContain('2 × City Tote, Black');
    expect(slip).not.toContain('Ayesha Khan');
    expect(slip).not.toContain('12 Canal View');
    expect(slip.filter((line) => line.startsWith('Phone'))).toEqual([]);
  });

  it.each([['A4'], ['letter'], [''], [4], [null]])(
    'refuses the format %j with 400, sending nothing',
    async (format) => {
      const order = await packing();
      await book(order.id);
      const res = await labelAndSlip(order.id, format);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('Format must be a4 or 4x6');
    },
  );

  it('answers 503 when the courier’s airway bill is not a PDF, and sends no half-made sheet', async () => {
    const order = await packing();
    await book(order.id);
    standIn.state.mode = 'malformed';
    const res = await labelAndSlip(order.id, 'a4');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe(
      COURIER_MESSAGES.labelDown('PostEx'),
    );
  });

  it('refuses the airway bill of an order not booked', async () => {
    const order = await packing();
    const answer = await deskCall('orders/courier-label', {
      body: { order: order.id },
      token: staff.token,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(COURIER_MESSAGES.notBooked);
  });

  it.each([
    ['fails (HTTP 500)', 'fail'],
    ['hangs (no answer within the timeout)', 'hang'],
    ['answers nonsense', 'malformed'],
  ] as const)(
    'answers 503 when the courier %s, and changes nothing: a later tap books',
    async (_, mode) => {
      const order = await packing();
      const parcels = standIn.book.parcels.size;
      standIn.state.mode = mode;
      const answer = await book(order.id);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(COURIER_MESSAGES.courierDown('PostEx'));
      expect((await stored(order.id)).courierBooking).toBeUndefined();
      standIn.state.mode = 'ok';
      expect((await book(order.id)).status).toBe(200);
      expect(standIn.book.parcels.size).toBe(parcels + 1);
    },
  );

  it('answers 422 with the courier’s reason when it refuses the parcel, and changes nothing', async () => {
    const order = await packing({ address: lahoreAddress({ city: 'Gilgit' }) });
    const answer = await book(order.id);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(
      /^PostEx refused the booking, so nothing was booked: .*Gilgit/,
    );
    expect((await stored(order.id)).courierBooking).toBeUndefined();
  });

  it('refuses an order that is not in Packing, and one that ships abroad', async () => {
    const placed = await seedOrder({ status: 'Order Placed' });
    const abroad = await packing({
      address: lahoreAddress({ country: 'United Kingdom', city: 'Leeds' }),
    });
    const parcels = standIn.book.parcels.size;
    expect(await book(placed.id)).toMatchObject({
      status: 409,
      body: { message: COURIER_MESSAGES.notPacking('Order Placed') },
    });
    expect(await book(abroad.id)).toMatchObject({
      status: 409,
      body: { message: COURIER_MESSAGES.pakistanOnly },
    });
    expect(standIn.book.parcels.size).toBe(parcels);
  });

  it('answers 503 with what to set when no courier is connected, asking no courier', async () => {
    const order = await packing();
    const calls = standIn.state.calls;
    delete process.env.POSTEX_API_TOKEN;
    try {
      expect(await book(order.id)).toMatchObject({
        status: 503,
        body: { message: COURIER_MESSAGES.noCourier },
      });
    } finally {
      process.env.POSTEX_API_TOKEN = TOKEN;
    }
    expect(standIn.state.calls).toBe(calls);
    expect((await stored(order.id)).courierBooking).toBeUndefined();
  });
});

describe('hostile calls to Book', { timeout: 60_000 }, () => {
  it('refuses a caller without a desk session, and a shopper’s session, booking nothing', async () => {
    const order = await packing();
    const shopper = await signUp('Curious Shopper');
    const parcels = standIn.book.parcels.size;
    expect((await deskCall('orders/book-courier', { body: { order: order.id } })).status).toBe(401);
    expect(await book(order.id, shopper.token)).toMatchObject({
      status: 403,
      body: { message: DESK_ANSWERS.shopperToken },
    });
    expect(standIn.book.parcels.size).toBe(parcels);
  });

  it('answers 404 for an order id or number that is no order', async () => {
    for (const ref of ['ffffffff-0000-4000-8000-000000000000', '#DEADBEEF'])
      expect((await book(ref)).status).toBe(404);
  });

  it('refuses a malformed or oversized body before anything is read', async () => {
    const parcels = standIn.book.parcels.size;
    const raw = (rawBody: string) =>
      deskCall('orders/book-courier', { token: staff.token, rawBody } as never);
    expect((await deskCall('orders/book-courier', { body: {}, token: staff.token })).status).toBe(
      400,
    );
    expect(
      (await deskCall('orders/book-courier', { body: { order: 42 }, token: staff.token })).status,
    ).toBe(400);
    expect((await book('x'.repeat(65))).status).toBe(400);
    expect((await raw('{"order":')).status).toBe(400);
    expect((await raw(JSON.stringify({ order: 'a', pad: 'x'.repeat(200_000) }))).status).toBe(413);
    expect(standIn.book.parcels.size).toBe(parcels);
  });
});
