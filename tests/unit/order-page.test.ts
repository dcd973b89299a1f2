import { describe, expect, it } from 'vitest';
import {
  ORDER_PAGE,
  numberFromSearch,
  orderPageHref,
  showsTracking,
  stepLabel,
} from '../../src/lib/orders/page.ts';
import { isNoindexPath } from '../../src/lib/routes.ts';

describe("the shopper's order page address", () => {
  it('names an order by its short number under /yourOrders/order', () => {
    expect(orderPageHref('6650f1c2a1b2c3d43a4030a3')).toBe('/yourOrders/order?n=3A4030A3');
    expect(ORDER_PAGE).toBe('/yourOrders/order');
  });

  it('reads the number back in any case, with or without #, and refuses anything else', () => {
    expect(numberFromSearch('?n=3a4030a3')).toBe('3A4030A3');
    expect(numberFromSearch('?n=%233A4030A3')).toBe('3A4030A3');
    expect(numberFromSearch('')).toBeNull();
    expect(numberFromSearch('?n=3A40')).toBeNull();
    expect(numberFromSearch('?n=../../desk')).toBeNull();
    expect(numberFromSearch('?n=6650f1c2a1b2c3d43a4030a3')).toBeNull();
  });

  it('is kept out of search engines and the sitemap', () => {
    expect(isNoindexPath('/yourOrders/order')).toBe(true);
    expect(isNoindexPath('/yourOrders/order/')).toBe(true);
  });
});

describe('the timeline and tracking of the order page', () => {
  it('reads a move as its status and a return step as Return: its label', () => {
    expect(stepLabel({ status: 'Packing', returnStep: null })).toBe('Packing');
    expect(stepLabel({ status: 'Delivered', returnStep: 'pickupScheduled' })).toBe(
      'Return: Pick-up scheduled',
    );
  });

  it('shows courier and tracking only once the order has left the shop', () => {
    expect(showsTracking('Out for Delivery')).toBe(true);
    expect(showsTracking('Delivered')).toBe(true);
    expect(showsTracking('Packing')).toBe(false);
    expect(showsTracking('Cancelled')).toBe(false);
  });
});
