// Payments recorded at the desk through the desk router with real Requests: bank, wallet and COD
// payments in the order's currency at its minor unit, the paid flag once they cover the total, the
// timeline and the audit log, the rules (COD once Delivered, a reference for bank and wallet, never
// more than is due, no cancelled order), every malformed value, and two staff recording at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/lib/contract/payments.ts';
import { orderBooks } from '../../src/lib/orders/books.ts';
import { financialState, ledgerSums } from '../../src/lib/orders/ledger.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord, ReturnRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { signUp } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let other: Member;
let shopperToken: string;

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Staff');
  other = await enrol('staff', 'Other Staff');
  shopperToken = (await signUp('Paying Shopper')).token;
}, 60_000);
afterAll(async () => env.cleanup());

/** A fresh order (PKR 8,350 COD from Lahore unless overridden). */
const order = (overrides: Partial<OrderRecord> = {}) =>
  seedOrder({ id: randomUUID(), ...overrides });
/** A US order of USD 61.50 paid by bank transfer. */
const usOrder = () =>
  order({
    paymentMethod: 'Bank Transfer',
    currency: 'USD',
    rate: 0.0036,
    amountPkr: 10000,
    amount: 36.5,
    deliveryFee: 25,
    total: 61.5,
    address: lahoreAddress({ country: 'United States', city: 'Austin', state: 'Texas' }),
  });

const pay = (body: unknown, token = staff.token) => deskCall('orders/payment', { body, token });
const stored = async (id: string) => (await (await getStore()).orders.get(id))!;

describe('deskPayment', { timeout: 60_000 }, () => {
  it('records a bank transfer in two parts; the order is paid once they cover the total', async () => {
    const o = await usOrder();
    const first = await pay({
      order: o.id,
      method: 'Bank Transfer',
      amount: 40.25,
      reference: 'FT-1',
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(
      `Recorded $40.25 by Bank Transfer on order #${first.body.order.number}. $21.25 is still due.`,
    );
    expect(first.body.order).toMatchObject({ payment: 'partly paid', due: 21.25 });
    const second = await pay(
      {
        order: `#${first.body.order.number}`,
        method: 'Bank Transfer',
        amount: 21.25,
        reference: 'FT-2',
      },
      other.token,
    );
    expect(second.status).toBe(200);
    expect(second.body.message).toBe(
      `Recorded $21.25 by Bank Transfer on order #${first.body.order.number}. It is paid in full.`,
    );
    expect(second.body.order).toMatchObject({ payment: 'paid', due: 0 });
    expect(second.body.order.payments).toEqual([
      expect.objectContaining({
        method: 'Bank Transfer',
        amount: 40.25,
        reference: 'FT-1',
        by: staff.email,
      }),
      expect.objectContaining({
        method: 'Bank Transfer',
        amount: 21.25,
        reference: 'FT-2',
        by: other.email,
      }),
    ]);
    expect(financialState(await stored(o.id))).toBe('paid');
    const list = await deskCall('orders/list', { body: { payment: 'paid' }, token: staff.token });
    expect(list.body.orders.map((l: { id: string }) => l.id)).toContain(o.id);
  });

  it('puts each payment on the timeline and in the audit log with before and after', async () => {
    const o = await order({ paymentMethod: 'JazzCash', walletNumber: '03001234567' });
    const answer = await pay({
      order: o.id,
      method: 'JazzCash',
      amount: 8350,
      reference: 'JC 99812',
    });
    expect(answer.status).toBe(200);
    // The wallet number is the shopper's phone: not sent to a member without customers' data.
    expect(answer.body.order.walletNumber).toBeNull();
    const shown = await deskCall('orders/show', { token: owner.token, body: { order: o.id } });
    expect(shown.body.order.walletNumber).toBe('03001234567');
    expect(answer.body.order.timeline.at(-1)).toMatchObject({
      kind: 'payment',
      from: 'Order Placed',
      to: 'Order Placed',
      by: staff.email,
      note: 'Payment received: ₨8,350 by JazzCash (reference JC 99812)',
      method: 'JazzCash',
      amount: 8350,
      reference: 'JC 99812',
      returnStep: null,
    });
    const [entry] = await (await getStore()).audit.list({ target: `order:${o.id}` });
    expect(entry).toMatchObject({
      action: 'order.payment',
      actor: { id: staff.id, email: staff.email },
      before: { payment: 'unpaid', paid: '₨0', due: '₨8,350' },
      after: {
        payment: 'paid',
        paid: '₨8,350',
        due: '₨0',
        method: 'JazzCash',
        amount: 8350,
        reference: 'JC 99812',
      },
    });
  });

  it('records cash on delivery only once the order is Delivered', async () => {
    const o = await order({ status: 'Out for Delivery' });
    const early = await pay({ order: o.id, method: 'COD', amount: 8350 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(PAYMENT_MESSAGES.codNotDelivered('Out for Delivery'));
    expect((await stored(o.id)).payments).toBeUndefined();
    const delivered = await order({ status: 'Delivered' });
    const answer = await pay({ order: delivered.id, method: 'COD', amount: 8350 });
    expect(answer.status).toBe(200);
    expect(answer.body.order.payments[0]).toMatchObject({ method: 'COD', reference: null });
    expect(answer.body.order.payment).toBe('paid');
  });

  it.each([
    ['no token', (): string | undefined => undefined, 401, DESK_ANSWERS.signInRequired],
    ['a shopper token', (): string | undefined => shopperToken, 403, DESK_ANSWERS.shopperToken],
    [
      'a token that is no JWT',
      (): string | undefined => 'not-a-token',
      401,
      DESK_ANSWERS.sessionEnded,
    ],
  ])('refuses a payment with %s and records nothing', async (_, token, status, message) => {
    const o = await order();
    const answer = await deskCall('orders/payment', {
      body: { order: o.id, method: 'Bank Transfer', amount: 8350, reference: 'X1' },
      token: token(),
    });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
    expect((await stored(o.id)).payments).toBeUndefined();
  });

  it('lets the owner record a payment too', async () => {
    const o = await order();
    const answer = await pay(
      { order: o.id, method: 'EasyPaisa', amount: 100, reference: 'EP1' },
      owner.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.order.payments[0].by).toBe(owner.email);
  });

  it('refuses any payment on a cancelled order', async () => {
    const o = await order({ status: 'Cancelled', cancelReason: 'Changed my mind' });
    const answer = await pay({
      order: o.id,
      method: 'Bank Transfer',
      amount: 8350,
      reference: 'T1',
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(PAYMENT_MESSAGES.cancelled);
  });

  it('refuses a payment once the order is paid, and one of more than is still due', async () => {
    const o = await order();
    expect(
      (await pay({ order: o.id, method: 'Bank Transfer', amount: 8000, reference: 'A1' })).status,
    ).toBe(200);
    const over = await pay({ order: o.id, method: 'Bank Transfer', amount: 351, reference: 'A2' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(PAYMENT_MESSAGES.moreThanDue('₨350'));
    const again = await pay({
      order: o.id,
      method: 'Bank Transfer',
      amount: 350,
      reference: 'a-1',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYMENT_MESSAGES.duplicateReference('a-1'));
    expect(
      (await pay({ order: o.id, method: 'Bank Transfer', amount: 350, reference: 'A2' })).status,
    ).toBe(200);
    const paid = await pay({ order: o.id, method: 'Bank Transfer', amount: 1, reference: 'A3' });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect((await stored(o.id)).payments).toHaveLength(2);
  });

  it('refuses an order id that does not exist, or belongs to nobody the desk knows', async () => {
    const answer = await pay({
      order: randomUUID(),
      method: 'Bank Transfer',
      amount: 1,
      reference: 'R',
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(DESK_ANSWERS.orderNotFound);
  });

  it.each([
    [
      'a bank transfer without a reference',
      { method: 'Bank Transfer', amount: 100 },
      400,
      PAYMENT_MESSAGES.referenceRequired('Bank Transfer'),
    ],
    [
      'a wallet payment with a blank reference',
      { method: 'JazzCash', amount: 100, reference: '   ' },
      400,
      'Reference is required',
    ],
    [
      'rupees with paisa',
      { method: 'Bank Transfer', amount: 100.5, reference: 'R' },
      400,
      PAYMENT_MESSAGES.badMinorUnit('PKR', 0),
    ],
    [
      'an amount of 0',
      { method: 'Bank Transfer', amount: 0, reference: 'R' },
      400,
      'Amount must be more than 0',
    ],
    [
      'a negative amount',
      { method: 'Bank Transfer', amount: -8350, reference: 'R' },
      400,
      'Amount must be more than 0',
    ],
    [
      'an amount as text',
      { method: 'Bank Transfer', amount: '8350', reference: 'R' },
      400,
      'Amount must be a number',
    ],
    [
      'an enormous amount',
      { method: 'Bank Transfer', amount: 1e300, reference: 'R' },
      400,
      'Amount must be at most 1000000000',
    ],
    [
      'an unknown method',
      { method: 'Bitcoin', amount: 100, reference: 'R' },
      400,
      'Method must be one of: Bank Transfer, JazzCash, EasyPaisa, COD',
    ],
    [
      'a reference of 5,000 characters',
      { method: 'Bank Transfer', amount: 100, reference: 'R'.repeat(5000) },
      400,
      'Must be at most 60 characters',
    ],
    [
      'a reference as an object',
      { method: 'Bank Transfer', amount: 100, reference: { $gt: '' } },
      400,
      'Must be text',
    ],
  ])('refuses %s with a clear message and records nothing', async (_, body, status, message) => {
    const o = await order();
    const answer = await pay({ order: o.id, ...body });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
    expect((await stored(o.id)).payments).toBeUndefined();
  });

  it('refuses cents beyond the currency minor unit, and COD or a wallet on an order abroad', async () => {
    const o = await usOrder();
    const cents = await pay({
      order: o.id,
      method: 'Bank Transfer',
      amount: 10.005,
      reference: 'R',
    });
    expect(cents.status).toBe(400);
    expect(cents.body.message).toBe(PAYMENT_MESSAGES.badMinorUnit('USD', 2));
    const wallet = await pay({ order: o.id, method: 'JazzCash', amount: 10, reference: 'R' });
    expect(wallet.status).toBe(400);
    expect(wallet.body.message).toBe(
      PAYMENT_MESSAGES.methodNotAllowed('JazzCash', 'United States'),
    );
    expect((await stored(o.id)).payments).toBeUndefined();
  });

  it('refuses an order given as an object, and a body with no order', async () => {
    const asObject = await pay({ order: { $ne: null }, method: 'COD', amount: 1 });
    expect(asObject.status).toBe(400);
    expect(asObject.body.message).toBe('Must be text');
    const missing = await pay({ method: 'COD', amount: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Order id or number is required');
  });

  it('lets exactly one of two staff recording the same payment at once win; the other is told', async () => {
    const o = await order();
    const store = await getStore();
    // Both requests read the order before either writes: each waits for the other's read.
    const get = store.orders.get.bind(store.orders);
    let arrived = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(store.orders, 'get').mockImplementation(async (id) => {
      const found = await get(id);
      if (id === o.id && ++arrived === 2) release();
      if (id === o.id && arrived <= 2) await bothRead;
      return found;
    });
    try {
      const answers = await Promise.all([
        pay({ order: o.id, method: 'Bank Transfer', amount: 8350, reference: 'S-1' }),
        pay({ order: o.id, method: 'Bank Transfer', amount: 8350, reference: 'O-1' }, other.token),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.message).toBe(PAYMENT_MESSAGES.raced);
    } finally {
      spy.mockRestore();
    }
    const after = await stored(o.id);
    expect(after.payments).toHaveLength(1);
    expect(financialState(after)).toBe('paid');
    expect(
      await store.audit.list({ target: `order:${o.id}`, action: 'order.payment' }),
    ).toHaveLength(1);
  });

  it('refuses a payment when the order was cancelled between the read and the write', async () => {
    const o = await order();
    const store = await getStore();
    const get = store.orders.get.bind(store.orders);
    const spy = vi.spyOn(store.orders, 'get').mockImplementationOnce(async (id) => {
      const found = await get(id);
      await store.orders.transition(o.id, ['Order Placed'], 'Cancelled', { cancelReason: 'x' });
      return found;
    });
    try {
      const answer = await pay({
        order: o.id,
        method: 'Bank Transfer',
        amount: 8350,
        reference: 'C-1',
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(PAYMENT_MESSAGES.cancelled);
    } finally {
      spy.mockRestore();
    }
    expect((await stored(o.id)).payments).toBeUndefined();
  });

  it('shows an order without payments as unpaid with its whole total due and no wallet number', async () => {
    const o = await order();
    const answer = await deskCall('orders/show', { body: { order: o.id }, token: staff.token });
    expect(answer.body.order).toMatchObject({ walletNumber: null, payments: [], due: 8350 });
  });
});

describe("an exchange's shipping fee", { timeout: 60_000 }, () => {
  const exchange = (state: ReturnRecord['state']): ReturnRecord => ({
    kind: 'exchange',
    state,
    version: 2,
    lines: [
      {
        line: 0,
        productId: 'city-tote',
        productName: 'City Tote',
        selectedColor: 'Black',
        quantity: 1,
      },
    ],
    reason: 'Wrong colour',
    requestedAt: '2026-03-10T09:00:00.000Z',
    updatedAt: '2026-03-11T09:00:00.000Z',
  });
  /** A delivered PKR order (₨8,350 with a ₨250 delivery fee) paid in full by bank transfer. */
  async function paidDelivered(returnRequest?: ReturnRecord) {
    const o = await order({
      status: 'Delivered',
      paymentMethod: 'Bank Transfer',
      ...(returnRequest ? { returnRequest } : {}),
    });
    const paid = await pay({
      order: o.id,
      method: 'Bank Transfer',
      amount: o.total,
      reference: `FT-${o.id}`,
    });
    expect(paid.body.order).toMatchObject({ payment: 'paid', due: 0 });
    return o;
  }
  const fee = (o: OrderRecord, amount: number, extra: Record<string, unknown> = {}) =>
    pay({
      order: o.id,
      method: 'JazzCash',
      amount,
      reference: `JC-${randomUUID()}`,
      purpose: 'exchange-fee',
      ...extra,
    });

  it('is recorded on a paid order whose exchange was approved, and leaves it paid, not "refund due"', async () => {
    const o = await paidDelivered(exchange('approved'));
    expect(o.deliveryFee).toBe(250);
    const shown = await deskCall('orders/show', { token: staff.token, body: { order: o.id } });
    expect(shown.body.order.exchangeFee).toBe(250);
    const answer = await fee(o, 250);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      `Recorded the exchange fee of ₨250 by JazzCash on order #${answer.body.order.number}.`,
    );
    expect(answer.body.order).toMatchObject({ payment: 'paid', due: 0 });
    expect(answer.body.order).not.toHaveProperty('exchangeFee');
    const saved = await stored(o.id);
    expect(saved.payments?.at(-1)).toMatchObject({
      kind: 'payment',
      method: 'JazzCash',
      amount: 250,
      purpose: 'exchange-fee',
    });
    expect(financialState(saved)).toBe('paid');
    expect(ledgerSums(saved)).toMatchObject({ paidMinor: 860_000, surplusMinor: 0, dueMinor: 0 });
    // The books count it as collected and earned: nothing is owed back.
    expect(orderBooks({ ...saved })).toMatchObject({
      paid: 8600,
      held: 8600,
      outstanding: 0,
      refundDue: 0,
      returned: 0,
    });
  });

  it('is refused without an approved exchange, a second time, and above the delivery fee', async () => {
    const none = await paidDelivered();
    const noExchange = await fee(none, 250);
    expect({ status: noExchange.status, message: noExchange.body.message }).toEqual({
      status: 409,
      message: PAYMENT_MESSAGES.exchangeFeeNoExchange,
    });
    const asked = await paidDelivered(exchange('requested'));
    expect((await fee(asked, 250)).body.message).toBe(PAYMENT_MESSAGES.exchangeFeeNoExchange);
    const aReturn = await paidDelivered({ ...exchange('approved'), kind: 'return' });
    expect((await fee(aReturn, 250)).body.message).toBe(PAYMENT_MESSAGES.exchangeFeeNoExchange);

    const shipped = await paidDelivered(exchange('exchangeShipped'));
    const tooMuch = await fee(shipped, 251);
    expect({ status: tooMuch.status, message: tooMuch.body.message }).toEqual({
      status: 409,
      message: "The exchange fee is at most the order's delivery fee, ₨250.",
    });
    expect((await fee(shipped, 200)).status).toBe(200);
    const again = await fee(shipped, 50);
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: PAYMENT_MESSAGES.exchangeFeeAgain,
    });
    // Without the purpose, a payment on the paid order is still refused as paid in full.
    const plain = await pay({
      order: shipped.id,
      method: 'JazzCash',
      amount: 50,
      reference: 'JC-PLAIN',
    });
    expect(plain.body.message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });
});
