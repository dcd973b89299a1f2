import { describe, expect, it } from 'vitest';
import {
  internationalDigits,
  matchRoute,
  nextOrderLimit,
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

describe('nextOrderLimit', () => {
  it('asks for 50 more than are listed, never fewer than the first page plus 50', () => {
    expect(nextOrderLimit(25)).toBe(75);
    expect(nextOrderLimit(75)).toBe(125);
    expect(nextOrderLimit(3)).toBe(75);
  });

  it('never asks for more than the 500 one answer may hold', () => {
    expect(nextOrderLimit(480)).toBe(500);
    expect(nextOrderLimit(500)).toBe(500);
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
  personalData: role === 'owner',
  refunds: role === 'owner',
  sales: role === 'owner',
  publish: role === 'owner',
});

describe('the desk screen registry', () => {
  it('finds each screen by its address, and none for an unknown one', () => {
    expect(findScreen('orders/AB12CD34')?.screen.id).toBe('order');
    expect(findScreen('slips')?.screen.id).toBe('slips');
    expect(findScreen('nowhere')).toBeNull();
  });
  it('opens the product editor empty at products/new and on a product at products/<id>', () => {
    expect(findScreen('products/new')).toMatchObject({ screen: { id: 'product-new' }, params: {} });
    expect(findScreen('products/ravi-tote')).toMatchObject({
      screen: { id: 'product' },
      params: { product: 'ravi-tote' },
    });
    expect(findScreen('products')?.screen.id).toBe('products');
  });

  it('has one pattern per screen', () => {
    const patterns = SCREENS.map((s) => s.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('lets staff open the order, new order, packing slips, load sheet, business, failed-mail, products, product editor and settings screens but not the staff list or the audit log', () => {
    const open = SCREENS.filter((s) => mayOpen(s, member('staff'))).map((s) => s.id);
    expect(open).toEqual([
      'orders',
      'order-new',
      'order',
      'slip',
      'slips',
      'load-sheet',
      'returns',
      'business',
      'mail',
      'products',
      'settings',
      'product-new',
      'product',
    ]);
    expect(SCREENS.every((s) => mayOpen(s, member('owner')))).toBe(true);
  });

  it('opens New order at orders/new, not as an order numbered "new"', () => {
    expect(findScreen('orders/new')?.screen.id).toBe('order-new');
    expect(findScreen('orders/7133649B')).toMatchObject({
      screen: { id: 'order' },
      params: { order: '7133649B' },
    });
  });
});
