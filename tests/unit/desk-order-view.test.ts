import { describe, expect, it } from 'vitest';
import {
  deskLineAmounts,
  amountStep,
  methodsToRecord,
  needsReference,
  paymentPrefill,
  paymentWait,
  timelineLine,
  refundSuggestion,
  returnActionLabel,
  returnActions,
} from '../../src/lib/orders/desk-view.ts';
describe('paymentPrefill', () => {
  const order = (paymentMethod: string, country: string, due: number, status = 'Delivered') => ({
    paymentMethod,
    status,
    address: { country },
    due,
  });

  it("starts with the order's own method and what is due", () => {
    expect(paymentPrefill(order('COD', 'Pakistan', 10350))).toEqual({
      method: 'COD',
      amount: 10350,
    });
    expect(paymentPrefill(order('JazzCash', 'pakistan', 500))).toEqual({
      method: 'JazzCash',
      amount: 500,
    });
    expect(paymentPrefill(order('Bank Transfer', 'United States', 61.25))).toEqual({
      method: 'Bank Transfer',
      amount: 61.25,
    });
  });

  it("falls back to a method the order's country allows when its own is not one", () => {
    expect(paymentPrefill(order('COD', 'United Kingdom', 40)).method).toBe('Bank Transfer');
    expect(paymentPrefill(order('Cheque', 'Pakistan', 40)).method).toBe('Bank Transfer');
  });

  it('never starts with cash on delivery before the order is Delivered', () => {
    expect(paymentPrefill(order('COD', 'Pakistan', 10350, 'Out for Delivery')).method).toBe(
      'Bank Transfer',
    );
  });
});

describe('methodsToRecord', () => {
  const order = (status: string, country = 'Pakistan') => ({ status, address: { country } });

  it("offers all four of Pakistan's methods once the order is Delivered", () => {
    expect(methodsToRecord(order('Delivered'))).toEqual([
      'Bank Transfer',
      'JazzCash',
      'EasyPaisa',
      'COD',
    ]);
  });

  it('leaves cash on delivery out before the order is Delivered', () => {
    for (const status of ['Order Placed', 'Packing', 'Out for Delivery'])
      expect(methodsToRecord(order(status))).toEqual(['Bank Transfer', 'JazzCash', 'EasyPaisa']);
  });

  it('offers only Bank Transfer outside Pakistan', () => {
    expect(methodsToRecord(order('Delivered', 'United States'))).toEqual(['Bank Transfer']);
  });
});

describe('paymentWait', () => {
  it("says, in the server's words, that cash on delivery waits for delivery", () => {
    expect(paymentWait({ paymentMethod: 'COD', status: 'Packing' })).toBe(
      'Cash on delivery can be recorded once the order is Delivered (it is Packing).',
    );
    expect(paymentWait({ paymentMethod: 'COD', status: 'Out for Delivery' })).toBe(
      'Cash on delivery can be recorded once the order is Delivered (it is Out for Delivery).',
    );
  });

  it('lets a delivered COD order, and every other method, be recorded now', () => {
    expect(paymentWait({ paymentMethod: 'COD', status: 'Delivered' })).toBeNull();
    expect(paymentWait({ paymentMethod: 'JazzCash', status: 'Order Placed' })).toBeNull();
    expect(paymentWait({ paymentMethod: 'Bank Transfer', status: 'Packing' })).toBeNull();
  });
});

describe('amountStep', () => {
  it("is the currency's smallest unit: whole rupees, cents, fils", () => {
    expect(amountStep('PKR')).toBe('1');
    expect(amountStep('USD')).toBe('0.01');
    expect(amountStep('KWD')).toBe('0.001');
    expect(amountStep('JPY')).toBe('1');
  });
});

describe('needsReference', () => {
  it('asks a reference of bank and wallet payments, not of cash on delivery', () => {
    expect(needsReference('COD')).toBe(false);
    for (const method of ['Bank Transfer', 'JazzCash', 'EasyPaisa'])
      expect(needsReference(method)).toBe(true);
  });
});

describe('returnActions', () => {
  it('offers approving or refusing a new request, then the pick-up', () => {
    expect(returnActions({ kind: 'return', state: 'requested' })).toEqual(['approved', 'refused']);
    expect(returnActions({ kind: 'exchange', state: 'approved' })).toEqual(['pickupScheduled']);
  });

  it('offers rescheduling a pick-up or marking the goods received', () => {
    expect(returnActions({ kind: 'return', state: 'pickupScheduled' })).toEqual([
      'pickupScheduled',
      'received',
    ]);
  });

  it('offers the refund for a return and the shipping for an exchange, never both', () => {
    expect(returnActions({ kind: 'return', state: 'received' })).toEqual(['refunded']);
    expect(returnActions({ kind: 'exchange', state: 'received' })).toEqual(['exchangeShipped']);
  });

  it('offers nothing once a request is refused, refunded or shipped', () => {
    expect(returnActions({ kind: 'return', state: 'refused' })).toEqual([]);
    expect(returnActions({ kind: 'return', state: 'refunded' })).toEqual([]);
    expect(returnActions({ kind: 'exchange', state: 'exchangeShipped' })).toEqual([]);
  });
});

describe('returnActionLabel', () => {
  it('names each step as a button, rescheduling as such', () => {
    expect(returnActionLabel('requested', 'approved')).toBe('Approve');
    expect(returnActionLabel('requested', 'refused')).toBe('Refuse');
    expect(returnActionLabel('approved', 'pickupScheduled')).toBe('Schedule pick-up');
    expect(returnActionLabel('pickupScheduled', 'pickupScheduled')).toBe('Reschedule pick-up');
    expect(returnActionLabel('pickupScheduled', 'received')).toBe('Mark received');
    expect(returnActionLabel('received', 'refunded')).toBe('Record refund');
    expect(returnActionLabel('received', 'exchangeShipped')).toBe('Ship exchange');
  });
});

describe('refundSuggestion', () => {
  const order = { lines: [{ unitPrice: 4050 }, { unitPrice: 2000 }], totalPkr: 10350 };

  it('is the returned items at the prices paid', () => {
    expect(refundSuggestion(order, { lines: [{ line: 0, quantity: 2 }] })).toBe(8100);
    expect(
      refundSuggestion(order, {
        lines: [
          { line: 0, quantity: 1 },
          { line: 1, quantity: 1 },
        ],
      }),
    ).toBe(6050);
  });

  it("never suggests more than the order's total in PKR", () => {
    expect(
      refundSuggestion(
        { ...order, totalPkr: 5000 },
        {
          lines: [
            { line: 0, quantity: 2 },
            { line: 1, quantity: 1 },
          ],
        },
      ),
    ).toBe(5000);
  });
});

describe('deskLineAmounts', () => {
  it('gives a GBP order’s lines in pounds, adding up to its items, so no line reads in rupees', () => {
    // ₨5,525 and ₨3,375 at 0.0028 £ per rupee: £15.47 + £9.45 = £24.92.
    const gbp = {
      lines: [
        { lineTotal: 5525, quantity: 1 },
        { lineTotal: 3375, quantity: 1 },
      ],
      rate: 0.0028,
      currency: 'GBP',
      amount: 24.92,
    };
    expect(deskLineAmounts(gbp)).toEqual([15.47, 9.45]);
  });

  it('leaves a rupee order’s lines as stored, and an order whose stored items do not add up', () => {
    expect(
      deskLineAmounts({
        lines: [{ lineTotal: 8900, quantity: 1 }],
        rate: 1,
        currency: 'PKR',
        amount: 8900,
      }),
    ).toBeNull();
    expect(
      deskLineAmounts({
        lines: [{ lineTotal: 8900, quantity: 1 }],
        rate: 0.0028,
        currency: 'GBP',
        amount: 25,
      }),
    ).toBeNull();
  });
});

describe('timelineLine', () => {
  const event = {
    kind: 'move' as const,
    to: 'Packing',
    note: null,
    returnStep: null,
    method: null,
    amount: null,
    reference: null,
  };

  it('reads the order placed and each move as such', () => {
    expect(timelineLine({ ...event, kind: 'placed', to: 'Order Placed' }, 'PKR')).toEqual({
      title: 'Order placed',
      detail: null,
    });
    expect(timelineLine(event, 'PKR')).toEqual({ title: 'Moved to Packing', detail: null });
    expect(timelineLine({ ...event, to: 'Out for Delivery', note: 'TCS 7781' }, 'PKR')).toEqual({
      title: 'Moved to Out for Delivery',
      detail: 'TCS 7781',
    });
    expect(timelineLine({ ...event, to: 'Cancelled', note: 'Ordered by mistake' }, 'PKR')).toEqual({
      title: 'Cancelled',
      detail: 'Ordered by mistake',
    });
  });

  it('reads the card gateway\'s decline as "Card declined", not a move', () => {
    expect(timelineLine({ ...event, to: 'Order Placed', note: 'Card declined' }, 'PKR')).toEqual({
      title: 'Card declined',
      detail: null,
    });
  });

  it("reads a payment and a refund with their method and amount in the order's currency", () => {
    expect(
      timelineLine(
        { ...event, kind: 'payment', to: 'Delivered', method: 'COD', amount: 9150 },
        'PKR',
      ),
    ).toEqual({ title: 'Payment received: ₨9,150 by Cash on Delivery', detail: null });
    expect(
      timelineLine(
        {
          ...event,
          kind: 'payment',
          method: 'Bank Transfer',
          amount: 61.5,
          reference: 'FT-C3',
        },
        'USD',
      ),
    ).toEqual({ title: 'Payment received: $61.50 by Bank Transfer', detail: 'reference FT-C3' });
    expect(
      timelineLine(
        { ...event, kind: 'refund', method: 'JazzCash', amount: 8100, reference: 'JC-5512' },
        'PKR',
      ),
    ).toEqual({ title: 'Refund sent: ₨8,100 by JazzCash', detail: 'reference JC-5512' });
  });

  it('reads a return step, or an exchange step, by its name', () => {
    expect(
      timelineLine(
        { ...event, kind: 'return', to: 'Delivered', returnStep: 'pickupScheduled' },
        'PKR',
      ),
    ).toEqual({ title: 'Return: Pick-up scheduled', detail: null });
    expect(
      timelineLine(
        { ...event, kind: 'return', to: 'Delivered', returnStep: 'approved' },
        'PKR',
        'exchange',
      ),
    ).toEqual({ title: 'Exchange: Approved', detail: null });
  });
});
