import { describe, expect, it } from 'vitest';
import { checkoutErrors } from '../../src/lib/checkout-errors.ts';
import { offersWhatsappUpdates } from '../../src/lib/whatsapp-updates.ts';
import {
  startingCountry,
  awaitsCurrency,
  checkoutMethods,
  emptyCheckout,
  freshCheckout,
  orderRequest,
  ordersPaused,
  shipsTo,
  shownError,
  withAllowedPayment,
  withCountry,
  type CheckoutFields,
} from '../../src/lib/checkout.ts';
import { summaryAmounts } from '../../src/lib/delivery.ts';
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
  walletNumber: '',
};

describe('checkoutErrors', () => {
  it('gives every docs/product.md §5 message for an empty form', () => {
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

describe('orderRequest', () => {
  it('sends the address without the payment field, the lines as product ids and the currency', () => {
    const body = orderRequest(
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
    expect(orderRequest({ ...filled, address2: 'Flat 3' }, [], 'PKR').address).toMatchObject({
      address2: 'Flat 3',
    });
  });

  it('asks for WhatsApp shipping updates only when ticked, on an order to Pakistan', () => {
    expect(orderRequest(filled, [], 'PKR', true)).toMatchObject({ whatsappUpdates: true });
    expect(orderRequest(filled, [], 'PKR', false)).not.toHaveProperty('whatsappUpdates');
    expect(orderRequest(filled, [], 'PKR')).not.toHaveProperty('whatsappUpdates');
    expect(
      orderRequest({ ...filled, country: 'United Kingdom' }, [], 'GBP', true),
    ).not.toHaveProperty('whatsappUpdates');
  });
});

describe('offersWhatsappUpdates', () => {
  it('applies to a Pakistani mobile, however typed, on an order to Pakistan', () => {
    for (const mobile of ['0300 1234567', '+92 300-1234567', '923001234567'])
      expect(offersWhatsappUpdates({ country: 'Pakistan', mobile })).toBe(true);
    expect(offersWhatsappUpdates({ country: 'Pakistan', mobile: '042 35761234' })).toBe(false);
    expect(offersWhatsappUpdates({ country: 'Pakistan', mobile: '' })).toBe(false);
    expect(offersWhatsappUpdates({ country: 'United Kingdom', mobile: '0300 1234567' })).toBe(
      false,
    );
  });
});

describe('checkoutMethods', () => {
  it('offers all four methods in Pakistan, and Bank Transfer alone elsewhere', () => {
    expect(checkoutMethods('Pakistan', 'PKR')).toEqual([
      'Bank Transfer',
      'JazzCash',
      'EasyPaisa',
      'COD',
    ]);
    expect(checkoutMethods('Japan', 'JPY')).toEqual(['Bank Transfer']);
  });

  it('follows the currency while no country is chosen', () => {
    expect(checkoutMethods('', 'PKR')).toEqual(['Bank Transfer', 'JazzCash', 'EasyPaisa', 'COD']);
    expect(checkoutMethods('', 'USD')).toEqual(['Bank Transfer']);
  });
});

describe('freshCheckout', () => {
  it('preselects COD for prices in PKR and Bank Transfer for another currency', () => {
    expect(freshCheckout('PKR')).toEqual(emptyCheckout('COD'));
    expect(freshCheckout('USD')).toEqual(emptyCheckout('Bank Transfer'));
  });
});

describe('withAllowedPayment', () => {
  it('keeps a method the form offers, as the same form', () => {
    expect(withAllowedPayment(filled, 'PKR')).toBe(filled);
  });

  it('moves a method the currency no longer allows to the default, or to the pick it allows', () => {
    const noCountry = { ...filled, country: '', paymentMethod: 'JazzCash' as const };
    expect(withAllowedPayment(noCountry, 'USD').paymentMethod).toBe('Bank Transfer');
    const backHome = { ...noCountry, paymentMethod: 'Bank Transfer' as const };
    expect(withAllowedPayment(backHome, 'PKR', 'JazzCash')).toBe(backHome);
    expect(
      withAllowedPayment({ ...backHome, paymentMethod: '' }, 'PKR', 'JazzCash').paymentMethod,
    ).toBe('JazzCash');
  });
});

describe('ordersPaused', () => {
  const us = { name: 'United States', currency: 'USD', regions: [] };

  it('pauses orders abroad while the currency has no known rate (prices stay in PKR)', () => {
    expect(ordersPaused(us, { code: 'PKR', wanted: 'USD' })).toBe(true);
  });

  it('pauses orders abroad while the rate in use is approximate', () => {
    expect(ordersPaused(us, { code: 'USD', since: Date.UTC(2026, 10, 1) })).toBe(true);
  });

  it('takes orders at a fresh rate, and always in Pakistan', () => {
    expect(ordersPaused(us, { code: 'USD' })).toBe(false);
    const pakistan = { name: 'Pakistan', currency: 'PKR', regions: [] };
    expect(ordersPaused(pakistan, { code: 'PKR', wanted: 'PKR' })).toBe(false);
  });

  it("waits for the switch, not a pause, while prices show another country's fresh currency", () => {
    expect(ordersPaused(us, { code: 'EUR', since: Date.UTC(2026, 10, 1) })).toBe(false);
    expect(awaitsCurrency(us, 'EUR')).toBe(true);
    expect(awaitsCurrency(us, 'USD')).toBe(false);
  });
});

describe('shownError', () => {
  const errors = { firstName: 'First Name is required', state: 'State is required' };
  const form = { fields: emptyCheckout('COD'), errors, touched: {}, submitted: false };

  it('shows a field’s error once the field was left, or the form submitted', () => {
    expect(shownError('firstName', form)).toBeUndefined();
    expect(shownError('firstName', { ...form, touched: { firstName: true } })).toBe(
      'First Name is required',
    );
    expect(shownError('firstName', { ...form, submitted: true })).toBe('First Name is required');
  });

  it('keeps the State error back until a country is chosen', () => {
    expect(shownError('state', { ...form, submitted: true })).toBeUndefined();
    const withCountryChosen = { ...form, fields: { ...form.fields, country: 'Pakistan' } };
    expect(shownError('state', { ...withCountryChosen, submitted: true })).toBe(
      'State is required',
    );
  });
});

describe('summaryAmounts', () => {
  const rates = { PKR: 1, USD: 0.0036 };

  it('converts the subtotal at the shown rate and adds the flat delivery fee', () => {
    expect(
      summaryAmounts([{ unitPrice: 10000, quantity: 1 }], { code: 'USD', rate: 0.004 }, rates),
    ).toEqual({
      subtotal: 40,
      tax: 0,
      shipping: 25,
      total: 65,
    });
  });

  it('owes no shipping and totals 0 for an empty cart', () => {
    expect(summaryAmounts([], { code: 'PKR', rate: 1 }, rates)).toEqual({
      subtotal: 0,
      tax: 0,
      shipping: 0,
      total: 0,
    });
  });
});

// The wallet number of a JazzCash or EasyPaisa order.
describe('the wallet number', () => {
  it('is required for JazzCash and EasyPaisa, with the method in the message', () => {
    expect(checkoutErrors({ ...filled, paymentMethod: 'JazzCash' })).toEqual({
      walletNumber: 'JazzCash account number is required',
    });
    expect(checkoutErrors({ ...filled, paymentMethod: 'EasyPaisa' }).walletNumber).toBe(
      'EasyPaisa account number is required',
    );
  });

  it('must be a Pakistani mobile, typed locally or internationally', () => {
    const jazz = { ...filled, paymentMethod: 'JazzCash' as const };
    expect(checkoutErrors({ ...jazz, walletNumber: '042 35761234' }).walletNumber).toBe(
      'JazzCash account number must be a Pakistani mobile: 03xxxxxxxxx or +923xxxxxxxxx',
    );
    expect(checkoutErrors({ ...jazz, walletNumber: '0300 1234567' })).toEqual({});
    expect(checkoutErrors({ ...jazz, walletNumber: '+92 300-1234567' })).toEqual({});
  });

  it('is sent with a wallet order and never with another method', () => {
    const jazz = { ...filled, paymentMethod: 'JazzCash' as const, walletNumber: '0300 1234567' };
    expect(orderRequest(jazz, [], 'PKR').walletNumber).toBe('0300 1234567');
    expect(orderRequest(jazz, [], 'PKR').address).not.toHaveProperty('walletNumber');
    expect(orderRequest({ ...jazz, paymentMethod: 'COD' }, [], 'PKR')).not.toHaveProperty(
      'walletNumber',
    );
  });
});

describe('startingCountry', () => {
  const countries = [
    { name: 'Pakistan', currency: 'PKR', regions: ['Punjab'] },
    { name: 'United Kingdom', currency: 'GBP', regions: ['England'] },
  ];

  it('starts in Pakistan when the shopper chose no shipping country', () => {
    expect(startingCountry('', countries)).toBe('Pakistan');
  });

  it('starts in the shipping country the shopper chose', () => {
    expect(startingCountry('United Kingdom', countries)).toBe('United Kingdom');
    expect(startingCountry('Pakistan', countries)).toBe('Pakistan');
  });

  it('starts with no country when the chosen one is not shipped to', () => {
    expect(startingCountry('Atlantis', countries)).toBe('');
  });
});
