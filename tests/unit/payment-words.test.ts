// What the shop tells a shopper about paying, on the order page, the order list and the
// confirmation mail: the method as the checkout named it, and where its payment stands in words
// that are true for that method.
import { describe, expect, it } from 'vitest';
import { paymentWaitLabel } from '../../src/lib/cards.ts';
import { paymentStateWords } from '../../src/lib/orders/page.ts';
import { confirmationMail } from '../../src/server/orders/order-mail.ts';
import { orderRecord } from '../fixtures/store.ts';

describe('paymentStateWords', () => {
  it('says a cash-on-delivery order is paid in cash when it arrives, and once delivered that it was', () => {
    const cod = { paymentMethod: 'COD', payment: false };
    expect(paymentStateWords({ ...cod, status: 'Order Placed' })).toBe(
      'Pay in cash when it arrives',
    );
    expect(paymentStateWords({ ...cod, status: 'Out for Delivery' })).toBe(
      'Pay in cash when it arrives',
    );
    expect(paymentStateWords({ ...cod, status: 'Delivered' })).toBe('Paid in cash on delivery');
  });

  it('says "Not paid yet" only of an order paid ahead that is not paid, and "Not paid" once it is cancelled', () => {
    for (const paymentMethod of ['Bank Transfer', 'JazzCash', 'EasyPaisa', 'Card'])
      expect(paymentStateWords({ paymentMethod, payment: false, status: 'Packing' })).toBe(
        'Not paid yet',
      );
    expect(paymentStateWords({ paymentMethod: 'COD', payment: false, status: 'Cancelled' })).toBe(
      'Not paid',
    );
    expect(paymentStateWords({ paymentMethod: 'Card', payment: true, status: 'Packing' })).toBe(
      'Paid',
    );
  });
});

describe('confirmationMail', () => {
  it('names a cash-on-delivery order’s payment in words, never the code "COD"', () => {
    const text = confirmationMail(orderRecord({ paymentMethod: 'COD' }), {
      bankDetails: null,
    }).text;
    expect(text).toContain('Total: ₨1,250\nPayment: Cash on Delivery, in cash when it arrives\n');
    expect(text).not.toMatch(/\bCOD\b/);
  });

  it('names a card order’s payment once, without brackets inside brackets', () => {
    const text = confirmationMail(orderRecord({ paymentMethod: 'Card' }), {
      bankDetails: null,
    }).text;
    expect(text).toContain('Total: ₨1,250\nPayment: Card (Visa, Mastercard)\n');
  });
});

describe('paymentWaitLabel', () => {
  it('words an unpaid online order’s wait at the desk by its payment method, never a wallet as a card', () => {
    expect(paymentWaitLabel('awaiting card payment', 'Card')).toBe('Awaiting card payment');
    expect(paymentWaitLabel('card declined', 'Card')).toBe('Card declined');
    expect(paymentWaitLabel('awaiting card payment', 'JazzCash')).toBe('Awaiting JazzCash payment');
    expect(paymentWaitLabel('card declined', 'JazzCash')).toBe('JazzCash payment not approved');
    expect(paymentWaitLabel('awaiting card payment', 'EasyPaisa')).toBe(
      'Awaiting EasyPaisa payment',
    );
    expect(paymentWaitLabel('card declined', 'EasyPaisa')).toBe('EasyPaisa payment not approved');
    expect(paymentWaitLabel('awaiting card payment', 'Bank Transfer')).toBe('Awaiting payment');
  });
});

describe('the confirmation mail of a wallet order paid through its API', () => {
  it('says the wallet payment was received, not that a request will be sent', () => {
    const order = orderRecord({
      paymentMethod: 'JazzCash',
      walletNumber: '03001234567',
    });
    const paid = {
      ...order,
      card: { reference: 'T20261129140000123', chargeMinor: order.total, chargeCurrency: 'PKR' },
      payments: [
        {
          id: 'p1',
          kind: 'payment' as const,
          method: 'JazzCash',
          amount: order.total,
          reference: 'T20261129140000123',
          at: '2026-11-29T09:00:00.000Z',
          by: { id: 'gateway', email: 'JazzCash' },
          status: 'Order Placed' as const,
        },
      ],
    };
    const text = confirmationMail(paid, { bankDetails: null }).text;
    expect(text).toContain('Your JazzCash payment was received. Thank you.');
    expect(text).not.toContain('payment request to');
  });
});
