// The business view reads money from the orders' ledgers: sales, refunds and net; per method what
// was collected and what is still outstanding; and a customer's lifetime total net of refunds.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeps } from '../../src/server/deps.ts';
import { awaitsCard, bookOrder, businessView } from '../../src/server/orders/desk-business.ts';
import { books } from '../../src/lib/orders/books.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import type { LedgerEntry } from '../../src/lib/orders/ledger.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { allowPersonalData, deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let staff: Member;

const line = (productName: string, lineTotal: number) => ({
  productId: productName.toLowerCase().replace(/\s+/g, '-'),
  productName,
  selectedColor: 'Black',
  imageIndex: '0',
  image: '/photos/x.jpg',
  price: lineTotal,
  discountPercent: 0,
  wholesalePrice: null,
  unitPrice: lineTotal,
  quantity: 1,
  lineTotal,
});
const entry = (kind: 'payment' | 'refund', method: string, amount: number): LedgerEntry => ({
  id: randomUUID(),
  kind,
  at: new Date().toISOString(),
  method,
  amount,
  amountPkr: amount,
  reference: method === 'COD' ? null : `${kind}-${randomUUID()}`,
  by: { id: 'staff', email: 'staff@shop.pk' },
  status: 'Delivered',
});
const order = (overrides: Partial<OrderRecord>) =>
  seedOrder({ id: randomUUID(), date: new Date().toISOString(), ...overrides });

beforeAll(async () => {
  env = await useTempDataDir();
  staff = await enrol('staff', 'Staff');
  // The look-up is personal data: this member is one the owner allowed.
  await allowPersonalData(await enrol('owner', 'Owner'), staff);
  // ₨5,525 + ₨8,900 with free delivery, paid in full by transfer, the first line refunded.
  await order({
    items: [line('Clifton Tote', 5525), line('Margalla Laptop Bag', 8900)],
    amountPkr: 14425,
    amount: 14425,
    deliveryFee: 0,
    total: 14425,
    paymentMethod: 'Bank Transfer',
    status: 'Delivered',
    address: lahoreAddress({ email: 'ledger.customer@example.com' }),
    payments: [entry('payment', 'Bank Transfer', 14425), entry('refund', 'Bank Transfer', 5525)],
  });
  // Delivered COD, the courier's cash not yet recorded: outstanding, not collected.
  await order({
    items: [line('Margalla Laptop Bag', 8900)],
    amountPkr: 8900,
    amount: 8900,
    deliveryFee: 0,
    total: 8900,
    paymentMethod: 'COD',
    status: 'Delivered',
  });
  // COD still being packed: nothing is owed yet.
  await order({
    items: [line('Clifton Tote', 5525)],
    amountPkr: 5525,
    amount: 5525,
    deliveryFee: 0,
    total: 5525,
    paymentMethod: 'COD',
    status: 'Packing',
  });
}, 60_000);
afterAll(async () => env.cleanup());

describe('the business view from the ledger', () => {
  it('shows sales, what was returned, collected, refunded, net kept and outstanding, by the books’ identity', async () => {
    const today = (await businessView(await getDeps())).periods[0]!;
    expect(today).toMatchObject({
      name: 'today',
      revenuePkr: 14425 + 8900 + 5525,
      returnedPkr: 5525,
      collectedPkr: 14425,
      refundsPkr: 5525,
      netPkr: 14425 - 5525,
      outstandingPkr: 8900 + 5525,
      refundDuePkr: 0,
    });
    expect(today.netPkr + today.outstandingPkr - today.refundDuePkr).toBe(
      today.revenuePkr - today.returnedPkr,
    );
  });

  it('shows per method what was collected, refunded and is outstanding: unpaid COD is never collected', async () => {
    const today = (await businessView(await getDeps())).periods[0]!;
    expect(today.methods).toEqual([
      {
        method: 'Bank Transfer',
        collectedPkr: 14425,
        refundedPkr: 5525,
        outstandingPkr: 0,
        outstandingOrders: 0,
      },
      {
        method: 'COD',
        collectedPkr: 0,
        refundedPkr: 0,
        outstandingPkr: 14425,
        outstandingOrders: 2,
      },
    ]);
  });

  it('gives a customer’s lifetime total net of refunds', async () => {
    const answer = await deskCall('customer', {
      token: staff.token,
      body: { email: 'ledger.customer@example.com' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.lifetimePkr).toBe(14425 - 5525);
    expect(answer.body.orders[0].payment).toBe('partly refunded');
  });
});

describe('a card order not yet paid by card', () => {
  const cardOrder = (payments: LedgerEntry[]) =>
    ({
      id: randomUUID(),
      date: new Date().toISOString(),
      items: [line('Clifton Tote', 5525)],
      amountPkr: 5525,
      amount: 5525,
      deliveryFee: 250,
      total: 5775,
      currency: 'PKR',
      rate: 1,
      paymentMethod: 'Card',
      status: 'Order Placed',
      payments,
    }) as unknown as OrderRecord;

  it('is no sale while nothing has come in on it', () => {
    expect(awaitsCard(cardOrder([]))).toBe(true);
    expect(books([bookOrder(cardOrder([]))])).toMatchObject({
      salesPkr: 0,
      collectedPkr: 0,
      outstandingPkr: 0,
    });
  });

  it('counts a bank transfer made towards it as collected, the order as a sale and its remainder as outstanding', () => {
    const partly = cardOrder([entry('payment', 'Bank Transfer', 2887)]);
    expect(awaitsCard(partly)).toBe(false);
    expect(books([bookOrder(partly)])).toMatchObject({
      salesPkr: 5775,
      collectedPkr: 2887,
      netPkr: 2887,
      outstandingPkr: 2888,
      refundDuePkr: 0,
    });
  });
});
