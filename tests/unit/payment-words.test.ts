// What the shop tells a shopper about paying, on the order page, the order list and the
// confirmation mail: the method as the checkout named it, and where its payment stands in words
// that are true for that method.
import { describe, expect, it } from 'vitest';
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
