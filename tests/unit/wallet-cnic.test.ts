import { describe, expect, it } from 'vitest';
import { checkoutErrors } from '../../src/lib/checkout-errors.ts';
import { emptyCheckout, orderRequest, type CheckoutFields } from '../../src/lib/checkout.ts';

const jazzCash = (walletCnic?: string): CheckoutFields => ({
  ...emptyCheckout('JazzCash', 'Pakistan'),
  firstName: 'Sana',
  lastName: 'Malik',
  email: 'sana@example.com',
  address1: '12 Canal View',
  city: 'Lahore',
  state: 'Punjab',
  zip: '54000',
  mobile: '0300 1234567',
  walletNumber: '0301 2345678',
  ...(walletCnic === undefined ? {} : { walletCnic }),
});

describe('checkoutErrors for a wallet taken through its API', () => {
  it('asks the last six CNIC digits of a wallet that needs them', () => {
    expect(checkoutErrors(jazzCash(), ['JazzCash']).walletCnic).toBe(
      'The last 6 digits of your CNIC are required',
    );
  });

  it('refuses five digits, or six characters that are not all digits', () => {
    expect(checkoutErrors(jazzCash('12345'), ['JazzCash']).walletCnic).toBe(
      'CNIC last 6 digits must be exactly 6 digits',
    );
    expect(checkoutErrors(jazzCash('12345a'), ['JazzCash']).walletCnic).toBe(
      'CNIC last 6 digits must be exactly 6 digits',
    );
  });

  it('takes six digits, and asks nothing of a wallet recorded by hand', () => {
    expect(checkoutErrors(jazzCash('345678'), ['JazzCash'])).toEqual({});
    expect(checkoutErrors(jazzCash(), [])).toEqual({});
  });
});

describe('orderRequest', () => {
  it('sends the CNIC digits beside the wallet number, and none when none were typed', () => {
    const line = [{ itemId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }];
    const sent = orderRequest({ ...jazzCash(' 345678 '), paymentMethod: 'JazzCash' }, line, 'PKR');
    expect(sent).toMatchObject({ walletNumber: '0301 2345678', walletCnic: '345678' });
    const without = orderRequest({ ...jazzCash(), paymentMethod: 'JazzCash' }, line, 'PKR');
    expect(without).not.toHaveProperty('walletCnic');
  });
});
