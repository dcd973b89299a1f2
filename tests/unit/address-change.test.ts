import { describe, expect, it } from 'vitest';
import {
  addressOneLine,
  canChangeAddress,
  sameAddress,
} from '../../src/lib/orders/address-change.ts';
import { timelineLine } from '../../src/lib/orders/desk-view.ts';
import { stepLabel } from '../../src/lib/orders/page.ts';
import { lahoreAddress } from '../fixtures/address.ts';

describe('canChangeAddress', () => {
  it('allows an Order Placed order no courier is booked for', () => {
    expect(canChangeAddress({ status: 'Order Placed', booked: false })).toBe(true);
  });

  it('refuses an Order Placed order a courier booking was claimed for', () => {
    expect(canChangeAddress({ status: 'Order Placed', booked: true })).toBe(false);
  });

  it('refuses every status after Order Placed, and a cancelled order', () => {
    for (const status of ['Packing', 'Out for Delivery', 'Delivered', 'Cancelled'])
      expect(canChangeAddress({ status, booked: false })).toBe(false);
  });
});

describe('sameAddress', () => {
  it('takes an absent Address 2 and an empty one as the same', () => {
    expect(sameAddress(lahoreAddress(), lahoreAddress({ address2: '' }))).toBe(true);
  });

  it('tells apart addresses that differ in one field', () => {
    expect(sameAddress(lahoreAddress(), lahoreAddress({ zip: '54001' }))).toBe(false);
    expect(sameAddress(lahoreAddress(), lahoreAddress({ email: 'other@example.com' }))).toBe(false);
  });
});

describe('addressOneLine', () => {
  it('writes the address on one line, leaving out an empty Address 2', () => {
    expect(addressOneLine(lahoreAddress())).toBe(
      'Sana Malik, 12 Canal View, Lahore, Punjab 54000, Pakistan, +92 300 1234567',
    );
  });
});

describe('the timelines', () => {
  it("read a change of address as such on the shopper's page, not as a second Order Placed", () => {
    expect(stepLabel({ status: 'Order Placed', returnStep: null, change: 'address' })).toBe(
      'Delivery address changed',
    );
    expect(stepLabel({ status: 'Order Placed', returnStep: null })).toBe('Order Placed');
  });

  it("read it on the desk's timeline as the shopper's change", () => {
    const event = {
      kind: 'address' as const,
      to: 'Order Placed',
      note: null,
      returnStep: null,
      method: null,
      amount: null,
      reference: null,
    };
    expect(timelineLine(event, 'PKR')).toEqual({
      title: 'Delivery address changed by the shopper',
      detail: null,
    });
  });
});
