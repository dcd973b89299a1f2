import { describe, expect, it } from 'vitest';
import {
  amountStep,
  internationalDigits,
  needsReference,
  paymentPrefill,
  refundSuggestion,
  returnActionLabel,
  returnActions,
  matchRoute,
  nextStatuses,
  pathOfHash,
  routeHref,
  telLink,
  whatsappLink,
} from '../../src/lib/desk-view.ts';
import { SCREENS, findScreen, mayOpen } from '../../src/islands/desk/screens.ts';
import type { DeskStaff } from '../../src/lib/contract/desk.ts';

describe('whatsappLink', () => {
  it('turns a Pakistani mobile written locally (03xx) into 923xx', () => {
    expect(whatsappLink('0300 1234567')).toBe('https://wa.me/923001234567');
    expect(whatsappLink('0321-7654321')).toBe('https://wa.me/923217654321');
  });

  it('keeps an international number, dropping +, 00, spaces and dashes', () => {
    expect(whatsappLink('+92 300 1234567')).toBe('https://wa.me/923001234567');
    expect(whatsappLink('0092 300 1234567')).toBe('https://wa.me/923001234567');
    expect(whatsappLink('+44 20 7946 0958')).toBe('https://wa.me/442079460958');
  });

  it('reads a mobile written without its leading 0 (300…) as Pakistani', () => {
    expect(internationalDigits('300 1234567')).toBe('923001234567');
  });

  it('gives no link for a number too short to reach anyone', () => {
    expect(whatsappLink('12345')).toBeNull();
    expect(whatsappLink('')).toBeNull();
  });
});

describe('telLink', () => {
  it('keeps the leading + and only the digits', () => {
    expect(telLink('+92 300 123-4567')).toBe('tel:+923001234567');
    expect(telLink('0300 1234567')).toBe('tel:03001234567');
  });

  it('gives no link for text without digits', () => {
    expect(telLink('n/a')).toBeNull();
  });
});

describe('nextStatuses', () => {
  it('offers one step forward and cancelling while the order may still be cancelled', () => {
    expect(nextStatuses('Order Placed')).toEqual(['Packing', 'Cancelled']);
    expect(nextStatuses('Packing')).toEqual(['Out for Delivery', 'Cancelled']);
    expect(nextStatuses('Out for Delivery')).toEqual(['Delivered']);
  });

  it('offers nothing once an order is delivered or cancelled', () => {
    expect(nextStatuses('Delivered')).toEqual([]);
    expect(nextStatuses('Cancelled')).toEqual([]);
  });
});

describe('matchRoute and routeHref', () => {
  it('read the parameters of an address and write them back', () => {
    expect(matchRoute('orders/:order', 'orders/AB12CD34')).toEqual({ order: 'AB12CD34' });
    expect(routeHref('orders/:order', { order: 'AB12CD34' })).toBe('#/orders/AB12CD34');
    expect(
      matchRoute('orders/:order', pathOfHash(routeHref('orders/:order', { order: 'a/b' }))),
    ).toEqual({ order: 'a/b' });
  });

  it('refuse an address of another length or another fixed part', () => {
    expect(matchRoute('orders/:order', 'orders')).toBeNull();
    expect(matchRoute('orders/:order', 'slip/AB12CD34')).toBeNull();
    expect(matchRoute('orders', 'orders/x/y')).toBeNull();
  });

  it('refuse a malformed escape instead of throwing', () => {
    expect(matchRoute('orders/:order', 'orders/%E0%A4%A')).toBeNull();
  });
});

describe('pathOfHash', () => {
  it('drops the #/, a query and trailing slashes', () => {
    expect(pathOfHash('#/orders/AB12CD34/?x=1')).toBe('orders/AB12CD34');
    expect(pathOfHash('')).toBe('');
  });
});

const member = (role: DeskStaff['role']): DeskStaff => ({
  id: 's1',
  email: 'a@b.pk',
  name: 'A',
  role,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  invitedBy: null,
  inviteExpiresAt: null,
});

describe('the desk screen registry', () => {
  it('finds each screen by its address, and none for an unknown one', () => {
    expect(findScreen('orders/AB12CD34')?.screen.id).toBe('order');
    expect(findScreen('slips')?.screen.id).toBe('slips');
    expect(findScreen('nowhere')).toBeNull();
  });

  it('has one pattern per screen', () => {
    const patterns = SCREENS.map((s) => s.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('lets staff open the order screens but not the staff list or the audit log', () => {
    const open = SCREENS.filter((s) => mayOpen(s, member('staff'))).map((s) => s.id);
    expect(open).toEqual(['orders', 'order', 'slip', 'slips', 'returns']);
    expect(SCREENS.every((s) => mayOpen(s, member('owner')))).toBe(true);
  });
});

// desk-ui-orders: payments and returns on the order detail.
describe('paymentPrefill', () => {
  const order = (paymentMethod: string, country: string, due: number) => ({
    paymentMethod,
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
