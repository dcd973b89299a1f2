import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../../src/lib/money.ts';
import { books, entryRupees, orderBooks, type BookOrder } from '../../src/lib/orders/books.ts';
import {
  isRefund,
  ledgerSums,
  settledEntries,
  type LedgerEntry,
} from '../../src/lib/orders/ledger.ts';
import { newEntryPkr } from '../../src/lib/orders/entry-pkr.ts';
import { orderTotalPkr } from '../../src/lib/orders/money.ts';

const by = { id: 'staff', email: 'owner@shop.pk' };
const METHODS = ['Card', 'Bank Transfer', 'COD', 'JazzCash'] as const;

/** Appends an entry to `order` as a writer does: its rupee figure by the one rule. */
function write(
  order: BookOrder,
  kind: 'payment' | 'refund',
  minor: number,
  method: string,
  extra: Partial<LedgerEntry> = {},
): BookOrder {
  const entry: LedgerEntry = {
    id: `${kind}-${(order.payments ?? []).length}`,
    kind,
    at: '2026-11-29T10:00:00.000Z',
    method,
    amount: fromMinorUnits(minor, order.currency),
    amountPkr: newEntryPkr(order, kind, minor),
    reference: null,
    by,
    status: order.status,
    ...extra,
  };
  return { ...order, payments: [...(order.payments ?? []), entry] };
}

const currencies = fc.constantFrom(
  { code: 'PKR', rate: 1 },
  { code: 'USD', rate: 0.003587 },
  { code: 'GBP', rate: 0.002904 },
  { code: 'JPY', rate: 0.5401 },
  { code: 'KWD', rate: 0.001103 },
  { code: 'AED', rate: 0.01317 },
);

type Move =
  | { kind: 'pay'; share: number; method: (typeof METHODS)[number]; over: boolean }
  | { kind: 'refund'; share: number; method: (typeof METHODS)[number] }
  | { kind: 'pending'; share: number; outcome: 'sent' | 'released' | null }
  | { kind: 'fee'; share: number; method: (typeof METHODS)[number] }
  | { kind: 'cancel' };

const moves = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('pay' as const),
      share: fc.double({ min: 0.05, max: 1, noNaN: true }),
      method: fc.constantFrom(...METHODS),
      over: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('refund' as const),
      share: fc.double({ min: 0.05, max: 1, noNaN: true }),
      method: fc.constantFrom(...METHODS),
    }),
    fc.record({
      kind: fc.constant('pending' as const),
      share: fc.double({ min: 0.05, max: 1, noNaN: true }),
      outcome: fc.constantFrom('sent' as const, 'released' as const, null),
    }),
    fc.record({
      kind: fc.constant('fee' as const),
      share: fc.double({ min: 0.01, max: 0.2, noNaN: true }),
      method: fc.constantFrom(...METHODS),
    }),
    fc.record({ kind: fc.constant('cancel' as const) }),
  ),
  { maxLength: 8 },
);

/**
 * A random order in a random currency, with payments, exchange fees, refunds (some pending), and
 * maybe a cancel; a card order with nothing on its ledger is still awaiting its card, as
 * awaitsCard (src/server/orders/desk-business.ts) marks it.
 */
const orders = fc
  .record({
    currency: currencies,
    amountPkr: fc.integer({ min: 500, max: 600_000 }),
    feePkr: fc.integer({ min: 0, max: 12_000 }),
    method: fc.constantFrom(...METHODS),
    moves,
  })
  .map(({ currency, amountPkr, feePkr, method, moves }) => {
    const exponent = currency.code === 'JPY' ? 0 : currency.code === 'KWD' ? 3 : 2;
    const scale = 10 ** exponent;
    const inCurrency = (pkr: number) => Math.round(pkr * currency.rate * scale) / scale;
    const deliveryFee = inCurrency(feePkr);
    let order: BookOrder = {
      currency: currency.code,
      rate: currency.rate,
      amountPkr,
      deliveryFee,
      total: Math.round((inCurrency(amountPkr) + deliveryFee) * scale) / scale,
      status: 'Delivered',
      paymentMethod: method,
      payments: [],
    };
    for (const move of moves as Move[]) {
      const sums = ledgerSums(order);
      if (move.kind === 'cancel') order = { ...order, status: 'Cancelled' };
      else if (move.kind === 'fee') {
        // An exchange's shipping fee, charged on an order paid in full and not cancelled.
        const minor = Math.max(1, Math.round(sums.totalMinor * move.share));
        if (sums.dueMinor === 0 && order.status !== 'Cancelled')
          order = write(order, 'payment', minor, move.method, {
            purpose: 'exchange-fee',
          });
      } else if (move.kind === 'pay') {
        const room = move.over ? sums.totalMinor : sums.dueMinor;
        const minor = Math.max(1, Math.round(room * move.share));
        if (room > 0) order = write(order, 'payment', minor, move.method);
      } else {
        const minor = Math.round(sums.refundableMinor * move.share);
        if (minor <= 0 || sums.pendingMinor > 0) continue;
        if (move.kind === 'refund') order = write(order, 'refund', minor, move.method);
        else {
          const pending = write(order, 'refund', minor, 'Card', { pending: true });
          const id = pending.payments!.at(-1)!.id;
          order =
            move.outcome === null
              ? pending
              : { ...pending, refundOutcomes: { ...order.refundOutcomes, [id]: move.outcome } };
        }
      }
    }
    const awaiting =
      order.paymentMethod === 'Card' &&
      order.status !== 'Cancelled' &&
      (order.payments ?? []).length === 0;
    return awaiting ? { ...order, awaitingCard: true } : order;
  });

describe('books', () => {
  it('keeps its identity over any day of orders: collected − refunded = net; net + outstanding − refund due = sales − returned', () => {
    fc.assert(
      fc.property(fc.array(orders, { maxLength: 12 }), (day) => {
        const b = books(day);
        // Compared in paisa: the figures are rupees, and may carry paisa.
        const p = (rupees: number) => toMinorUnits(rupees, 'PKR');
        expect(p(b.collectedPkr) - p(b.refundedPkr)).toBe(p(b.netPkr));
        expect(p(b.netPkr) + p(b.outstandingPkr) - p(b.refundDuePkr)).toBe(
          p(b.salesPkr) - p(b.returnedPkr),
        );
        const sum = (pick: (m: (typeof b.methods)[number]) => number) =>
          b.methods.reduce((n, m) => n + p(pick(m)), 0);
        expect(sum((m) => m.collectedPkr)).toBe(p(b.collectedPkr));
        expect(sum((m) => m.refundedPkr)).toBe(p(b.refundedPkr));
        expect(sum((m) => m.outstandingPkr)).toBe(p(b.outstandingPkr));
        // Every rupee received and every rupee sent back is in the books.
        const settled = day.flatMap((o) => settledEntries(o).map((e) => ({ o, e })));
        const rupeesOf = (pick: (e: LedgerEntry) => boolean) =>
          settled.filter(({ e }) => pick(e)).reduce((n, { o, e }) => n + p(entryRupees(o, e)), 0);
        expect(rupeesOf((e) => !isRefund(e))).toBe(p(b.collectedPkr));
        expect(rupeesOf(isRefund)).toBe(p(b.refundedPkr));
        expect(b.refundDuePkr).toBeGreaterThanOrEqual(0);
        expect(b.outstandingPkr).toBeGreaterThanOrEqual(0);
        // COD with the courier is the part of outstanding owed on delivered COD orders.
        const codLine = b.methods.find((m) => m.method === 'COD');
        expect(b.codWithCourierPkr).toBeGreaterThanOrEqual(0);
        expect(p(b.codWithCourierPkr)).toBeLessThanOrEqual(p(codLine?.outstandingPkr ?? 0));
        expect(b.codWithCourierOrders).toBeLessThanOrEqual(codLine?.outstandingOrders ?? 0);
      }),
      { numRuns: 300 },
    );
  });

  it('counts an order paid in full at its rupee total, and one refunded in full at ₨0 kept, in every currency', () => {
    fc.assert(
      fc.property(orders, (o) => {
        const open: BookOrder = { ...o, status: 'Delivered', payments: [], refundOutcomes: {} };
        const { totalMinor } = ledgerSums(open);
        const paid = write(open, 'payment', totalMinor, 'Card');
        expect(orderBooks(paid)).toMatchObject({ paid: orderTotalPkr(o), outstanding: 0 });
        const refunded = write(paid, 'refund', totalMinor, 'Card');
        expect(orderBooks(refunded)).toMatchObject({ held: 0, refundDue: 0 });
      }),
    );
  });

  it('nets the owner’s day of two cancelled and refunded card orders to what the shop keeps', () => {
    const order = (amountPkr: number, method: string): BookOrder => ({
      currency: 'PKR',
      rate: 1,
      amountPkr,
      deliveryFee: 250,
      total: amountPkr + 250,
      status: 'Delivered',
      paymentMethod: method,
      payments: [],
    });
    const kept = [order(52_000, 'Bank Transfer'), order(82_646, 'Card')].map((o) =>
      write(o, 'payment', (o.total as number) * 100, o.paymentMethod),
    );
    const cancelled = [order(5_300, 'Card'), order(4_800, 'Card')].map((o) => {
      const paid = write(o, 'payment', o.total * 100, 'Card');
      return write({ ...paid, status: 'Cancelled' }, 'refund', o.total * 100, 'Card');
    });
    const b = books([...kept, ...cancelled]);
    expect(b.salesPkr).toBe(135_146);
    expect(b.collectedPkr).toBe(135_146 + 5_550 + 5_050);
    expect(b.refundedPkr).toBe(10_600);
    expect(b.netPkr).toBe(135_146);
  });

  it('leaves an unpaid card order out of sales and outstanding', () => {
    const waiting: BookOrder = {
      currency: 'PKR',
      rate: 1,
      amountPkr: 5_525,
      deliveryFee: 250,
      total: 5_775,
      status: 'Order Placed',
      paymentMethod: 'Card',
      payments: [],
      awaitingCard: true,
    };
    expect(books([waiting])).toMatchObject({ salesPkr: 0, outstandingPkr: 0, methods: [] });
  });

  it('counts an exchange fee paid on a paid order as collected and earned, never as a refund due, in any currency', () => {
    fc.assert(
      fc.property(orders, fc.integer({ min: 1, max: 50_000 }), (o, feeMinor) => {
        const open: BookOrder = { ...o, status: 'Delivered', payments: [], refundOutcomes: {} };
        const paid = write(open, 'payment', ledgerSums(open).totalMinor, 'Bank Transfer');
        const withFee = write(paid, 'payment', feeMinor, 'JazzCash', { purpose: 'exchange-fee' });
        expect(ledgerSums(withFee)).toMatchObject({ dueMinor: 0, surplusMinor: 0 });
        const figures = orderBooks(withFee);
        expect(figures).toMatchObject({ outstanding: 0, refundDue: 0, returned: 0 });
        expect(figures.held).toBe(figures.paid);
        const b = books([withFee]);
        const p = (rupees: number) => toMinorUnits(rupees, 'PKR');
        expect(p(b.netPkr) + p(b.outstandingPkr) - p(b.refundDuePkr)).toBe(
          p(b.salesPkr) - p(b.returnedPkr),
        );
        expect(b.salesPkr).toBe(b.collectedPkr);
      }),
    );
  });
});
