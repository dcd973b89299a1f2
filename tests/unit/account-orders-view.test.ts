import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/client/api.ts';
import type { OrderStatus } from '../../src/lib/orders/moves.ts';
import { orderDate, orderReference } from '../../src/islands/account/orders-view.ts';
import { addRemovedId, visibleOrders } from '../../src/lib/orders/list.ts';
import { lahoreAddress } from '../fixtures/address.ts';

const order = (id: string, status: OrderStatus = 'Order Placed'): Order => ({
  _id: id,
  items: [],
  status,
  payment: false,
  paymentMethod: 'COD',
  date: Date.UTC(2026, 6, 5, 12),
  amount: 4000,
  deliveryFee: 250,
  total: 4250,
  currency: 'PKR',
  address: lahoreAddress({ email: 'sana@example.com' }),
  cancelReason: null,
  rate: 1,
});

describe('addRemovedId', () => {
  it('adds an id once', () => {
    expect(addRemovedId(['a'], 'b')).toEqual(['a', 'b']);
    expect(addRemovedId(['a', 'b'], 'a')).toEqual(['a', 'b']);
  });
});

describe('visibleOrders', () => {
  it('hides removed orders and keeps the server order of the rest', () => {
    const list = [order('3', 'Cancelled'), order('2'), order('1', 'Cancelled')];
    expect(visibleOrders(list, ['1']).map((o) => o._id)).toEqual(['3', '2']);
  });
});

describe('orderReference', () => {
  it('is the last 8 characters in upper case', () => {
    expect(orderReference('665f1c2ab0e4d3f1a9c8e7d6')).toBe('A9C8E7D6');
    expect(orderReference('ab12')).toBe('AB12');
  });
});

describe('orderDate', () => {
  it('reads as day, month and year', () => {
    expect(orderDate(Date.UTC(2026, 6, 5, 12))).toBe('5 July 2026');
  });
  it('is empty for an invalid date', () => {
    expect(orderDate(Number.NaN)).toBe('');
  });
});
