// The courier contract: each adapter of the courier port (src/server/couriers) against its local
// stand-in (src/demo/*-stand-in.ts) on 127.0.0.1. The two sides were written apart from the same
// documentation, so a field either side names wrongly shows up here as a refusal. Every call is
// also made against an answer broken on purpose (JSON of an unknown shape, an HTML page, HTTP 500,
// no answer at all) and with wrong keys: each is one CourierError of a kind the shop can act on,
// never a crash. Nothing here leaves the machine.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLeopardsStandIn } from '../../src/demo/leopards-stand-in.ts';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import type { StandInMode, StandInState } from '../../src/demo/courier-stand-in.ts';
import { money } from '../../src/lib/money.ts';
import {
  CourierError,
  LEOPARDS_BATCH,
  POSTEX_TRACK_BATCH,
  leopardsCourier,
  postexCourier,
  type Booking,
  type CourierAdapter,
  type CourierFailure,
  type ShipmentRequest,
} from '../../src/server/couriers/index.ts';

/**
 * The adapters' timeouts here: short for the calls to a hanging stand-in, so each costs little;
 * generous for the others, so a loaded machine never turns a slow answer into a timeout.
 */
const HANG_TIMEOUT_MS = 300;
const TIMEOUT_MS = 10_000;

type StandIn = Awaited<ReturnType<typeof startPostexStandIn>>;

interface Kit {
  name: string;
  start: () => Promise<StandIn>;
  adapter: (standIn: StandIn, keys: 'right' | 'wrong', timeoutMs?: number) => CourierAdapter;
  batch: number;
  /** A tracking number of the courier's form that it never issued. */
  unknownNumber: (index: number) => string;
}

const KITS: Kit[] = [
  {
    name: 'PostEx',
    start: () => startPostexStandIn({ token: 'postex-stand-in-token' }),
    adapter: (standIn, keys, timeoutMs = TIMEOUT_MS) =>
      postexCourier({
        token: keys === 'right' ? 'postex-stand-in-token' : 'not-the-token',
        apiUrl: standIn.apiUrl,
        timeoutMs,
      }),
    batch: POSTEX_TRACK_BATCH,
    unknownNumber: (index) => `3099${String(index).padStart(10, '0')}`,
  },
  {
    name: 'Leopards',
    start: () =>
      startLeopardsStandIn({ apiKey: 'lcs-stand-in-key', apiPassword: 'lcs-stand-in-password' }),
    adapter: (standIn, keys, timeoutMs = TIMEOUT_MS) =>
      leopardsCourier({
        apiKey: 'lcs-stand-in-key',
        apiPassword: keys === 'right' ? 'lcs-stand-in-password' : 'not-the-password',
        apiUrl: standIn.apiUrl,
        timeoutMs,
      }),
    batch: LEOPARDS_BATCH,
    unknownNumber: (index) => `LX${String(index).padStart(8, '0')}`,
  },
];

const shipment = (overrides: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  orderRef: 'BST-1001',
  cod: money(577_500, 'PKR'),
  weightGrams: 800,
  pieces: 1,
  consignee: {
    name: 'Ayesha Khan',
    phone: '03001234567',
    address: 'House 12, Street 4, Model Town',
    city: 'Lahore',
  },
  description: 'Lawn suit, 3 piece',
  ...overrides,
});

/** The CourierError a call ended in (and that it did end in one). */
async function failure(promise: Promise<unknown>): Promise<CourierError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}

const pdfText = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe.each(KITS)('the $name adapter against its stand-in', (kit) => {
  let standIn: StandIn;
  let courier: CourierAdapter;

  beforeAll(async () => {
    standIn = await kit.start();
    courier = kit.adapter(standIn, 'right');
  });
  afterAll(() => standIn.close());
  afterEach(() => {
    standIn.state.mode = 'ok';
  });

  const moveThrough = (trackingNumber: string, states: StandInState[]) => {
    for (const state of states) standIn.book.move(trackingNumber, state);
  };

  it('lists the cities it serves, Lahore among the delivery cities', async () => {
    const cities = await courier.cities();
    expect(cities.find((city) => city.name === 'Lahore')).toMatchObject({ delivery: true });
  });

  it('books a COD parcel, and the courier holds its COD in whole rupees, its consignee and its order reference', async () => {
    const booking = await courier.book(shipment());
    const parcel = standIn.book.parcels.get(booking.trackingNumber);
    expect(booking.courier).toBe(courier.name);
    expect(parcel).toMatchObject({
      cod: 5775,
      orderRef: 'BST-1001',
      city: 'Lahore',
      consignee: { name: 'Ayesha Khan', phone: '03001234567' },
      state: 'booked',
    });
  });

  it('serves the airway bill as a PDF that contains the tracking number', async () => {
    const booking = await courier.book(shipment());
    const pdf = await courier.airwayBill(booking);
    expect(pdfText(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(booking.trackingNumber);
    expect(pdfText(pdf)).toContain('%%EOF');
  });

  it('cancels a booking the rider has not picked up', async () => {
    const booking = await courier.book(shipment());
    await courier.cancel(booking.trackingNumber);
    expect(standIn.book.parcels.get(booking.trackingNumber)?.state).toBe('cancelled');
    const [tracked] = await courier.track([booking.trackingNumber]);
    expect(tracked?.state).toBe('cancelled');
  });

  it('refuses to cancel a parcel already picked up, and the parcel stays with the courier', async () => {
    const booking = await courier.book(shipment());
    moveThrough(booking.trackingNumber, ['picked_up']);
    expect((await failure(courier.cancel(booking.trackingNumber))).kind).toBe('rejected');
    expect(standIn.book.parcels.get(booking.trackingNumber)?.state).toBe('picked_up');
  });

  it('tracks one parcel from booked through picked up and out for delivery to delivered', async () => {
    const { trackingNumber } = await courier.book(shipment());
    const seen: string[] = [];
    for (const state of ['picked_up', 'out_for_delivery', 'delivered'] as const) {
      const [before] = await courier.track([trackingNumber]);
      seen.push(before!.state);
      standIn.book.move(trackingNumber, state);
    }
    const [last] = await courier.track([trackingNumber]);
    seen.push(last!.state);
    expect(seen).toEqual(['booked', 'picked_up', 'out_for_delivery', 'delivered']);
    expect(last!.events.map((event) => event.state)).toEqual(seen);
  });

  it('tracks a failed attempt as attempted, and a refusal as refused and then returned to the shop', async () => {
    const attempted = await courier.book(shipment({ orderRef: 'BST-1002' }));
    const refused = await courier.book(shipment({ orderRef: 'BST-1003' }));
    moveThrough(attempted.trackingNumber, ['picked_up', 'out_for_delivery', 'attempted']);
    moveThrough(refused.trackingNumber, ['picked_up', 'out_for_delivery', 'refused']);
    const states = async () =>
      Object.fromEntries(
        (await courier.track([attempted.trackingNumber, refused.trackingNumber])).map((parcel) => [
          parcel.trackingNumber,
          parcel.state,
        ]),
      );
    expect(await states()).toEqual({
      [attempted.trackingNumber]: 'attempted',
      [refused.trackingNumber]: 'refused',
    });
    standIn.book.move(refused.trackingNumber, 'returned');
    expect((await states())[refused.trackingNumber]).toBe('returned');
  });

  it(`tracks many parcels in batches of ${kit.batch}, one request per batch, leaving out numbers it never issued`, async () => {
    const booked = [
      await courier.book(shipment({ orderRef: 'BST-2001' })),
      await courier.book(shipment({ orderRef: 'BST-2002' })),
    ];
    const numbers = [
      ...booked.map((booking) => booking.trackingNumber),
      ...Array.from({ length: kit.batch * 2 }, (_, index) => kit.unknownNumber(index)),
    ];
    const before = standIn.state.calls;
    const tracked = await courier.track(numbers);
    expect(standIn.state.calls - before).toBe(3);
    expect(tracked.map((parcel) => parcel.trackingNumber).sort()).toEqual(
      booked.map((booking) => booking.trackingNumber).sort(),
    );
  });

  it('moves a parcel through the control address a person uses by hand, and refuses an impossible move', async () => {
    const { trackingNumber } = await courier.book(shipment());
    const move = (state: string) =>
      fetch(`${standIn.url}/__stand-in/move`, {
        method: 'POST',
        body: JSON.stringify({ trackingNumber, state }),
      });
    expect((await move('picked_up')).status).toBe(200);
    const impossible = await move('delivered');
    expect(impossible.status).toBe(400);
    expect(await impossible.json()).toEqual({
      message: 'a picked_up parcel cannot become delivered',
    });
    expect((await courier.track([trackingNumber]))[0]?.state).toBe('picked_up');
  });

  it('refuses more than 1,000 tracking numbers in one call without asking the courier', async () => {
    const before = standIn.state.calls;
    const numbers = Array.from({ length: 1001 }, (_, index) => kit.unknownNumber(index));
    expect((await failure(courier.track(numbers))).kind).toBe('invalid-input');
    expect(standIn.state.calls).toBe(before);
  });

  it('reports a delivered parcel unpaid until the courier remits its cash, then paid with its reference', async () => {
    const { trackingNumber } = await courier.book(shipment());
    moveThrough(trackingNumber, ['picked_up', 'out_for_delivery', 'delivered']);
    expect(await courier.remittances([trackingNumber])).toEqual([
      { trackingNumber, paid: false, reference: null, paidOn: null, amount: null },
    ]);
    standIn.book.remit(trackingNumber, 'CPR-0042');
    const [line] = await courier.remittances([trackingNumber]);
    expect(line).toMatchObject({ trackingNumber, paid: true, reference: 'CPR-0042' });
    expect(line!.paidOn).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('refuses a COD in paisa or in another currency, and a phone that is not a Pakistani mobile, without asking the courier', async () => {
    const before = standIn.state.calls;
    const asks = [
      shipment({ cod: money(577_550, 'PKR') }),
      shipment({ cod: money(2_000, 'USD') }),
      shipment({ consignee: { ...shipment().consignee, phone: '12345' } }),
      shipment({ pieces: 0 }),
    ];
    for (const ask of asks) expect((await failure(courier.book(ask))).kind).toBe('invalid-input');
    expect(standIn.state.calls).toBe(before);
  });

  it('refuses a booking to a city the courier does not serve, and books nothing', async () => {
    const parcels = standIn.book.parcels.size;
    const error = await failure(
      courier.book(shipment({ consignee: { ...shipment().consignee, city: 'Atlantis' } })),
    );
    expect(error.message).toContain('Atlantis');
    expect(standIn.book.parcels.size).toBe(parcels);
  });

  /** Each call of the port, made on a parcel booked while the stand-in still answered. */
  const CALLS: [string, (adapter: CourierAdapter, booking: Booking) => Promise<unknown>][] = [
    ['listing cities', (adapter) => adapter.cities()],
    ['booking', (adapter) => adapter.book(shipment({ orderRef: 'BST-3001' }))],
    ['the airway bill', (adapter, booking) => adapter.airwayBill(booking)],
    ['cancelling', (adapter, booking) => adapter.cancel(booking.trackingNumber)],
    ['tracking', (adapter, booking) => adapter.track([booking.trackingNumber])],
    ['the remittance report', (adapter, booking) => adapter.remittances([booking.trackingNumber])],
  ];
  const FAULTS: [StandInMode, string, CourierFailure][] = [
    ['malformed', 'JSON of an unknown shape', 'malformed-answer'],
    ['not-json', 'an HTML page instead of JSON', 'malformed-answer'],
    ['fail', 'HTTP 500', 'unreachable'],
    ['hang', 'no answer at all', 'timeout'],
  ];

  describe.each(CALLS)('%s', (_, call) => {
    it.each(FAULTS)(
      'answered with %s (%s) is a CourierError of kind %s, and the shop is told in one line',
      async (mode, __, kind) => {
        const booking = await courier.book(shipment());
        standIn.state.mode = mode;
        const adapter = mode === 'hang' ? kit.adapter(standIn, 'right', HANG_TIMEOUT_MS) : courier;
        const error = await failure(call(adapter, booking));
        expect(error.kind).toBe(kind);
        expect(error.message).toMatch(new RegExp(`^${kit.name}`));
        expect(error.message).not.toContain('\n');
      },
    );
  });

  const KEYED =
    kit.name === 'Leopards' ? CALLS.filter(([name]) => name !== 'the airway bill') : CALLS;
  it.each(KEYED)('%s with wrong keys is refused, naming the keys to check', async (_, call) => {
    const booking = await courier.book(shipment());
    const error = await failure(call(kit.adapter(standIn, 'wrong'), booking));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/POSTEX_API_TOKEN|LEOPARDS_API_KEY/);
  });
});

describe('the Leopards airway bill', () => {
  it('is fetched only from Leopards or the configured API, never from an address a bad answer names', async () => {
    const standIn = await startLeopardsStandIn({ apiKey: 'k', apiPassword: 'p' });
    try {
      const courier = leopardsCourier({
        apiKey: 'k',
        apiPassword: 'p',
        apiUrl: standIn.apiUrl,
        timeoutMs: TIMEOUT_MS,
      });
      const booking = await courier.book(shipment());
      const before = standIn.state.calls;
      for (const labelUrl of [
        'http://169.254.169.254/latest/meta-data',
        'http://leopardscourier.com.evil.test/x.pdf',
        'not a url',
      ])
        expect((await failure(courier.airwayBill({ ...booking, labelUrl }))).kind).toBe(
          'invalid-input',
        );
      expect((await failure(courier.airwayBill({ ...booking, labelUrl: null }))).kind).toBe(
        'invalid-input',
      );
      expect(standIn.state.calls).toBe(before);
    } finally {
      await standIn.close();
    }
  });
});
