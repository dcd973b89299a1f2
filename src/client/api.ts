// The browser's calls to the shop API (SPEC §7), typed, with the token header and a timeout.
// Failures become ApiError carrying the server's message when it sent one.
import type { CartMap } from '../lib/cart.ts';
import { ACCOUNT_MESSAGES } from '../lib/messages.ts';
import type { Product } from '../lib/product.ts';

/** How long the browser waits for the API before giving up. */
export const API_TIMEOUT_MS = 15_000;

// A header value must be visible ASCII: a token holding a newline or a "€" would make fetch throw
// before anything is sent, which looked like "Network error" while the shopper stayed signed in.
const SENDABLE_TOKEN = /^[\x21-\x7e]+$/;

/** A failed call: `message` is the server's when it gave one; `network` marks no answer at all. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly network: boolean;
  readonly serverMessage: string | null;
  constructor(message: string, status: number, serverMessage: string | null, network = false) {
    super(message);
    this.status = status;
    this.serverMessage = serverMessage;
    this.network = network;
  }
}

/** The signed-in user as register, login and google-login return it. */
export interface SessionAnswer {
  success: true;
  msg?: string;
  token: string;
  user: { email: string; name: string };
}

/** An order line as the server stores it. */
export interface OrderItem {
  productId: string;
  productName: string;
  selectedColor: string;
  imageIndex: string;
  image: string;
  price: number;
  discountPercent: number;
  wholesalePrice: number | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

/** An order as /api/order/userorders returns it. */
export interface Order {
  _id: string;
  items: OrderItem[];
  status: string;
  payment: boolean;
  paymentMethod: string;
  date: number;
  amount: number;
  deliveryFee: number;
  total: number;
  currency: string;
  cancelReason: string | null;
}

type Json = Record<string, unknown>;

/** Sends one call; `token` adds the token header. Throws ApiError on HTTP failure or success:false. */
export async function request<T>(
  path: string,
  opts: {
    method?: 'GET' | 'POST';
    body?: unknown;
    token?: string | null;
    headers?: Record<string, string>;
    keepalive?: boolean;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token && !SENDABLE_TOKEN.test(opts.token))
    throw new ApiError(ACCOUNT_MESSAGES.sessionExpired, 401, ACCOUNT_MESSAGES.sessionExpired);
  if (opts.token) headers.token = opts.token;
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? 'POST',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
      keepalive: opts.keepalive,
    });
  } catch {
    throw new ApiError('Network error', 0, null, true);
  }
  let data: Json = {};
  try {
    data = (await res.json()) as Json;
  } catch {
    // A non-JSON answer (a proxy error page, say) is handled as a failure without a message.
  }
  const serverMessage =
    typeof data.message === 'string'
      ? data.message
      : typeof data.msg === 'string'
        ? data.msg
        : null;
  if (!res.ok || data.success === false)
    throw new ApiError(serverMessage ?? `HTTP ${res.status}`, res.status, serverMessage);
  return data as T;
}

type Line = { itemId: string; selectedColor: string; imageIndex: number | string };

/** The spec's calls, one function each. */
export const api = {
  productList: () =>
    request<{ success: true; products: Product[] }>('/api/product/list', { method: 'GET' }),
  rates: () =>
    request<{
      result: 'success';
      rates: Record<string, number>;
      fetchedAt?: number;
      fallback?: boolean;
      stale?: boolean;
    }>('/api/rates', { method: 'GET' }),
  register: (body: { name: string; email: string; password: string }) =>
    request<SessionAnswer>('/api/user/register', { body }),
  login: (body: { email: string; password: string }) =>
    request<SessionAnswer>('/api/user/login', { body }),
  // keepalive: a sign-out followed at once by a navigation still reaches the server.
  logout: (token: string) =>
    request<{ success: true; msg: string }>('/api/user/logout', {
      body: {},
      token,
      keepalive: true,
    }),
  googleLogin: (credential: string) =>
    request<SessionAnswer>('/api/user/google-login', { body: { token: credential } }),
  requestReset: (email: string) =>
    request<{ success: true; msg: string }>('/api/user/reset-password-request', {
      body: { email },
    }),
  resetPassword: (body: { email: string; otp: string; newPassword: string }) =>
    request<{ success: true; msg: string }>('/api/user/verify-otp-reset-password', { body }),
  cartGet: (token: string) =>
    request<{ success: true; cartData: CartMap }>('/api/cart/get', { body: {}, token }),
  cartAdd: (token: string, line: Line & { quantity: number }) =>
    request<{ success: true; cartData: CartMap }>('/api/cart/add', { body: line, token }),
  cartUpdate: (token: string, line: Line & { quantity: number }) =>
    request<{ success: true; cartData: CartMap }>('/api/cart/update', { body: line, token }),
  cartRemove: (token: string, line: Line) =>
    request<{ success: true; message: string; cartData: CartMap }>('/api/cart/remove', {
      body: line,
      token,
    }),
  cartMerge: (token: string, cartData: CartMap) =>
    request<{ success: true; cartData: CartMap }>('/api/cart/merge', { body: { cartData }, token }),
  placeOrder: (token: string, body: Json, idempotencyKey: string) =>
    request<{ success: true; message: string; orderId: string; order: Order }>('/api/order/COD', {
      body,
      token,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  userOrders: (token: string) =>
    request<{ success: true; orders: Order[] }>('/api/order/userorders', { body: {}, token }),
  cancelOrder: (token: string, orderId: string, reason: string) =>
    request<{ success: true; message: string }>('/api/order/cancel', {
      body: { orderId, reason },
      token,
    }),
};
