import { describe, expect, it } from 'vitest';
import { DESTINATION_MESSAGES } from '../../src/lib/messages.ts';
import { resolveDestination } from '../../src/lib/destination.ts';
import { CHECKOUT_COUNTRIES } from '../../src/lib/countries.ts';
import { HOME_COUNTRY } from '../../src/lib/payments.ts';

describe('resolveDestination', () => {
  it('charges a US address in USD by bank transfer when the client names neither', () => {
    expect(resolveDestination({ country: 'United States' })).toEqual({
      country: 'United States',
      currency: 'USD',
      paymentMethod: 'Bank Transfer',
    });
  });

  it('charges a Pakistani address in PKR with COD by default', () => {
    expect(resolveDestination({ country: 'pakistan ' })).toEqual({
      country: 'Pakistan',
      currency: 'PKR',
      paymentMethod: 'COD',
    });
  });

  it('refuses a currency that is not the shipping country’s', () => {
    expect(
      resolveDestination({ country: 'United States', currency: 'PKR', paymentMethod: 'COD' }),
    ).toEqual({
      error:
        'Orders to United States are charged in USD. Please refresh the checkout and try again.',
    });
    expect(resolveDestination({ country: 'Pakistan', currency: 'USD' })).toEqual({
      error: DESTINATION_MESSAGES.currencyMismatch('Pakistan', 'PKR'),
    });
  });

  it('refuses COD and the wallets for an address outside Pakistan', () => {
    expect(
      resolveDestination({ country: 'United States', currency: 'USD', paymentMethod: 'COD' }),
    ).toEqual({
      error: 'Cash on Delivery is available only for addresses in Pakistan.',
    });
    expect(resolveDestination({ country: 'United Kingdom', paymentMethod: 'JazzCash' })).toEqual({
      error: 'JazzCash is available only for addresses in Pakistan.',
    });
    expect(resolveDestination({ country: 'India', paymentMethod: 'EasyPaisa' })).toEqual({
      error: 'EasyPaisa is available only for addresses in Pakistan.',
    });
  });

  it('refuses a country the checkout does not list', () => {
    for (const country of ['Atlantis', 'Rest of the World', 'Middle East', '__proto__']) {
      expect(resolveDestination({ country })).toEqual({
        error: 'We do not ship to this country. Please choose your country from the list.',
      });
    }
  });

  it('knows the home country by the name the checkout lists it under', () => {
    expect(CHECKOUT_COUNTRIES.map((c) => c.name)).toContain(HOME_COUNTRY);
  });
});
