import { describe, expect, it } from 'vitest';
import { checkoutErrors } from '../../src/islands/checkout/checkout-errors.ts';
import {
  emptyCheckout,
  newIdempotencyKey,
  orderBody,
  shipsTo,
  withCountry,
  type CheckoutFields,
} from '../../src/islands/checkout/checkout-form.ts';
import type { PaymentMethod } from '../../src/lib/payments.ts';

const filled: CheckoutFields & { paymentMethod: PaymentMethod } = {
  firstName: 'Sana',
  lastName: 'Tariq',
  email: 'sana@example.com',
  address1: '12 Canal View',
  address2: '',
  country: 'Pakistan',
  city: 'Lahore',
  state: 'Punjab',
  zip: '54000',
  mobile: '+92 300 1234567',
  paymentMethod: 'COD',
};

describe('checkoutErrors', () => {
  it('gives every SPEC §5 message for an empty form', () => {
    expect(checkoutErrors(emptyCheckout(''))).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      address1: 'Address 1 is required',
      country: 'Country is required',
      city: 'City is required',
      state: 'State is required',
      zip: 'Zip code is required',
      mobile: 'Mobile number is required',
      paymentMethod: 'Please select a payment method',
    });
  });

  it('accepts a complete form with Address 2 left empty', () => {
    expect(checkoutErrors(filled)).toEqual({});
  });

  it('rejects an e-mail without an @ and a mobile with letters or under 7 characters', () => {
    expect(checkoutErrors({ ...filled, email: 'sana.example.com' }).email).toBe('Invalid email');
    expect(checkoutErrors({ ...filled, mobile: '0300-12a' }).mobile).toBe('Invalid mobile number');
    expect(checkoutErrors({ ...filled, mobile: '123 45' }).mobile).toBe('Invalid mobile number');
    expect(checkoutErrors({ ...filled, mobile: '123-4567' })).toEqual({});
  });
});

describe('withCountry', () => {
  it('clears the state when the country changes and keeps it otherwise', () => {
    expect(withCountry(filled, 'India')).toMatchObject({ country: 'India', state: '' });
    expect(withCountry(filled, 'Pakistan')).toBe(filled);
  });

  it('switches COD to Bank Transfer when the address leaves Pakistan, and back to COD when it returns', () => {
    const abroad = withCountry(filled, 'United States');
    expect(abroad.paymentMethod).toBe('Bank Transfer');
    expect(withCountry({ ...filled, paymentMethod: 'JazzCash' }, 'India').paymentMethod).toBe(
      'Bank Transfer',
    );
    expect(withCountry(abroad, 'Pakistan').paymentMethod).toBe('COD');
  });

  it('brings back the method the shopper picked once the country allows it again', () => {
    const abroad = withCountry(
      { ...filled, paymentMethod: 'JazzCash' },
      'India',
      'PKR',
      'JazzCash',
    );
    expect(abroad.paymentMethod).toBe('Bank Transfer');
    expect(withCountry(abroad, 'Pakistan', 'INR', 'JazzCash').paymentMethod).toBe('JazzCash');
    expect(withCountry(abroad, 'Pakistan', 'INR', 'Bank Transfer').paymentMethod).toBe(
      'Bank Transfer',
    );
  });
});

describe('shipsTo', () => {
  it('is the chosen country, or Pakistan while no country is chosen and prices show in PKR', () => {
    expect(shipsTo('Japan', 'PKR')).toBe('Japan');
    expect(shipsTo('', 'PKR')).toBe('Pakistan');
    expect(shipsTo('', 'AED')).toBe('');
  });
});

describe('orderBody', () => {
  it('sends the address without the payment field, the lines as product ids and the currency', () => {
    const body = orderBody(
      filled,
      [{ itemId: 'city-tote', selectedColor: 'Tan', imageIndex: 1, quantity: 2 }],
      'PKR',
    );
    expect(body).toEqual({
      items: [{ productId: 'city-tote', selectedColor: 'Tan', imageIndex: 1, quantity: 2 }],
      address: {
        firstName: 'Sana',
        lastName: 'Tariq',
        email: 'sana@example.com',
        address1: '12 Canal View',
        country: 'Pakistan',
        city: 'Lahore',
        state: 'Punjab',
        zip: '54000',
        mobile: '+92 300 1234567',
      },
      currency: 'PKR',
      paymentMethod: 'COD',
    });
  });

  it('keeps Address 2 when given', () => {
    expect(orderBody({ ...filled, address2: 'Flat 3' }, [], 'PKR').address).toMatchObject({
      address2: 'Flat 3',
    });
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh key the API accepts each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[\w-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
