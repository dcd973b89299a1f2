import { describe, expect, it } from 'vitest';
import {
  addressOneLine,
  canChangeAddress,
  sameAddress,
} from '../../src/lib/orders/address-change.ts';
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
