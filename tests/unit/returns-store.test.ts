// The shopper's return request action (src/stores/returns.ts): the server's own line rules checked
// before anything is sent, the answer's message shown and the list reloaded on success, and the
// server's refusal handed back to the form.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/client/api.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';
import { settles } from '../fixtures/settles.ts';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply[]> = {};
let calls: { url: string; body: unknown; token: string | null }[] = [];

const delivered: Order = {
  _id: 'order-1',
  items: [
    {
      productId: 'city-tote',
      productName: 'City Tote',
      selectedColor: 'Black',
      imageIndex: '0',
      image: '/photos/city-tote.jpg',
      price: 4000,
      discountPercent: 0,
      wholesalePrice: null,
      unitPrice: 4000,
      quantity: 2,
      lineTotal: 8000,
    },
  ],
  status: 'Delivered',
  payment: false,
  paymentMethod: 'COD',
  date: Date.UTC(2031, 0, 1),
  amount: 8000,
  deliveryFee: 250,
  total: 8250,
  currency: 'PKR',
  address: lahoreAddress(),
  cancelReason: null,
  rate: 1,
  deliveredAt: Date.UTC(2031, 0, 3),
};
const requested: Order = {
  ...delivered,
  return: {
    kind: 'return',
    state: 'requested',
    lines: [{ line: 0, productName: 'City Tote', selectedColor: 'Black', quantity: 1 }],
    reason: 'Too small',
    requestedAt: Date.UTC(2031, 0, 4),
    updatedAt: Date.UTC(2031, 0, 4),
    refusalReason: null,
    pickup: null,
    refund: null,
    exchangeShipping: null,
  },
};

beforeEach(() => {
  vi.resetModules();
  replies = {};
  calls = [];
  const storage = new MemoryStorage();
  storage.setItem('token', 'shopper-token');
  storage.setItem('email', 'sana.malik@example.com');
  storage.setItem('name', 'Sana');
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      token: new Headers(init?.headers).get('token'),
    });
    const reply = replies[url]?.shift();
    if (!reply) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The stores with the orders page's list shown (mounted as the island mounts it) and loaded. */
async function load() {
  const orders = await import('../../src/stores/orders.ts');
  replies['/api/order/userorders'] = [
    { status: 200, body: { success: true, orders: [delivered] } },
  ];
  orders.$orders.listen(() => {});
  await settles(() => expect(orders.$orders.get().list).toEqual([delivered]));
  calls = [];
  const returns = await import('../../src/stores/returns.ts');
  const notices = await import('../../src/stores/notices.ts');
  return { ...orders, ...returns, ...notices };
}

const body = {
  orderId: 'order-1',
  kind: 'return' as const,
  reason: 'Too small',
  items: [{ line: 0, quantity: 1 }],
};

describe('sendReturnRequest', () => {
  it('sends the request with the token, says so, and shows the request with its order', async () => {
    const { sendReturnRequest, $orders, $notices } = await load();
    const message = 'Your return request has been sent. We will e-mail you once it is reviewed.';
    replies['/api/order/return'] = [
      { status: 200, body: { success: true, message, order: requested } },
    ];
    replies['/api/order/userorders'] = [
      { status: 200, body: { success: true, orders: [requested] } },
    ];
    expect(await sendReturnRequest(body)).toBe(null);
    expect(calls[0]).toEqual({ url: '/api/order/return', body, token: 'shopper-token' });
    expect($notices.get().map((n) => n.text)).toEqual([message]);
    expect($orders.get().list?.[0]?.return?.state).toBe('requested');
  });

  it('refuses more than was ordered before sending anything', async () => {
    const { sendReturnRequest } = await load();
    expect(await sendReturnRequest({ ...body, items: [{ line: 0, quantity: 3 }] })).toBe(
      'You ordered 2 of City Tote: you cannot send back more than that.',
    );
    expect(await sendReturnRequest({ ...body, items: [{ line: 4, quantity: 1 }] })).toBe(
      'One of the chosen items is not in this order.',
    );
    expect(await sendReturnRequest({ ...body, reason: '  ' })).toBe(
      'Please tell us why you are returning or exchanging these items.',
    );
    expect(calls).toEqual([]);
  });

  it("hands the server's refusal back to the form and reloads nothing", async () => {
    const { sendReturnRequest, $orders } = await load();
    const refusal = 'A return or exchange has already been requested for this order.';
    replies['/api/order/return'] = [{ status: 409, body: { success: false, message: refusal } }];
    expect(await sendReturnRequest(body)).toBe(refusal);
    expect(calls.map((c) => c.url)).toEqual(['/api/order/return']);
    expect($orders.get().list).toEqual([delivered]);
  });

  it('says the request could not be sent when the connection fails', async () => {
    const { sendReturnRequest } = await load();
    expect(await sendReturnRequest(body)).toBe('Your request could not be sent. Please try again.');
  });
});
