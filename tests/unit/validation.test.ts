import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  cancelBodySchema,
  cartLineBodySchema,
  cartMergeBodySchema,
  cartRemoveBodySchema,
  checkoutSchema,
  fieldErrors,
  googleLoginBodySchema,
  loginBodySchema,
  orderBodySchema,
  quantitySchema,
  registerBodySchema,
  resetRequestBodySchema,
  resetVerifyBodySchema,
} from '../../src/lib/contract/requests.ts';
import type * as z from 'zod/mini';

const address = {
  firstName: 'Ayesha',
  lastName: 'Khan',
  email: 'ayesha@example.com',
  address1: '12 Mall Road',
  country: 'Pakistan',
  city: 'Lahore',
  state: 'Punjab',
  zip: '54000',
  mobile: '+92 300-1234567',
};

/** The first message of each failing field. */
function errorsOf(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return fieldErrors(result.error);
}

describe('addressSchema', () => {
  it('accepts a complete address and trims it', () => {
    const parsed = addressSchema.parse({ ...address, city: '  Lahore  ' });
    expect(parsed.city).toBe('Lahore');
  });

  it('gives every required message for an empty form (the region and postcode follow the country: src/lib/address-format.ts)', () => {
    expect(errorsOf(addressSchema, {})).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      address1: 'Address 1 is required',
      country: 'Country is required',
      city: 'City is required',
      mobile: 'Mobile number is required',
    });
  });

  it('treats blank text as missing', () => {
    const blank = Object.fromEntries(Object.keys(address).map((k) => [k, '   ']));
    const errors = errorsOf(addressSchema, blank);
    expect(errors.firstName).toBe('First Name is required');
    expect(errors.email).toBe('Email is required');
    expect(errors.mobile).toBe('Mobile number is required');
  });

  it('strips CR, LF, tabs and other controls from every name and address field and collapses the spaces', () => {
    const hostile = 'Ayesha\r\n\r\nURGENT: verify your card at http://evil.example';
    const parsed = addressSchema.parse({
      ...address,
      firstName: hostile,
      lastName: 'Khan\u0000\u0085\u2028',
      address1: '12\tMall\u000bRoad',
      address2: 'Flat\r\n3',
      city: 'La\u202Ehore',
      state: 'Pun\u001bjab',
      zip: '540\n00',
      country: ' Pakistan\r\n',
    });
    expect(parsed).toMatchObject({
      firstName: 'Ayesha URGENT: verify your card at http://evil.example',
      lastName: 'Khan',
      address1: '12 Mall Road',
      address2: 'Flat 3',
      city: 'Lahore',
      state: 'Pun jab',
      zip: '540 00',
      country: 'Pakistan',
    });
  });

  it('treats a field of controls only as missing', () => {
    expect(errorsOf(addressSchema, { ...address, firstName: '\r\n\t' }).firstName).toBe(
      'First Name is required',
    );
  });

  it('makes Address 2 optional', () => {
    expect(addressSchema.safeParse(address).success).toBe(true);
    expect(addressSchema.parse({ ...address, address2: ' Flat 3 ' }).address2).toBe('Flat 3');
  });

  it("rejects an e-mail that does not look like name@domain with 'Invalid email'", () => {
    expect(errorsOf(addressSchema, { ...address, email: 'ayesha' }).email).toBe('Invalid email');
    expect(errorsOf(addressSchema, { ...address, email: 'a@b' }).email).toBe('Invalid email');
  });

  it('trims and lower-cases the e-mail', () => {
    expect(addressSchema.parse({ ...address, email: '  Ayesha@Example.COM ' }).email).toBe(
      'ayesha@example.com',
    );
  });

  it('rejects an e-mail over 254 characters', () => {
    const email = `${'a'.repeat(250)}@b.co`;
    expect(errorsOf(addressSchema, { ...address, email }).email).toBe('Invalid email');
  });

  it('accepts a mobile of 7 digits, plus, hyphen or space characters', () => {
    expect(addressSchema.safeParse({ ...address, mobile: '1234567' }).success).toBe(true);
    expect(addressSchema.safeParse({ ...address, mobile: '+1 555-0100' }).success).toBe(true);
  });

  it("rejects a 6-character mobile with 'Invalid mobile number'", () => {
    expect(errorsOf(addressSchema, { ...address, mobile: '123456' }).mobile).toBe(
      'Invalid mobile number',
    );
  });

  it('rejects letters and mobiles over 20 characters', () => {
    expect(errorsOf(addressSchema, { ...address, mobile: '0300-ABCDEFG' }).mobile).toBe(
      'Invalid mobile number',
    );
    expect(errorsOf(addressSchema, { ...address, mobile: '1'.repeat(21) }).mobile).toBe(
      'Invalid mobile number',
    );
  });

  it('strips unknown keys', () => {
    expect(addressSchema.parse({ ...address, admin: true })).not.toHaveProperty('admin');
  });

  it('rejects a non-string where a string belongs', () => {
    expect(errorsOf(addressSchema, { ...address, city: { $gt: '' } }).city).toBe('Must be text');
    expect(errorsOf(addressSchema, { ...address, address2: 5 }).address2).toBe('Must be text');
  });

  it('rejects over-long fields', () => {
    expect(errorsOf(addressSchema, { ...address, firstName: 'x'.repeat(101) }).firstName).toBe(
      'Must be at most 100 characters',
    );
  });
});

describe('checkoutSchema', () => {
  it('accepts an address with a payment method', () => {
    expect(checkoutSchema.safeParse({ ...address, paymentMethod: 'COD' }).success).toBe(true);
  });

  it("asks to 'Please select a payment method' when none or an unknown one is given", () => {
    expect(errorsOf(checkoutSchema, address).paymentMethod).toBe('Please select a payment method');
    expect(errorsOf(checkoutSchema, { ...address, paymentMethod: 'Cash' }).paymentMethod).toBe(
      'Please select a payment method',
    );
  });
});

describe('quantitySchema', () => {
  it('accepts 1, 49, 50 and 100', () => {
    for (const q of [1, 49, 50, 100]) expect(quantitySchema.safeParse(q).success).toBe(true);
  });

  it('rejects 0, 101, fractions and text', () => {
    for (const q of [0, 101, 1.5, '2', null])
      expect(quantitySchema.safeParse(q).success).toBe(false);
  });
});

describe('cartLineBodySchema', () => {
  const body = { itemId: 'bag-1', selectedColor: 'Black', imageIndex: 0, quantity: 2 };

  it('accepts a line and strips unknown keys', () => {
    expect(cartLineBodySchema.parse({ ...body, userId: 'x' })).toEqual(body);
  });

  it('accepts the image index as digit text', () => {
    expect(cartLineBodySchema.parse({ ...body, imageIndex: '3' }).imageIndex).toBe(3);
  });

  it('rejects image indexes outside 0..7', () => {
    for (const imageIndex of [-1, 8, '8', '1a', 1.5]) {
      expect(cartLineBodySchema.safeParse({ ...body, imageIndex }).success).toBe(false);
    }
  });

  it('rejects quantity 101 and an object for the id', () => {
    expect(cartLineBodySchema.safeParse({ ...body, quantity: 101 }).success).toBe(false);
    expect(cartLineBodySchema.safeParse({ ...body, itemId: { $ne: null } }).success).toBe(false);
  });

  it('rejects ids over 64 and colours over 40 characters', () => {
    expect(cartLineBodySchema.safeParse({ ...body, itemId: 'a'.repeat(65) }).success).toBe(false);
    expect(cartLineBodySchema.safeParse({ ...body, selectedColor: 'a'.repeat(41) }).success).toBe(
      false,
    );
  });
});

describe('cartRemoveBodySchema', () => {
  it('needs the line key but no quantity', () => {
    expect(
      cartRemoveBodySchema.parse({
        itemId: 'a',
        selectedColor: 'Red',
        imageIndex: '0',
        quantity: 3,
      }),
    ).toEqual({ itemId: 'a', selectedColor: 'Red', imageIndex: 0 });
    expect(cartRemoveBodySchema.safeParse({ itemId: 'a', selectedColor: 'Red' }).success).toBe(
      false,
    );
  });
});

describe('cartMergeBodySchema', () => {
  it('accepts a valid cart map', () => {
    const cartData = { a: { Black: { '0': 1, '7': 100 } } };
    expect(cartMergeBodySchema.parse({ cartData })).toEqual({ cartData });
  });

  it('accepts an empty cart', () => {
    expect(cartMergeBodySchema.safeParse({ cartData: {} }).success).toBe(true);
  });

  it('rejects bad quantities and image keys', () => {
    expect(cartMergeBodySchema.safeParse({ cartData: { a: { B: { '0': 0 } } } }).success).toBe(
      false,
    );
    expect(cartMergeBodySchema.safeParse({ cartData: { a: { B: { '0': 101 } } } }).success).toBe(
      false,
    );
    expect(cartMergeBodySchema.safeParse({ cartData: { a: { B: { '8': 1 } } } }).success).toBe(
      false,
    );
    expect(cartMergeBodySchema.safeParse({ cartData: 'x' }).success).toBe(false);
  });

  it('accepts 50 lines and rejects 51, the same cap as cart add and order', () => {
    const cart = (lines: number) =>
      Object.fromEntries(Array.from({ length: lines }, (_, i) => [`p${i}`, { Black: { '0': 1 } }]));
    expect(cartMergeBodySchema.safeParse({ cartData: cart(50) }).success).toBe(true);
    expect(errorsOf(cartMergeBodySchema, { cartData: cart(51) }).cartData).toBe(
      'Your cart can hold at most 50 different items. Please remove one before adding another.',
    );
  });
});

describe('orderBodySchema', () => {
  const item = { productId: 'bag-1', selectedColor: 'Black', imageIndex: 1, quantity: 2 };

  it('accepts the original payload and strips client prices', () => {
    const parsed = orderBodySchema.parse({
      userId: 'u1',
      items: [{ ...item, price: 1, productName: 'x', discountPercent: 99 }],
      amount: 1,
      address,
      currency: 'PKR',
      deliveryFee: 0,
    });
    expect(parsed).toEqual({
      items: [item],
      address: { ...address },
      currency: 'PKR',
    });
  });

  it('reads _id as productId and defaults the image index to 0', () => {
    const parsed = orderBodySchema.parse({
      items: [{ _id: 'bag-2', selectedColor: 'Red', quantity: 1 }],
      address,
    });
    expect(parsed.items).toEqual([
      { productId: 'bag-2', selectedColor: 'Red', imageIndex: 0, quantity: 1 },
    ]);
  });

  it('leaves the currency and the method to the shipping country when the client names neither', () => {
    const parsed = orderBodySchema.parse({ items: [item], address });
    expect(parsed.currency).toBeUndefined();
    expect(parsed.paymentMethod).toBeUndefined();
  });

  it('accepts up to 50 lines and rejects none or 51', () => {
    expect(orderBodySchema.safeParse({ items: Array(50).fill(item), address }).success).toBe(true);
    expect(orderBodySchema.safeParse({ items: [], address }).success).toBe(false);
    expect(errorsOf(orderBodySchema, { items: Array(51).fill(item), address }).items).toBe(
      'An order can hold at most 50 different items. Please remove some from your cart and try again.',
    );
  });

  it('rejects an item that is not an object', () => {
    expect(orderBodySchema.safeParse({ items: ['bag-1'], address }).success).toBe(false);
  });

  it('rejects a payment method the shop does not offer', () => {
    const errors = errorsOf(orderBodySchema, { items: [item], address, paymentMethod: 'Cash' });
    expect(errors.paymentMethod).toBe('Please select a payment method');
  });

  it('rejects a malformed currency and a bad address', () => {
    expect(orderBodySchema.safeParse({ items: [item], address, currency: 'usd' }).success).toBe(
      false,
    );
    expect(errorsOf(orderBodySchema, { items: [item], address: {} })['address.firstName']).toBe(
      'First Name is required',
    );
  });
});

describe('cancelBodySchema', () => {
  it('accepts each cancel reason', () => {
    expect(cancelBodySchema.parse({ orderId: 'o1', reason: 'Other' })).toEqual({
      orderId: 'o1',
      reason: 'Other',
    });
  });

  it("asks to 'Please select a cancellation reason.' without a valid reason", () => {
    expect(errorsOf(cancelBodySchema, { orderId: 'o1' }).reason).toBe(
      'Please select a cancellation reason.',
    );
    expect(errorsOf(cancelBodySchema, { orderId: 'o1', reason: 'Bored' }).reason).toBe(
      'Please select a cancellation reason.',
    );
  });

  it('rejects an object as order id', () => {
    expect(cancelBodySchema.safeParse({ orderId: { $gt: '' }, reason: 'Other' }).success).toBe(
      false,
    );
  });
});

describe('registerBodySchema', () => {
  it('accepts a name, e-mail and 8-character password', () => {
    expect(
      registerBodySchema.parse({ name: ' Ali ', email: 'ALI@X.PK', password: '12345678' }),
    ).toEqual({ name: 'Ali', email: 'ali@x.pk', password: '12345678' });
  });

  it('makes the name one plain line: a CRLF cannot start a line in a mail greeting', () => {
    const parsed = registerBodySchema.parse({
      name: 'Ali\r\n\r\nURGENT: call us',
      email: 'ali@x.pk',
      password: 'correct horse battery',
    });
    expect(parsed.name).toBe('Ali URGENT: call us');
  });

  it('rejects a 7-character password, a long name and a bad e-mail', () => {
    const ok = { name: 'Ali', email: 'ali@x.pk', password: '12345678' };
    expect(registerBodySchema.safeParse({ ...ok, password: '1234567' }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...ok, password: 'x'.repeat(129) }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...ok, name: 'x'.repeat(81) }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...ok, email: ['ali@x.pk'] }).success).toBe(false);
  });
});

describe('loginBodySchema', () => {
  it('accepts any non-empty password up to 128 characters', () => {
    expect(loginBodySchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(loginBodySchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(129) }).success).toBe(
      false,
    );
  });

  it('rejects a non-string password', () => {
    expect(loginBodySchema.safeParse({ email: 'a@b.co', password: { $ne: 1 } }).success).toBe(
      false,
    );
  });
});

describe('googleLoginBodySchema', () => {
  it('accepts a token up to 4096 characters', () => {
    expect(googleLoginBodySchema.safeParse({ token: 'x'.repeat(4096) }).success).toBe(true);
    expect(googleLoginBodySchema.safeParse({ token: 'x'.repeat(4097) }).success).toBe(false);
    expect(googleLoginBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('resetRequestBodySchema', () => {
  it('needs a valid e-mail', () => {
    expect(resetRequestBodySchema.parse({ email: ' A@B.CO ' })).toEqual({ email: 'a@b.co' });
    expect(errorsOf(resetRequestBodySchema, { email: '' }).email).toBe('Email is required');
  });
});

describe('resetVerifyBodySchema', () => {
  const ok = { email: 'a@b.co', otp: '123456', newPassword: 'abcdefgh' };

  it('accepts a 6-digit code and an 8-character password', () => {
    expect(resetVerifyBodySchema.parse(ok)).toEqual(ok);
  });

  it('rejects codes that are not 6 digits', () => {
    for (const otp of ['12345', '1234567', '12345a', 123456]) {
      expect(resetVerifyBodySchema.safeParse({ ...ok, otp }).success).toBe(false);
    }
  });

  it('rejects a short new password', () => {
    expect(resetVerifyBodySchema.safeParse({ ...ok, newPassword: 'short' }).success).toBe(false);
  });
});

describe('fieldErrors', () => {
  it('keys root errors by the empty path', () => {
    expect(errorsOf(addressSchema, 'nope')).toEqual({ '': expect.any(String) });
  });
});
