// The stores own their data: they load what they hold when an island first reads it,
// keep it in storage in step with other tabs, and make the API calls; islands only render.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Order,
  OrderPlacedAnswer,
  ProductListAnswer,
  SessionAnswer,
} from '../../src/lib/contract/responses.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';
import { makeProduct } from '../fixtures/products.ts';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply[]> = {};
let calls: { url: string; token: string | null; body: unknown }[] = [];
let storage: MemoryStorage;

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  replies = {};
  calls = [];
  storage = new MemoryStorage();
  // A window that can carry `storage` events, as another tab's writes arrive.
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({
      url,
      token: new Headers(init.headers).get('token'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const reply = replies[url]?.shift() ?? { status: 500, body: { success: false } };
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const reply = (url: string, ...answers: Reply[]) => (replies[url] = answers);
const callsTo = (url: string) => calls.filter((c) => c.url === url);
/** Lets pending calls finish: the client loads its answer parsers with a dynamic import on first use. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

function signIn(email = 'sana@example.com', token = 'eyJh.eyJz.c2ln') {
  localStorage.setItem('token', token);
  localStorage.setItem('email', email);
  localStorage.setItem('name', 'Sana');
}

/** Another tab writes a key: the browser fires `storage` on this tab's window. */
function otherTabWrites(key: string, value: string) {
  storage.setItem(key, value);
  window.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: value }));
}

describe('$products', () => {
  const LIST = '/api/product/list';
  // The list answer as the contract has it: each product also carries its `name`.
  const products: ProductListAnswer['products'] = ['city-tote', 'metro-sleeve'].map((_id) => {
    const product = makeProduct({ _id });
    return { ...product, name: product.productName };
  });

  it('loads the catalogue when the first island reads it, once however many read it', async () => {
    reply(LIST, { status: 200, body: { success: true, products } });
    const { $products } = await import('../../src/stores/catalogue.ts');
    expect(callsTo(LIST)).toHaveLength(0);
    const stop = [$products.listen(() => {}), $products.listen(() => {})];
    await settle();
    expect($products.get()!.map((p) => p._id)).toEqual(['city-tote', 'metro-sleeve']);
    expect(callsTo(LIST)).toHaveLength(1);
    stop.forEach((s) => s());
  });

  it("keeps the server's message when the load fails, and tries again when next read", async () => {
    const message = 'Our catalogue is being updated. Please come back in a minute.';
    reply(
      LIST,
      { status: 503, body: { success: false, message } },
      { status: 200, body: { success: true, products } },
    );
    const { $products, $productsError } = await import('../../src/stores/catalogue.ts');
    const stop = $products.listen(() => {});
    await settle();
    expect($products.get()).toBeNull();
    expect($productsError.get()).toBe(message);
    stop();
    await vi.advanceTimersByTimeAsync(1500); // nanostores unmounts a store 1 s after its last reader
    const again = $products.listen(() => {});
    await settle();
    expect($products.get()).toHaveLength(2);
    expect($productsError.get()).toBeNull();
    again();
  });
});

describe('storedAtom', () => {
  it('gives the fallback for a value its key refuses, and writes what it is set to', async () => {
    localStorage.setItem('removedCancelledOrders', '["ok", {"evil": true}]');
    const { storedAtom } = await import('../../src/stores/storage.ts');
    const $removed = storedAtom<string[]>('removedCancelledOrders', []);
    expect($removed.get()).toEqual([]);
    $removed.set(['665f1c2e9b1d4c0012345678']);
    expect(localStorage.getItem('removedCancelledOrders')).toBe('["665f1c2e9b1d4c0012345678"]');
  });

  it("follows another tab's write while mounted, through the key's schema", async () => {
    const { storedAtom } = await import('../../src/stores/storage.ts');
    const $removed = storedAtom<string[]>('removedCancelledOrders', []);
    const stop = $removed.listen(() => {});
    otherTabWrites('removedCancelledOrders', '["a1"]');
    expect($removed.get()).toEqual(['a1']);
    otherTabWrites('removedCancelledOrders', '"not a list"');
    expect($removed.get()).toEqual([]);
    stop();
  });
});

describe('$orderRates (the order summary)', () => {
  it('reads storage once, not on every render, and follows rates fetched in another tab', async () => {
    localStorage.setItem('currencyRates', JSON.stringify({ rates: { USD: 0.0036 }, fetchedAt: 1 }));
    const { $orderRates } = await import('../../src/stores/currency.ts');
    const stop = $orderRates.listen(() => {});
    const reads = vi.spyOn(storage, 'getItem');
    for (let render = 0; render < 50; render++) $orderRates.get();
    expect(reads).not.toHaveBeenCalled();
    expect($orderRates.get()).toEqual({ USD: 0.0036, PKR: 1 });
    otherTabWrites('currencyRates', JSON.stringify({ rates: { USD: 0.004 }, fetchedAt: 2 }));
    expect($orderRates.get()).toEqual({ USD: 0.004, PKR: 1 });
    stop();
  });
});

/** An order as the contract has it. */
const order = (id: string): Order => ({
  _id: id,
  items: [],
  status: 'Cancelled',
  payment: false,
  paymentMethod: 'COD',
  date: Date.UTC(2026, 5, 1),
  amount: 4500,
  deliveryFee: 250,
  total: 4750,
  currency: 'PKR',
  address: lahoreAddress(),
  cancelReason: 'Changed my mind',
  rate: 1,
});

describe('orders store', () => {
  const ORDERS = '/api/order/userorders';
  const HIDE = '/api/order/hide';

  it('fetches the signed-in list when first shown, hides removed orders and keeps them removed', async () => {
    signIn();
    reply(ORDERS, { status: 200, body: { success: true, orders: [order('a1'), order('b2')] } });
    const { $visibleOrders, removeOrder } = await import('../../src/stores/orders.ts');
    expect(callsTo(ORDERS)).toHaveLength(0);
    const stop = $visibleOrders.listen(() => {});
    await settle();
    expect(callsTo(ORDERS)).toEqual([
      { url: ORDERS, token: 'eyJh.eyJz.c2ln', body: expect.anything() },
    ]);
    reply(HIDE, { status: 200, body: { success: true, message: 'Order removed from your list' } });
    const removed = removeOrder('a1');
    expect($visibleOrders.get()!.map((o) => o._id)).toEqual(['b2']);
    expect(await removed).toBe(true);
    // The account remembers it, not only this browser.
    expect(callsTo(HIDE)).toEqual([
      { url: HIDE, token: 'eyJh.eyJz.c2ln', body: expect.objectContaining({ orderId: 'a1' }) },
    ]);
    expect(localStorage.getItem('removedCancelledOrders')).toBe('["a1"]');
    stop();
  });

  it('puts a removed order back when the server refuses to remove it (after-purchase)', async () => {
    signIn();
    reply(ORDERS, { status: 200, body: { success: true, orders: [order('a1'), order('b2')] } });
    const { $visibleOrders, removeOrder } = await import('../../src/stores/orders.ts');
    const stop = $visibleOrders.listen(() => {});
    await settle();
    reply(HIDE, { status: 404, body: { success: false, message: 'Order not found.' } });
    expect(await removeOrder('a1')).toBe(false);
    expect($visibleOrders.get()!.map((o) => o._id)).toEqual(['a1', 'b2']);
    expect(localStorage.getItem('removedCancelledOrders')).toBe('[]');
    stop();
  });

  it("drops an answer that arrives after the shopper signed out, so nobody sees another's orders", async () => {
    signIn();
    let release = () => {};
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push({ url, token: null, body: undefined });
      await new Promise<void>((resolve) => (release = resolve));
      return new Response(JSON.stringify({ success: true, orders: [order('a1')] }));
    });
    const { $visibleOrders } = await import('../../src/stores/orders.ts');
    const { clearSession } = await import('../../src/stores/session.ts');
    const stop = $visibleOrders.listen(() => {});
    await settle();
    clearSession();
    release();
    await settle();
    expect($visibleOrders.get()).toBeNull();
    stop();
  });
});

describe('$settings', () => {
  it("holds the signed-in shopper's saved settings and saves them under userSettings_{email}", async () => {
    signIn();
    const { $settings, saveSettings } = await import('../../src/stores/settings.ts');
    const stop = $settings.listen(() => {});
    expect($settings.get()).toMatchObject({ name: 'Sana', email: 'sana@example.com', phone: '' });
    saveSettings({ ...$settings.get()!, phone: '0300 1234567' });
    expect($settings.get()!.phone).toBe('0300 1234567');
    expect(JSON.parse(localStorage.getItem('userSettings_sana@example.com')!)).toMatchObject({
      phone: '0300 1234567',
    });
    stop();
  });
});

describe('account actions', () => {
  it("answer the server's own login message for the form, and null once signed in", async () => {
    reply(
      '/api/user/login',
      { status: 400, body: { success: false, message: 'Invalid credentials' } },
      {
        status: 200,
        body: {
          success: true,
          msg: 'You are logged in!',
          token: 'eyJh.eyJz.c2ln',
          user: { email: 'a@b.co', name: 'A' },
        } satisfies SessionAnswer,
      },
    );
    reply('/api/cart/get', { status: 200, body: { success: true, cartData: {} } });
    const { logIn } = await import('../../src/stores/account.ts');
    const { $session } = await import('../../src/stores/session.ts');
    expect(await logIn({ email: 'a@b.co', password: 'wrong' })).toBe('Invalid credentials');
    expect(await logIn({ email: 'a@b.co', password: 'right' })).toBeNull();
    expect($session.get()).toEqual({ token: 'eyJh.eyJz.c2ln', email: 'a@b.co', name: 'A' });
  });

  it('say the reset code was sent with a toast, and give docs/product.md §8’s message when offline', async () => {
    reply('/api/user/reset-password-request', {
      status: 200,
      body: { success: true, msg: 'OTP sent to your email.' },
    });
    const { requestPasswordReset } = await import('../../src/stores/account.ts');
    const { $notices } = await import('../../src/stores/notices.ts');
    expect(await requestPasswordReset('a@b.co')).toBeNull();
    expect($notices.get().map((n) => n.text)).toEqual(['OTP sent to your email.']);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    expect(await requestPasswordReset('a@b.co')).toBe(
      'Failed to send OTP. Please try again later.',
    );
  });
});

describe('placeOrder', () => {
  it('empties the cart and says so once placed; a refusal keeps the cart and shows why', async () => {
    signIn();
    const cart = { 'city-tote': { Black: { '0': 2 } } };
    localStorage.setItem('cartItems_sana@example.com', JSON.stringify(cart));
    reply(
      '/api/order/COD',
      { status: 400, body: { success: false, message: 'City Tote is out of stock.' } },
      {
        status: 200,
        body: {
          success: true,
          message: 'Order placed',
          orderId: 'a1',
          order: order('a1'),
        } satisfies OrderPlacedAnswer,
      },
    );
    const { placeOrder } = await import('../../src/stores/checkout.ts');
    const { $cart } = await import('../../src/stores/cart.ts');
    const { $notices } = await import('../../src/stores/notices.ts');
    const body = {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 2 }],
      address: lahoreAddress(),
      currency: 'PKR',
      paymentMethod: 'COD' as const,
    };
    expect(await placeOrder(body, 'key-1')).toBe(false);
    expect($cart.get()).toEqual(cart);
    expect($notices.get().map((n) => n.text)).toEqual(['City Tote is out of stock.']);
    expect(await placeOrder(body, 'key-1')).toBe(true);
    expect($cart.get()).toEqual({});
    expect($notices.get().map((n) => n.text)).toEqual(['Order Placed Successfully!']);
  });
});
