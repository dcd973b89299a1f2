// Returns and exchanges through the account and desk routers with real Requests: the shopper's
// request (their own delivered Pakistan order, within 7 days, lines of the order), every staff step
// with its timeline event, audit entry and shopper mail, and the attacks: orders not delivered,
// abroad, day 8, someone else's, lines not ordered, a second request, replays, races of two staff,
// steps out of order, shopper tokens on desk calls and no token at all.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { RETURN_MESSAGES, RETURN_WINDOW_MS } from '../../src/lib/returns/rules.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { REFUND_ACCOUNT_MESSAGES } from '../../src/lib/returns/refund-account.ts';
import { paidLedger } from '../fixtures/store.ts';
import { financialState, ledgerSums } from '../../src/lib/orders/ledger.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let shopper: { token: string; email: string; id: string };
let other: { token: string; email: string; id: string };

const DAY = 24 * 60 * 60 * 1000;
const courier = { id: 'staff-x', email: 'courier.desk@bastaa.pk' };
let seq = 0;

async function shopperNamed(name: string) {
  const s = await signUp(name);
  const user = await (await getStore()).users.findByEmail(s.email);
  return { ...s, id: user!.id };
}

/** A delivered order of `userId`, delivered `ago` ms before now, with two lines. */
function delivered(
  userId: string,
  ago = DAY,
  overrides: Partial<OrderRecord> = {},
): Promise<OrderRecord> {
  const at = Date.now() - ago;
  const n = String(++seq).padStart(12, '0');
  return seedOrder({
    id: `eeeeeeee-0000-4000-8000-${n}`,
    userId,
    status: 'Delivered',
    date: new Date(at - 3 * DAY).toISOString(),
    items: [
      {
        productId: 'city-tote',
        productName: 'City Tote',
        selectedColor: 'Black',
        imageIndex: '0',
        image: '/photos/city-tote.jpg',
        price: 4500,
        discountPercent: 10,
        wholesalePrice: null,
        unitPrice: 4050,
        quantity: 2,
        lineTotal: 8100,
      },
      {
        productId: 'slim-sleeve',
        productName: 'Slim Sleeve',
        selectedColor: 'Grey',
        imageIndex: '1',
        image: '/photos/slim-sleeve.jpg',
        price: 2000,
        discountPercent: 0,
        wholesalePrice: null,
        unitPrice: 2000,
        quantity: 1,
        lineTotal: 2000,
      },
    ],
    amountPkr: 10100,
    amount: 10100,
    deliveryFee: 250,
    total: 10350,
    address: lahoreAddress({ email: `returns${seq}@example.com` }),
    // The courier's cash, collected on delivery.
    payments: paidLedger(10350, 'COD', null),
    history: [
      {
        at: new Date(at - DAY).toISOString(),
        from: 'Packing',
        to: 'Out for Delivery',
        by: courier,
      },
      { at: new Date(at).toISOString(), from: 'Out for Delivery', to: 'Delivered', by: courier },
    ],
    ...overrides,
  });
}

async function ask(token: string | undefined, body: unknown) {
  const answer = await call(account, '/api/order/return', { body, ...(token ? { token } : {}) });
  await settleBackground();
  return answer;
}
/** A request body; a return of these COD orders gives the wallet its refund goes to. */
function aReturn(orderId: string, overrides: object = {}) {
  const body: Record<string, unknown> = {
    orderId,
    kind: 'return',
    reason: 'Too small for my laptop',
    items: [{ line: 0, quantity: 1 }],
    ...overrides,
  };
  if (body.kind === 'return' && !Object.hasOwn(overrides, 'refundAccount'))
    body.refundAccount = '0300 1234567';
  return body;
}
/** A desk step; its mail is written before the next call, so the outbox sorts them in order. */
async function step(body: object, token = staff.token) {
  const answer = await deskCall('returns/step', { body, token });
  await settleBackground();
  return answer;
}
const stored = async (id: string) => (await getStore()).orders.get(id);

/** The dev outbox's mails to one address, oldest first. */
async function mailsTo(email: string): Promise<string[]> {
  await settleBackground();
  const dir = path.join(env.dir, 'outbox');
  return readdirSync(dir)
    .filter((f) => f.endsWith(`${email}.txt`))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Staff');
  // Refunds are the owner's: this member sends returns' refunds because the owner allowed it.
  const granted = await deskCall('staff/refunds', {
    token: owner.token,
    body: { staffId: staff.id, allowed: true },
  });
  expect(granted.status).toBe(200);
  shopper = await shopperNamed('Sana Malik');
  other = await shopperNamed('Other Shopper');
}, 60_000);
afterAll(async () => env.cleanup());

describe("the shopper's request", { timeout: 60_000 }, () => {
  it('asks to return items of a delivered Pakistan order, sees it with the order, and is mailed', async () => {
    const order = await delivered(shopper.id, 2 * DAY);
    const answer = await ask(
      shopper.token,
      aReturn(order.id, { items: [{ line: 1, quantity: 1 }] }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      'Your return request has been sent. We will e-mail you once it is reviewed.',
    );
    expect(answer.body.order.return).toMatchObject({
      kind: 'return',
      state: 'requested',
      lines: [{ line: 1, productName: 'Slim Sleeve', selectedColor: 'Grey', quantity: 1 }],
      reason: 'Too small for my laptop',
      refusalReason: null,
      pickup: null,
      refund: null,
    });
    expect(answer.body.order.deliveredAt).toBe(Date.parse(order.history![1]!.at));

    const list = await call(account, '/api/order/userorders', { token: shopper.token });
    const listed = list.body.orders.find((o: { _id: string }) => o._id === order.id);
    expect(listed.return.state).toBe('requested');

    const detail = await deskCall('orders/show', { body: { order: order.id }, token: staff.token });
    expect(detail.body.order.timeline.at(-1)).toMatchObject({
      from: 'Delivered',
      to: 'Delivered',
      by: 'the shopper',
      note: 'Return requested: Too small for my laptop',
    });
    const [mail] = await mailsTo(order.address.email);
    expect(mail).toContain('We have received your return request and will review it shortly.');
    expect(mail).toContain('- Slim Sleeve (Grey) x 1');
  });

  it('asks for an exchange, in its own words', async () => {
    const order = await delivered(shopper.id);
    const answer = await ask(shopper.token, aReturn(order.id, { kind: 'exchange' }));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      'Your exchange request has been sent. We will e-mail you once it is reviewed.',
    );
    expect(answer.body.order.return.kind).toBe('exchange');
  });

  it('is refused for an order not delivered yet, and nothing changes', async () => {
    const order = await delivered(shopper.id, DAY, { status: 'Out for Delivery', history: [] });
    const answer = await ask(shopper.token, aReturn(order.id));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'A return or exchange can be requested once the order has been delivered.',
    );
    expect(await stored(order.id)).toEqual(order);
  });

  it('is refused for an order delivered abroad', async () => {
    const order = await delivered(shopper.id, DAY, {
      address: lahoreAddress({ country: 'United Kingdom', city: 'London', state: 'England' }),
      currency: 'GBP',
    });
    const answer = await ask(shopper.token, aReturn(order.id));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'Returns and refunds are available for orders delivered in Pakistan only.',
    );
    expect(await stored(order.id)).toEqual(order);
  });

  it('is refused on day 8, naming when the window closed', async () => {
    const order = await delivered(shopper.id, RETURN_WINDOW_MS + 60_000);
    const answer = await ask(shopper.token, aReturn(order.id));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(
      /^The 7-day return window for this order closed on \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Pakistan time\)\.$/,
    );
    expect(await stored(order.id)).toEqual(order);
  });

  it("answers someone else's order and an unknown id as not found", async () => {
    const order = await delivered(other.id);
    for (const orderId of [order.id, 'no-such-order']) {
      const answer = await ask(shopper.token, aReturn(orderId));
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Order not found.');
    }
    expect(await stored(order.id)).toEqual(order);
  });

  it('refuses items not in the order, more than ordered, or chosen twice', async () => {
    const order = await delivered(shopper.id);
    const cases: [object, string][] = [
      [{ items: [{ line: 2, quantity: 1 }] }, 'One of the chosen items is not in this order.'],
      [
        { items: [{ line: 0, quantity: 3 }] },
        'You ordered 2 of City Tote: you cannot send back more than that.',
      ],
      [
        {
          items: [
            { line: 0, quantity: 1 },
            { line: 0, quantity: 1 },
          ],
        },
        'Each item may be chosen only once.',
      ],
    ];
    for (const [overrides, message] of cases) {
      const answer = await ask(shopper.token, aReturn(order.id, overrides));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(await stored(order.id)).toEqual(order);
  });

  it('refuses malformed and oversized bodies with a clear message', async () => {
    const order = await delivered(shopper.id);
    const cases: [object, string][] = [
      [{ items: [] }, 'Please choose at least one item to return or exchange.'],
      [{ kind: 'refund' }, 'Please choose return or exchange.'],
      [{ reason: '   ' }, 'Please tell us why you are returning or exchanging these items.'],
      [{ reason: 'x'.repeat(301) }, 'Must be at most 300 characters'],
      [{ items: [{ line: 0, quantity: 0 }] }, 'Quantity must be at least 1'],
      [{ items: [{ line: '0', quantity: 1 }] }, 'Line must be a number'],
      [{ orderId: { $ne: null } }, 'Must be text'],
    ];
    for (const [overrides, message] of cases) {
      const answer = await ask(shopper.token, aReturn(order.id, overrides));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(await stored(order.id)).toEqual(order);
  });

  it('refuses a body over 100 KB with 413 before reading it', async () => {
    const order = await delivered(shopper.id);
    const answer = await ask(shopper.token, aReturn(order.id, { reason: 'x'.repeat(150_000) }));
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('Request body is too large');
    const desk = await step({ order: order.id, to: 'refused', reason: 'y'.repeat(150_000) });
    expect(desk.status).toBe(413);
    expect(await stored(order.id)).toEqual(order);
  });

  it('refuses a second request and a replay of the first, keeping the first', async () => {
    const order = await delivered(shopper.id);
    expect((await ask(shopper.token, aReturn(order.id))).status).toBe(200);
    const before = await stored(order.id);
    for (const body of [aReturn(order.id), aReturn(order.id, { kind: 'exchange' })]) {
      const answer = await ask(shopper.token, body);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        'A return or exchange has already been requested for this order.',
      );
    }
    expect(await stored(order.id)).toEqual(before);
  });

  it('keeps one of 6 requests sent at once', async () => {
    const order = await delivered(shopper.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        ask(shopper.token, aReturn(order.id, { reason: `Reason ${n}` })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const saved = await stored(order.id);
    expect(saved?.history?.filter((e) => e.returnStep === 'requested')).toHaveLength(1);
  });

  it('answers 401 without a token and with a desk token', async () => {
    const order = await delivered(shopper.id);
    expect((await ask(undefined, aReturn(order.id))).status).toBe(401);
    expect((await ask(staff.token, aReturn(order.id))).status).toBe(401);
    expect(await stored(order.id)).toEqual(order);
  });
});

describe('the refund account of a cash-on-delivery return', { timeout: 60_000 }, () => {
  it('is asked for, checked (IBAN check digits, Pakistani mobile) and refused with the reason, changing nothing', async () => {
    const order = await delivered(shopper.id);
    const cases: [string | undefined, string][] = [
      [undefined, REFUND_ACCOUNT_MESSAGES.required],
      ['   ', 'Refund account is required'],
      ['PK36SCBL0000001123456703', 'IBAN check digits do not match: please check for a typo'],
      ['PK36 SCBL 0000', 'IBAN must be PK followed by 22 letters and digits'],
      ['12345', REFUND_ACCOUNT_MESSAGES.badWallet],
      ['x'.repeat(41), 'Must be at most 40 characters'],
    ];
    for (const [refundAccount, message] of cases) {
      const answer = await ask(
        shopper.token,
        aReturn(
          order.id,
          refundAccount === undefined ? { refundAccount: undefined } : { refundAccount },
        ),
      );
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message,
      });
    }
    expect(await stored(order.id)).toEqual(order);
  });

  it('is kept with the request and shown to staff at the refund step, as an IBAN or a wallet', async () => {
    const order = await delivered(shopper.id);
    const asked = await ask(
      shopper.token,
      aReturn(order.id, { refundAccount: 'pk36-scbl-0000-0011-2345-6702' }),
    );
    expect(asked.status).toBe(200);
    expect((await stored(order.id))?.returnRequest?.refundAccount).toEqual({
      kind: 'iban',
      value: 'PK36SCBL0000001123456702',
    });
    const listed = await deskCall('returns/list', { body: {}, token: staff.token });
    const mine = listed.body.returns.find((r: { orderId: string }) => r.orderId === order.id);
    expect(mine.refundAccount).toBe('IBAN PK36 SCBL 0000 0011 2345 6702');
  });

  it('is not taken for an exchange, which is not refunded', async () => {
    const order = await delivered(shopper.id);
    const answer = await ask(
      shopper.token,
      aReturn(order.id, { kind: 'exchange', refundAccount: '03001234567' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(REFUND_ACCOUNT_MESSAGES.notTaken);
    expect(await stored(order.id)).toEqual(order);
  });
});

describe('the desk steps of a request', { timeout: 60_000 }, () => {
  it('walks a COD return to its refund: timeline, audit, a mail per step, and the shopper sees each', async () => {
    const order = await delivered(shopper.id);
    await ask(shopper.token, aReturn(order.id, { items: [{ line: 0, quantity: 2 }] }));
    const number = order.id.slice(-8).toUpperCase();

    const approved = await step({ order: `#${number}`, to: 'approved', version: 1 });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(`Order #${number}: the request is now Approved.`);
    const scheduled = await step({
      order: order.id,
      to: 'pickupScheduled',
      pickupFrom: '2031-03-04T10:00',
      pickupTo: '2031-03-04T14:00',
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.return.pickupKarachi).toEqual({
      from: '2031-03-04 10:00',
      to: '2031-03-04 14:00',
    });
    expect(scheduled.body.return.pickup.from).toBe(Date.parse('2031-03-04T05:00:00.000Z'));
    expect((await step({ order: order.id, to: 'received' })).status).toBe(200);
    const refunded = await step(
      { order: order.id, to: 'refunded', method: 'JazzCash', reference: 'JC-5512', amount: 8100 },
      owner.token,
    );
    expect(refunded.status).toBe(200);
    expect(refunded.body.return).toMatchObject({
      state: 'refunded',
      version: 5,
      refund: { method: 'JazzCash', reference: 'JC-5512', amount: 8100 },
    });
    expect(
      refunded.body.return.steps.map((s: { state: string; by: string; note: string | null }) => [
        s.state,
        s.by,
        s.note,
      ]),
    ).toEqual([
      ['requested', 'the shopper', 'Return requested: Too small for my laptop'],
      ['approved', staff.email, null],
      ['pickupScheduled', staff.email, null],
      ['received', staff.email, null],
      ['refunded', owner.email, '8100 PKR by JazzCash, reference JC-5512'],
    ]);

    // The desk's timeline shows each step as a return step and the money as a refund, not as moves.
    const detail = await deskCall('orders/show', { body: { order: order.id }, token: staff.token });
    expect(
      detail.body.order.timeline.map(
        (e: { kind: string; to: string; returnStep: string | null; method: string | null }) => [
          e.kind,
          e.to,
          e.returnStep ?? e.method,
        ],
      ),
    ).toEqual([
      ['placed', 'Order Placed', null],
      ...order.history!.map((e) => ['move', e.to, null]),
      // The cash the fixture's order was paid with, on delivery.
      ...order.payments!.map((p) => ['payment', p.status, p.method]),
      ['return', 'Delivered', 'requested'],
      ['return', 'Delivered', 'approved'],
      ['return', 'Delivered', 'pickupScheduled'],
      ['return', 'Delivered', 'received'],
      ['return', 'Delivered', 'refunded'],
      ['refund', 'Delivered', 'JazzCash'],
    ]);

    const log = await deskCall('audit', {
      body: { target: `order:${order.id}`, action: 'return.step' },
      token: owner.token,
    });
    expect(
      log.body.entries.map((e: { actor: { email: string }; before: unknown; after: unknown }) => [
        e.actor.email,
        e.before,
        e.after,
      ]),
    ).toEqual([
      [
        owner.email,
        { state: 'received', version: 4 },
        {
          state: 'refunded',
          version: 5,
          refund: { method: 'JazzCash', reference: 'JC-5512', amountPkr: 8100 },
        },
      ],
      [staff.email, { state: 'pickupScheduled', version: 3 }, { state: 'received', version: 4 }],
      [
        staff.email,
        { state: 'approved', version: 2 },
        {
          state: 'pickupScheduled',
          version: 3,
          pickup: { from: '2031-03-04T05:00:00.000Z', to: '2031-03-04T09:00:00.000Z' },
        },
      ],
      [staff.email, { state: 'requested', version: 1 }, { state: 'approved', version: 2 }],
    ]);

    const mails = await mailsTo(order.address.email);
    expect(mails).toHaveLength(5);
    expect(mails[1]).toContain('Your return has been approved.');
    expect(mails[1]).toContain(
      'Your refund will be sent to the mobile wallet 03001234567 you gave us.',
    );
    expect(mails[2]).toContain(
      'Our courier will pick up the items between 2031-03-04 10:00 and 2031-03-04 14:00 (Pakistan time).',
    );
    expect(mails[3]).toContain('Refunds are issued within 7 business days');
    expect(mails[4]).toContain('Reference: JC-5512');

    const list = await call(account, '/api/order/userorders', { token: shopper.token });
    const seen = list.body.orders.find((o: { _id: string }) => o._id === order.id);
    expect(seen.return).toMatchObject({
      state: 'refunded',
      refund: { method: 'JazzCash', reference: 'JC-5512', amount: 8100 },
    });
  });

  it('ships an exchange and never refunds it; a return is never shipped', async () => {
    const exchange = await delivered(shopper.id);
    await ask(shopper.token, aReturn(exchange.id, { kind: 'exchange' }));
    const ret = await delivered(shopper.id);
    await ask(shopper.token, aReturn(ret.id));
    for (const o of [exchange, ret]) {
      await step({ order: o.id, to: 'approved' });
      await step({
        order: o.id,
        to: 'pickupScheduled',
        pickupFrom: '2031-03-04T10:00',
        pickupTo: '2031-03-04T14:00',
      });
      await step({ order: o.id, to: 'received' });
    }
    const refund = await step({
      order: exchange.id,
      to: 'refunded',
      method: 'Bank Transfer',
      reference: 'X',
      amount: 100,
    });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe('An exchange is shipped, not refunded.');
    const ship = await step({ order: ret.id, to: 'exchangeShipped' });
    expect(ship.status).toBe(409);
    expect(ship.body.message).toBe('A return is refunded, not shipped.');
    const shipped = await step({
      order: exchange.id,
      to: 'exchangeShipped',
      courier: 'TCS',
      trackingNumber: 'LHR-9',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.return.exchangeShipping).toEqual({
      courier: 'TCS',
      trackingNumber: 'LHR-9',
    });
    expect((await mailsTo(exchange.address.email)).at(-1)).toContain('Tracking number: LHR-9');
  });

  it('refuses with a reason, which the shopper is mailed and sees; nothing moves after', async () => {
    const order = await delivered(shopper.id);
    await ask(shopper.token, aReturn(order.id));
    const bare = await step({ order: order.id, to: 'refused' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Please give the shopper a reason for refusing.');
    const refused = await step({ order: order.id, to: 'refused', reason: 'The bag has been used' });
    expect(refused.status).toBe(200);
    expect(refused.body.return.refusalReason).toBe('The bag has been used');
    expect((await mailsTo(order.address.email)).at(-1)).toContain('Reason: The bag has been used');
    const after = await step({ order: order.id, to: 'approved' });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('A request that is Refused cannot become Approved.');
  });

  it('refuses steps out of order, and wrong or missing details, changing nothing', async () => {
    const order = await delivered(shopper.id);
    await ask(shopper.token, aReturn(order.id));
    const before = await stored(order.id);
    const cases: [object, number, string][] = [
      [{ to: 'received' }, 409, 'A request that is Requested cannot become Received.'],
      [{ to: 'requested' }, 409, 'A request that is Requested cannot become Requested.'],
      [
        { to: 'approved', amount: 100 },
        400,
        'amount cannot be given when a request becomes Approved.',
      ],
      [{ to: 'nonsense' }, 400, 'Unknown step'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await step({ order: order.id, ...body });
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    await step({ order: order.id, to: 'approved' });
    const approved = await stored(order.id);
    const pickups: [object, string][] = [
      [{ pickupFrom: '2031-03-04T10:00' }, 'Please give the pick-up window: from and to.'],
      [
        { pickupFrom: '2031-03-04T14:00', pickupTo: '2031-03-04T10:00' },
        'The pick-up window must end after it starts.',
      ],
      [
        { pickupFrom: '2031-03-04 10:00', pickupTo: '2031-03-04T14:00' },
        'Times must be written YYYY-MM-DDTHH:mm',
      ],
    ];
    for (const [details, message] of pickups) {
      const answer = await step({ order: order.id, to: 'pickupScheduled', ...details });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(before?.returnRequest?.state).toBe('requested');
    expect(await stored(order.id)).toEqual(approved);
  });

  it('refuses a refund above the returned lines (plus the delivery fee only when the owner includes it) or without its details', async () => {
    const order = await delivered(shopper.id);
    await ask(shopper.token, aReturn(order.id));
    await step({ order: order.id, to: 'approved' });
    await step({
      order: order.id,
      to: 'pickupScheduled',
      pickupFrom: '2031-03-04T10:00',
      pickupTo: '2031-03-04T14:00',
    });
    await step({ order: order.id, to: 'received' });
    const received = await stored(order.id);
    const refund = (amount: number, extra: object = {}) =>
      step({
        order: order.id,
        to: 'refunded',
        method: 'Bank Transfer',
        reference: 'HBL-1',
        amount,
        ...extra,
      });
    // One City Tote of two came back: ₨4,050 of its ₨8,100 line.
    const tooMuch = await refund(4051);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(
      'The refund cannot be more than the returned items (₨4,050).',
    );
    const withDelivery = await refund(4301, { includeDelivery: true });
    expect(withDelivery.status).toBe(400);
    expect(withDelivery.body.message).toBe(
      'The refund cannot be more than the returned items and the delivery fee (₨4,300).',
    );
    const missing = await step({ order: order.id, to: 'refunded', method: 'Bank Transfer' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please give the refund method, reference and amount.');
    expect(await stored(order.id)).toEqual(received);
  });

  /** Walks a return of `items` on `order` to Received. */
  async function received(order: OrderRecord, items = [{ line: 0, quantity: 2 }]) {
    await ask(shopper.token, aReturn(order.id, { items }));
    await step({ order: order.id, to: 'approved' });
    await step({
      order: order.id,
      to: 'pickupScheduled',
      pickupFrom: '2031-03-04T10:00',
      pickupTo: '2031-03-04T14:00',
    });
    await step({ order: order.id, to: 'received' });
    return stored(order.id);
  }

  it('refuses to refund both items and the delivery when one line came back, and records the returned line as a refund on the ledger', async () => {
    const order = await delivered(shopper.id);
    const before = await received(order);
    const all = await step({
      order: order.id,
      to: 'refunded',
      method: 'Bank Transfer',
      reference: 'HBL-ALL',
      amount: 10350,
    });
    expect(all.status).toBe(400);
    expect(all.body.message).toBe('The refund cannot be more than the returned items (₨8,100).');
    expect(await stored(order.id)).toEqual(before);
    const line = await step({
      order: order.id,
      to: 'refunded',
      method: 'Bank Transfer',
      reference: 'HBL-LINE',
      amount: 8100,
    });
    expect(line.status).toBe(200);
    const after = (await stored(order.id))!;
    expect(after.payments?.at(-1)).toMatchObject({
      kind: 'refund',
      method: 'Bank Transfer',
      amount: 8100,
      reference: 'HBL-LINE',
      reason: 'return',
      by: { email: staff.email },
    });
    expect(ledgerSums(after)).toMatchObject({
      paidMinor: 1_035_000,
      refundedMinor: 810_000,
      heldMinor: 225_000,
    });
    expect(financialState(after)).toBe('partly refunded');
  });

  it('is a refund like any other: a member the owner has not allowed refunds is refused, and nothing changes', async () => {
    const order = await delivered(shopper.id);
    const before = await received(order);
    const packer = await enrol('staff', 'Packer');
    const refused = await step(
      {
        order: order.id,
        to: 'refunded',
        method: 'Bank Transfer',
        reference: 'HBL-NO',
        amount: 100,
      },
      packer.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DESK_ANSWERS.refundsOnly);
    expect(await stored(order.id)).toEqual(before);
  });

  it('keeps the returned lines on its ledger entry, so the order shows them refunded', async () => {
    const order = await delivered(shopper.id);
    await received(order);
    const done = await step({
      order: order.id,
      to: 'refunded',
      method: 'Bank Transfer',
      reference: 'HBL-LINES',
      amount: 8100,
    });
    expect(done.status).toBe(200);
    const after = (await stored(order.id))!;
    expect(after.payments!.at(-1)!.lines).toEqual(
      after.returnRequest!.lines.map((l) => ({ index: l.line, quantity: l.quantity })),
    );
  });

  it('refuses a refund on a delivered COD order with no payment recorded: no money goes out with none in', async () => {
    const order = await delivered(shopper.id, DAY, { payments: [] });
    const before = await received(order);
    const refund = await step({
      order: order.id,
      to: 'refunded',
      method: 'JazzCash',
      reference: 'JC-NONE',
      amount: 8100,
    });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(RETURN_MESSAGES.refundNoPayment);
    expect(refund.body.message).toBe(
      'No payment is recorded on this order, so nothing can be refunded.',
    );
    expect(await stored(order.id)).toEqual(before);
  });

  it('refuses a return refund whose reference another refund already holds, and changes nothing', async () => {
    const first = await delivered(shopper.id);
    await received(first);
    expect(
      (
        await step({
          order: first.id,
          to: 'refunded',
          method: 'EasyPaisa',
          reference: 'EP-77',
          amount: 8100,
        })
      ).status,
    ).toBe(200);
    const second = await delivered(shopper.id);
    const before = await received(second);
    const again = await step({
      order: second.id,
      to: 'refunded',
      method: 'EasyPaisa',
      reference: 'ep 77',
      amount: 8100,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RETURN_MESSAGES.refundReferenceTaken('ep 77'));
    expect(await stored(second.id)).toEqual(before);
  });

  it('lets one of two staff acting at once win; the other is told who did what', async () => {
    const order = await delivered(shopper.id);
    await ask(shopper.token, aReturn(order.id));
    const answers = await Promise.all([
      step({ order: order.id, to: 'approved', version: 1 }, staff.token),
      step({ order: order.id, to: 'refused', reason: 'Used', version: 1 }, owner.token),
    ]);
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const winner = won[0]!.body.return.steps.at(-1);
    expect(lost[0]!.body.message).toBe(
      `This request was just changed by ${winner.by}: it is now ${winner.state === 'approved' ? 'Approved' : 'Refused'}. Reload to see it.`,
    );
    expect((await stored(order.id))?.history?.filter((e) => e.returnStep)).toHaveLength(2);
  });

  it('refuses a step over a version that has moved on (a replayed step)', async () => {
    const order = await delivered(shopper.id);
    await ask(shopper.token, aReturn(order.id));
    expect((await step({ order: order.id, to: 'approved', version: 1 })).status).toBe(200);
    const replay = await step({ order: order.id, to: 'approved', version: 1 });
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(
      `This request was just changed by ${staff.email}: it is now Approved. Reload to see it.`,
    );
  });

  it('answers an order with no request, and an unknown order', async () => {
    const order = await delivered(shopper.id);
    const none = await step({ order: order.id, to: 'approved' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This order has no return or exchange request.');
    const unknown = await step({ order: '#ZZZZZZZZ', to: 'approved' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order not found.');
  });

  it('lists requests newest first, by step or still open', async () => {
    const answer = await deskCall('returns/list', { body: {}, token: staff.token });
    expect(answer.status).toBe(200);
    const times = answer.body.returns.map((r: { requestedAt: number }) => r.requestedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const open = await deskCall('returns/list', { body: { open: true }, token: staff.token });
    expect(
      open.body.returns.every((r: { state: string }) =>
        ['requested', 'approved', 'pickupScheduled', 'received'].includes(r.state),
      ),
    ).toBe(true);
    const refused = await deskCall('returns/list', {
      body: { state: 'refused' },
      token: staff.token,
    });
    expect(refused.body.returns.length).toBeGreaterThan(0);
    expect(refused.body.returns.every((r: { state: string }) => r.state === 'refused')).toBe(true);
  });

  it('answers 401 without a staff session and 403 with a shopper token, changing nothing', async () => {
    const order = await delivered(shopper.id);
    await ask(shopper.token, aReturn(order.id));
    const before = await stored(order.id);
    for (const p of ['returns/step', 'returns/list']) {
      const body = { order: order.id, to: 'approved' };
      const none = await deskCall(p, { body: p === 'returns/list' ? {} : body });
      expect(none.status).toBe(401);
      expect(none.body.message).toBe(DESK_ANSWERS.signInRequired);
      const shopperToken = await deskCall(p, {
        body: p === 'returns/list' ? {} : body,
        token: shopper.token,
      });
      expect(shopperToken.status).toBe(403);
      expect(shopperToken.body.message).toBe(DESK_ANSWERS.shopperToken);
    }
    expect(await stored(order.id)).toEqual(before);
    expect(RETURN_MESSAGES.notFound).toBe('Order not found.');
  });
});

// The order detail carries its request, so the desk's order screen can show it.
describe("the desk's order detail", { timeout: 60_000 }, () => {
  it('carries the request exactly as the returns list shows it, and null for an order without one', async () => {
    const order = await delivered(shopper.id);
    const untouched = await delivered(shopper.id);
    await ask(shopper.token, aReturn(order.id, { kind: 'exchange', reason: 'Wrong colour' }));
    await step({ order: order.id, to: 'approved', version: 1 });

    const detail = await deskCall('orders/show', { body: { order: order.id }, token: staff.token });
    expect(detail.status).toBe(200);
    const listed = await deskCall('returns/list', { body: {}, token: staff.token });
    const inList = listed.body.returns.find((r: { orderId: string }) => r.orderId === order.id);
    expect(detail.body.order.return).toEqual(inList);
    expect(detail.body.order.return).toMatchObject({
      kind: 'exchange',
      state: 'approved',
      version: 2,
      reason: 'Wrong colour',
      lines: [{ line: 0, productName: 'City Tote', selectedColor: 'Black', quantity: 1 }],
    });

    const none = await deskCall('orders/show', {
      body: { order: untouched.id },
      token: staff.token,
    });
    expect(none.status).toBe(200);
    expect(none.body.order.return).toBeNull();
  });
});
