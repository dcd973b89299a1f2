// The checkout store: the form's state and actions, and the rules that follow the shipping country.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutField } from '../../src/lib/checkout.ts';
import type { OrderPlacedAnswer } from '../../src/lib/contract/responses.ts';
import type { EarlyInput } from '../../src/stores/checkout.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';
import { makeProduct } from '../fixtures/products.ts';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply[]> = {};
let calls: { url: string; body: unknown; key: string | null }[] = [];

const COUNTRIES = [
  { name: 'Pakistan', currency: 'PKR', regions: ['Punjab', 'Sindh'] },
  { name: 'United States', currency: 'USD', regions: ['Texas'] },
];
const NOTHING_TYPED: EarlyInput = { fields: [], paymentMethod: null };
const tote = makeProduct({ _id: 'city-tote', colors: ['Black'], price: 4000, discountPercent: 0 });

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  // The list answer as the contract has it: each product also carries its `name`.
  const products = [{ ...tote, name: tote.productName }];
  replies = { '/api/product/list': [{ status: 200, body: { success: true, products } }] };
  calls = [];
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    });
    const reply = replies[url]?.shift();
    if (!reply) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets pending calls finish: the client loads its answer parsers with a dynamic import on first use. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

/** The store as the island sees it: mounted, with the countries it ships to. */
async function openCheckout(early = NOTHING_TYPED) {
  const store = await import('../../src/stores/checkout.ts');
  store.$checkout.listen(() => {});
  store.startCheckout(COUNTRIES, early);
  await settle();
  return store;
}

/** Types a whole Pakistani address, keeping the preselected COD. */
function fillIn(editField: (name: CheckoutField, value: string) => void) {
  const address: [CheckoutField, string][] = Object.entries({
    firstName: 'Sana',
    lastName: 'Malik',
    email: 'sana@example.com',
    address1: '12 Canal View',
    country: 'Pakistan',
    state: 'Punjab',
    city: 'Lahore',
    zip: '54000',
    mobile: '+92 300 1234567',
  }) as [CheckoutField, string][];
  for (const [name, value] of address) editField(name, value);
}

describe('startCheckout', () => {
  it('takes over the saved country, then what was typed and picked before hydration', async () => {
    localStorage.setItem('selectedCountry', 'Pakistan');
    const { $checkout } = await openCheckout({
      fields: [['firstName', 'Sana']],
      paymentMethod: 'JazzCash',
    });
    expect($checkout.get().fields).toMatchObject({
      firstName: 'Sana',
      country: 'Pakistan',
      paymentMethod: 'JazzCash',
    });
    expect($checkout.get().regions).toEqual(['Punjab', 'Sindh']);
  });

  it('lets a country chosen before hydration win, and moves every price to its currency', async () => {
    localStorage.setItem('selectedCountry', 'Pakistan');
    const { $checkout } = await openCheckout({
      fields: [['country', 'United States']],
      paymentMethod: 'COD',
    });
    expect($checkout.get().fields).toMatchObject({
      country: 'United States',
      paymentMethod: 'Bank Transfer',
    });
    expect(localStorage.getItem('selectedCountry')).toBe('United States');
    expect(localStorage.getItem('selectedCurrency')).toBe('USD');
  });

  it('starts in Pakistan, with its regions, when the shopper has chosen no shipping country yet', async () => {
    const { $checkout } = await openCheckout();
    expect($checkout.get().fields).toMatchObject({ country: 'Pakistan', paymentMethod: 'COD' });
    expect($checkout.get().regions).toEqual(['Punjab', 'Sindh']);
    // Nothing is chosen for the shopper: the header's country stays theirs to pick.
    expect(localStorage.getItem('selectedCountry')).toBeNull();
  });

  it('starts in the shipping country the shopper chose in the header, not Pakistan', async () => {
    localStorage.setItem('selectedCountry', 'United States');
    localStorage.setItem('selectedCurrency', 'USD');
    const { $checkout } = await openCheckout();
    expect($checkout.get().fields.country).toBe('United States');
  });

  it('keeps a country and a region picked before hydration over the preset Pakistan', async () => {
    const { $checkout } = await openCheckout({
      fields: [
        ['country', 'Pakistan'],
        ['state', 'Sindh'],
      ],
      paymentMethod: null,
    });
    expect($checkout.get().fields).toMatchObject({ country: 'Pakistan', state: 'Sindh' });
  });
});

describe('$checkout', () => {
  it('pauses orders to a country whose currency has no rate, with the reason', async () => {
    const { $checkout, editField } = await openCheckout();
    editField('country', 'United States');
    await settle();
    expect($checkout.get().paused).toBe(
      'Orders to United States are paused: we cannot confirm prices in USD right now. Please try again later, or ship to Pakistan.',
    );
    expect($checkout.get().canPlace).toBe(false);
  });

  it('keeps the payment method one the currency allows while no country is chosen', async () => {
    const { $checkout, editField } = await openCheckout();
    editField('country', '');
    expect($checkout.get().fields.paymentMethod).toBe('COD');
    const { $currency } = await import('../../src/stores/currency.ts');
    $currency.set({ code: 'USD', symbol: '$', rate: 0.0036, digits: 2 });
    expect($checkout.get().methods).toEqual(['Bank Transfer']);
    expect($checkout.get().fields.paymentMethod).toBe('Bank Transfer');
  });

  it('lists the cart against the catalogue, and places nothing while it is empty', async () => {
    localStorage.setItem('cartItems_guest', '{"city-tote":{"Black":{"0":2}}}');
    const { $checkout } = await openCheckout();
    expect($checkout.get().lines.map((l) => [l.itemId, l.quantity, l.lineTotal])).toEqual([
      ['city-tote', 2, 8000],
    ]);
    expect($checkout.get().canPlace).toBe(true);
    const { clearCart } = await import('../../src/stores/cart.ts');
    clearCart();
    expect($checkout.get()).toMatchObject({ cartEmpty: true, canPlace: false });
  });
});

describe('submitCheckout', () => {
  it('refuses an empty form: counts the refusal, shows every error but the State’s, and announces as many as it shows', async () => {
    const { $checkout, submitCheckout, editField } = await openCheckout();
    editField('country', '');
    await submitCheckout();
    expect($checkout.get().refusals).toBe(1);
    expect($checkout.get().errorCount).toBe(8);
    expect(Object.keys($checkout.get().errors)).toHaveLength(8);
    expect($checkout.get().errors).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      address1: 'Address 1 is required',
      country: 'Country is required',
      city: 'City is required',
      zip: 'Zip code is required',
      mobile: 'Mobile number is required',
    });
  });

  it('refuses an empty form in the preset Pakistan with its State among the errors', async () => {
    const { $checkout, submitCheckout } = await openCheckout();
    await submitCheckout();
    expect($checkout.get().errors).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      address1: 'Address 1 is required',
      state: 'State is required',
      city: 'City is required',
      zip: 'Zip code is required',
      mobile: 'Mobile number is required',
    });
  });

  it('asks a signed-out shopper to log in, and opens the login drawer', async () => {
    const { submitCheckout, editField } = await openCheckout();
    fillIn(editField);
    await submitCheckout();
    const { $notices } = await import('../../src/stores/notices.ts');
    const { $ui } = await import('../../src/stores/ui.ts');
    expect($notices.get().map((n) => n.text)).toEqual(['Please login to place your order.']);
    expect($ui.get().drawer).toBe('login');
  });

  it('places the order as typed, then empties the cart and the form and says thank you', async () => {
    localStorage.setItem('token', 'eyJh.eyJz.c2ln');
    localStorage.setItem('email', 'sana@example.com');
    localStorage.setItem('cartItems_sana@example.com', '{"city-tote":{"Black":{"0":2}}}');
    const placed: OrderPlacedAnswer = {
      success: true,
      message: 'Order placed',
      orderId: 'a1',
      order: {
        _id: 'a1',
        items: [],
        status: 'Order Placed',
        payment: false,
        paymentMethod: 'COD',
        date: 1,
        amount: 8000,
        deliveryFee: 250,
        total: 8250,
        currency: 'PKR',
        address: {
          firstName: 'Sana',
          lastName: 'Malik',
          email: 'sana@example.com',
          address1: '12 Canal View',
          country: 'Pakistan',
          city: 'Lahore',
          state: 'Punjab',
          zip: '54000',
          mobile: '+92 300 1234567',
        },
        cancelReason: null,
        rate: 1,
      },
    };
    replies['/api/order/COD'] = [{ status: 200, body: placed }];
    const { $checkout, submitCheckout, editField } = await openCheckout();
    fillIn(editField);
    await submitCheckout();
    await settle();
    const order = calls.find((c) => c.url === '/api/order/COD')!;
    expect(order.body).toEqual({
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 2 }],
      address: placed.order.address,
      currency: 'PKR',
      paymentMethod: 'COD',
    });
    expect(order.key).toMatch(/^checkout-[\w-]{36}$/);
    expect($checkout.get()).toMatchObject({ thanks: true, busy: false, cartEmpty: false });
    expect($checkout.get().fields).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      address1: '',
      address2: '',
      country: '',
      city: '',
      state: '',
      zip: '',
      mobile: '',
      paymentMethod: 'COD',
      walletNumber: '',
    });
    expect(localStorage.getItem('cartItems_sana@example.com')).toBe('{}');
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh key the API accepts each time', async () => {
    const { newIdempotencyKey } = await import('../../src/stores/checkout.ts');
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[\w-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
