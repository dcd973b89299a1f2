import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../fixtures/memory-storage.ts';
import { settles } from '../fixtures/settles.ts';

// The stores run in the browser; here they get a real in-memory Storage and a scripted fetch.

// `until`: the answer is held until that promise settles (a slow network, in order of the tests' choosing).
type Reply = { status: number; body: unknown; until?: Promise<void> } | 'network';
let replies: Reply[] = [];
const calls: { url: string; body: unknown; token: string | null }[] = [];

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  replies = [];
  calls.length = 0;
  vi.stubGlobal('window', {});
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      token: new Headers(init.headers).get('token'),
    });
    // The default answer is a cart change's, as the contract shapes it (src/lib/contract/responses.ts).
    const reply = replies.shift() ?? {
      status: 200,
      body: { success: true, message: 'Cart updated', cartData: {} },
    };
    if (reply === 'network') throw new TypeError('fetch failed');
    await reply.until;
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const line = { itemId: 'city-tote', selectedColor: 'Tan', imageIndex: 0 };

async function signedIn(email = 'sana@example.com') {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('email', email);
  localStorage.setItem('name', 'Sana');
  const cart = await import('../../src/stores/cart.ts');
  const notices = await import('../../src/stores/notices.ts');
  return { ...cart, ...notices };
}

/** The account's cart on the server, as /api/cart/get answers it. */
const ACCOUNT_CART = {
  status: 200,
  body: { success: true, cartData: { 'city-tote': { Tan: { '0': 4 } } } },
};

/**
 * Starts the page signed in, with the server's cart read held on its way (`reply`, once let go),
 * signs out meanwhile, then lets the read's answer arrive and waits for the start to settle.
 */
async function signOutWhileServerCartTravels(reply: { status: number; body: unknown }) {
  const { startAccount, signOut } = await import('../../src/stores/account.ts');
  let answer!: () => void;
  replies.push({ ...reply, until: new Promise<void>((resolve) => (answer = resolve)) });
  replies.push({ status: 200, body: { success: true, msg: 'Logged out' } });
  const started = startAccount();
  await settles(() => expect(calls.map((c) => c.url)).toEqual(['/api/cart/get']));
  signOut();
  answer();
  await started;
}

describe('addItem', () => {
  it('keeps a guest cart under the guest key without calling the server', async () => {
    const { addItem, $cart, $cartCount } = await import('../../src/stores/cart.ts');
    await addItem({ ...line, quantity: 2 });
    expect($cart.get()).toEqual({ 'city-tote': { Tan: { '0': 2 } } });
    expect($cartCount.get()).toBe(2);
    expect(JSON.parse(localStorage.getItem('cartItems_guest') ?? '{}')).toEqual({
      'city-tote': { Tan: { '0': 2 } },
    });
    expect(calls).toHaveLength(0);
  });

  it('sends a signed-in change with the token and keeps it per e-mail', async () => {
    const { addItem, $cart } = await signedIn();
    await addItem({ ...line, quantity: 1 });
    expect(calls[0]).toMatchObject({
      url: '/api/cart/add',
      token: 'tok',
      body: { ...line, quantity: 1 },
    });
    expect(JSON.parse(localStorage.getItem('cartItems_sana@example.com') ?? '{}')).toEqual(
      $cart.get(),
    );
  });

  it('rolls back and shows the error message when the server refuses', async () => {
    const { addItem, $cart, $notices } = await signedIn();
    replies.push({
      status: 409,
      body: { success: false, message: 'This product is out of stock.' },
    });
    expect(await addItem({ ...line, quantity: 1 })).toBe(false);
    expect($cart.get()).toEqual({});
    expect($notices.get().map((n) => n.text)).toEqual(['This product is out of stock.']);
  });
});

describe('updateItem', () => {
  it("rolls back with 'Quantity update failed'", async () => {
    const { addItem, updateItem, $cart, $notices } = await signedIn();
    await addItem({ ...line, quantity: 1 });
    replies.push({
      status: 500,
      body: { success: false, message: 'An error occurred. Please try again later.' },
    });
    await updateItem({ ...line, quantity: 5 });
    expect($cart.get()).toEqual({ 'city-tote': { Tan: { '0': 1 } } });
    expect($notices.get().at(-1)?.text).toBe('Quantity update failed');
  });
});

describe('removeItem', () => {
  it("prefers the server's message, else 'Failed to remove item', and 'Failed to remove item from cart' on a network error", async () => {
    const { addItem, removeItem, $cart, $notices } = await signedIn();
    await addItem({ ...line, quantity: 1 });
    replies.push({
      status: 404,
      body: { success: false, message: 'This item is not in your cart.' },
    });
    await removeItem(line);
    expect($notices.get().map((n) => n.text)).toEqual(['This item is not in your cart.']);
    replies.push({ status: 500, body: { success: false } });
    await removeItem(line);
    expect($notices.get().map((n) => n.text)).toEqual(['Failed to remove item']);
    replies.push('network');
    await removeItem(line);
    expect($notices.get().map((n) => n.text)).toEqual(['Failed to remove item from cart']);
    expect($cart.get()).toEqual({ 'city-tote': { Tan: { '0': 1 } } });
  });

  it('deletes the last line and its empty parents', async () => {
    const { addItem, removeItem, $cart } = await import('../../src/stores/cart.ts');
    await addItem({ ...line, quantity: 1 });
    await removeItem(line);
    expect($cart.get()).toEqual({});
  });
});

describe('signIn', () => {
  it('merges the guest cart and favourites into the account, stores the cart on the server in one call and deletes the guest copies', async () => {
    localStorage.setItem('cartItems_guest', JSON.stringify({ 'city-tote': { Tan: { '0': 3 } } }));
    localStorage.setItem('favourites_guest', JSON.stringify(['city-tote']));
    localStorage.setItem('favourites_sana@example.com', JSON.stringify(['old-bag']));
    const { signIn } = await import('../../src/stores/account.ts');
    const { $cart } = await import('../../src/stores/cart.ts');
    const { $favourites } = await import('../../src/stores/favourites.ts');
    const { $notices } = await import('../../src/stores/notices.ts');
    replies.push({
      status: 200,
      body: {
        success: true,
        cartData: { 'city-tote': { Black: { '0': 1 } }, 'old-bag': { Red: { '1': 2 } } },
      },
    });
    const merged = {
      'city-tote': { Black: { '0': 1 }, Tan: { '0': 3 } },
      'old-bag': { Red: { '1': 2 } },
    };
    replies.push({ status: 200, body: { success: true, message: 'Cart saved', cartData: merged } });
    await signIn({
      success: true,
      msg: 'You are logged in!',
      token: 'tok',
      user: { email: 'sana@example.com', name: 'Sana' },
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/cart/get', '/api/cart/merge']);
    expect(calls[1]?.body).toEqual({ cartData: merged });
    expect($cart.get()).toEqual(merged);
    expect($favourites.get()).toEqual(['old-bag', 'city-tote']);
    expect(localStorage.getItem('cartItems_guest')).toBeNull();
    expect(localStorage.getItem('favourites_guest')).toBeNull();
    expect($notices.get().map((n) => n.text)).toEqual(['You are logged in!']);
  });
});

describe('signOut', () => {
  it("clears the session keys, the cart and favourites in memory and confirms 'Signed out successfully'", async () => {
    const { addItem, $cart } = await signedIn();
    await addItem({ ...line, quantity: 1 });
    const { signOut } = await import('../../src/stores/account.ts');
    const { $notices } = await import('../../src/stores/notices.ts');
    signOut();
    expect(['token', 'email', 'name'].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
    ]);
    expect($cart.get()).toEqual({});
    expect($notices.get().at(-1)?.text).toBe('Signed out successfully');
  });
});

describe('startAccount', () => {
  it('loads the server cart when a token is stored and no guest cart waits', async () => {
    const { $cart } = await signedIn();
    const { startAccount } = await import('../../src/stores/account.ts');
    replies.push({
      status: 200,
      body: { success: true, cartData: { 'city-tote': { Tan: { '0': 4 } } } },
    });
    await startAccount();
    expect(calls.map((c) => c.url)).toEqual(['/api/cart/get']);
    expect($cart.get()).toEqual({ 'city-tote': { Tan: { '0': 4 } } });
  });

  it("finishes a sign-in's merge the shopper left the page during: the guest lines show at once, then merge into the server cart in one call", async () => {
    // The sign-in page saved the session, then the shopper went to /Cart before the merge's answer.
    localStorage.setItem('cartItems_guest', JSON.stringify({ 'guest-bag': { Red: { '0': 2 } } }));
    const { $cart } = await signedIn();
    const { startAccount } = await import('../../src/stores/account.ts');
    const server = { 'city-tote': { Tan: { '0': 4 } } };
    const merged = { 'city-tote': { Tan: { '0': 4 } }, 'guest-bag': { Red: { '0': 2 } } };
    replies.push({ status: 200, body: { success: true, cartData: server } });
    replies.push({ status: 200, body: { success: true, message: 'Cart saved', cartData: merged } });
    const started = startAccount();
    expect($cart.get()).toEqual({ 'guest-bag': { Red: { '0': 2 } } });
    await started;
    expect(calls.map((c) => c.url)).toEqual(['/api/cart/get', '/api/cart/merge']);
    expect(calls[1]?.body).toEqual({ cartData: merged });
    expect($cart.get()).toEqual(merged);
    expect(JSON.parse(localStorage.getItem('cartItems_sana@example.com') ?? '{}')).toEqual(merged);
    expect(localStorage.getItem('cartItems_guest')).toBeNull();
  });

  it('merging a guest cart the server already merged again leaves every quantity as it was (the guest line wins, nothing doubles)', async () => {
    localStorage.setItem('cartItems_guest', JSON.stringify({ 'guest-bag': { Red: { '0': 2 } } }));
    await signedIn();
    const { startAccount } = await import('../../src/stores/account.ts');
    const already = { 'guest-bag': { Red: { '0': 2 } } };
    replies.push({ status: 200, body: { success: true, cartData: already } });
    replies.push({
      status: 200,
      body: { success: true, message: 'Cart saved', cartData: already },
    });
    await startAccount();
    expect(calls[1]?.body).toEqual({ cartData: already });
  });

  it('signs out with a clear message when the stored token has expired', async () => {
    const { $cart } = await signedIn();
    const { startAccount } = await import('../../src/stores/account.ts');
    const { $notices } = await import('../../src/stores/notices.ts');
    localStorage.setItem('cartItems_guest', JSON.stringify({ 'guest-bag': { Red: { '0': 1 } } }));
    replies.push({
      status: 401,
      body: { success: false, message: 'Your session has expired. Please log in again.' },
    });
    await startAccount();
    expect(localStorage.getItem('token')).toBeNull();
    expect($notices.get().at(-1)?.text).toBe('Your session has expired. Please log in again.');
    expect($cart.get()).toEqual({ 'guest-bag': { Red: { '0': 1 } } });
  });

  it("keeps an Add To Cart tapped while the server's cart travels: it is added to the server's cart and sent once that is read", async () => {
    const { $cart, addItem } = await signedIn();
    const { startAccount } = await import('../../src/stores/account.ts');
    let answer!: () => void;
    replies.push({
      status: 200,
      body: { success: true, cartData: { 'city-tote': { Tan: { '0': 4 } } } },
      until: new Promise<void>((resolve) => (answer = resolve)),
    });
    const started = startAccount();
    await settles(() => expect(calls.map((c) => c.url)).toEqual(['/api/cart/get']));
    const added = addItem({
      itemId: 'day-pack',
      selectedColor: 'Navy',
      imageIndex: 0,
      quantity: 1,
    });
    expect($cart.get()).toEqual({ 'day-pack': { Navy: { '0': 1 } } });
    answer();
    await started;
    expect(await added).toBe(true);
    expect($cart.get()).toEqual({
      'city-tote': { Tan: { '0': 4 } },
      'day-pack': { Navy: { '0': 1 } },
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/cart/get', '/api/cart/add']);
  });

  it("reads the server's cart only once a change already on its way has reached the server", async () => {
    const { $cart, addItem } = await signedIn();
    const { startAccount } = await import('../../src/stores/account.ts');
    let stored!: () => void;
    replies.push({
      status: 200,
      body: { success: true, message: 'Cart updated', cartData: {} },
      until: new Promise<void>((resolve) => (stored = resolve)),
    });
    replies.push({
      status: 200,
      body: { success: true, cartData: { 'day-pack': { Navy: { '0': 1 } } } },
    });
    const added = addItem({
      itemId: 'day-pack',
      selectedColor: 'Navy',
      imageIndex: 0,
      quantity: 1,
    });
    const started = startAccount();
    await settles(() => expect(calls.map((c) => c.url)).toEqual(['/api/cart/add']));
    stored();
    await Promise.all([added, started]);
    expect(calls.map((c) => c.url)).toEqual(['/api/cart/add', '/api/cart/get']);
    expect($cart.get()).toEqual({ 'day-pack': { Navy: { '0': 1 } } });
  });

  it("keeps the account's cart out of the guest's when the shopper signs out while it travels", async () => {
    const { $cart } = await signedIn();
    await signOutWhileServerCartTravels(ACCOUNT_CART);
    expect($cart.get()).toEqual({});
    expect(localStorage.getItem('cartItems_guest')).toBeNull();
    expect(localStorage.getItem('cartItems_sana@example.com')).toBeNull();
  });

  it("leaves the guest's cart alone when a change sent before the sign-out fails after it: no rollback, no toast", async () => {
    localStorage.setItem(
      'cartItems_sana@example.com',
      JSON.stringify({ 'city-tote': { Tan: { '0': 2 } } }),
    );
    const { $cart, addItem, $notices } = await signedIn();
    const { signOut } = await import('../../src/stores/account.ts');
    let refuse!: () => void;
    replies.push({
      status: 500,
      body: { success: false, message: 'Could not add' },
      until: new Promise<void>((resolve) => (refuse = resolve)),
    });
    replies.push({ status: 200, body: { success: true, msg: 'Logged out' } });
    const added = addItem({
      itemId: 'day-pack',
      selectedColor: 'Navy',
      imageIndex: 0,
      quantity: 1,
    });
    signOut();
    refuse();
    expect(await added).toBe(false);
    expect($cart.get()).toEqual({});
    expect(localStorage.getItem('cartItems_guest')).toBeNull();
    expect($notices.get().map((n) => n.text)).toEqual(['Signed out successfully']);
  });

  it('keeps the guest copy when the shopper signs out while the sign-in merge travels, and shows the guest only their own lines', async () => {
    const guestLines = { 'guest-bag': { Red: { '0': 1 } } };
    localStorage.setItem('cartItems_guest', JSON.stringify(guestLines));
    const { $cart } = await signedIn();
    await signOutWhileServerCartTravels(ACCOUNT_CART);
    expect($cart.get()).toEqual(guestLines);
    expect(JSON.parse(localStorage.getItem('cartItems_guest')!)).toEqual(guestLines);
    expect(localStorage.getItem('cartItems_sana@example.com')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/cart/get', '/api/user/logout']);
  });

  it("says nothing of the ended session when the server's cart comes back refused after the sign-out", async () => {
    const { $cart, $notices } = await signedIn();
    await signOutWhileServerCartTravels({
      status: 401,
      body: { success: false, message: 'Not Authorized Login Again' },
    });
    expect($cart.get()).toEqual({});
    expect($notices.get().map((n) => n.text)).toEqual(['Signed out successfully']);
  });

  it('starts once per page however many islands ask (the header and /Checkout both do)', async () => {
    await signedIn();
    const { startAccount } = await import('../../src/stores/account.ts');
    replies.push({ status: 200, body: { success: true, cartData: {} } });
    await Promise.all([startAccount(), startAccount()]);
    await startAccount();
    expect(calls.filter((c) => c.url === '/api/cart/get')).toHaveLength(1);
  });
});

describe('notify', () => {
  it('hides a notice after 7 seconds', async () => {
    const { notify, $notices } = await import('../../src/stores/notices.ts');
    notify('Hello');
    vi.advanceTimersByTime(6999);
    expect($notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notices.get()).toHaveLength(0);
  });
});
