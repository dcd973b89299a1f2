// The browser's calls to the shop API (SPEC §7), with the token header and a timeout. Every answer
// is parsed with its schema from the contract (src/lib/contract/responses.ts): an answer that does
// not match fails like any broken answer, never as a half-read object deep inside an island.
// Failures become ApiError carrying the server's message when it sent one.
import { ACCOUNT_MESSAGES } from '../lib/messages.ts';
import type * as z from 'zod/mini';
import type {
  CartLineRequest,
  CartMap,
  CartRemoveRequest,
  LoginBody,
  RegisterBody,
  ResetVerifyBody,
} from '../lib/contract/requests.ts';

export type { Order, OrderItem, SessionAnswer } from '../lib/contract/responses.ts';

/** The kinds of answer the API gives, each with its schema in ./answers.ts. */
type Answers = typeof import('./answers.ts').ANSWERS;
/** What a call answers once parsed: the type the contract infers for its schema. */
type AnswerOf<K extends keyof Answers> = z.output<Answers[K]>;

let parsers: Promise<Answers> | null = null;
/** The answer schemas, loaded once; a failed load is retried by the next call. */
function loadParsers(): Promise<Answers> {
  parsers ??= import('./answers.ts').then(
    ({ ANSWERS }) => ANSWERS,
    (error: unknown) => {
      parsers = null;
      throw error;
    },
  );
  return parsers;
}

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

type Json = Record<string, unknown>;

/**
 * Sends one call; `token` adds the token header. Throws ApiError on HTTP failure, success:false or
 * an answer that does not match `answer`, the call's response schema.
 */
export async function request<K extends keyof Answers>(
  path: string,
  answer: K,
  opts: {
    method?: 'GET' | 'POST';
    body?: unknown;
    token?: string | null;
    headers?: Record<string, string>;
    keepalive?: boolean;
  } = {},
): Promise<AnswerOf<K>> {
  // Starts loading the parsers with the call, so the answer never waits for them.
  const parsing = loadParsers();
  parsing.catch(() => undefined); // a failed load is reported below, once the answer is in
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
  let schemas: Answers;
  try {
    schemas = await parsing;
  } catch {
    throw new ApiError('Network error', 0, null, true);
  }
  const parsed = schemas[answer].safeParse(data);
  // Outside the contract: handled like an answer that is not JSON, a failure without a message.
  if (!parsed.success) throw new ApiError(`HTTP ${res.status}`, res.status, null);
  return parsed.data as AnswerOf<K>;
}

/** The spec's calls, one function each. */
export const api = {
  productList: () => request('/api/product/list', 'productList', { method: 'GET' }),
  rates: () => request('/api/rates', 'rates', { method: 'GET' }),
  register: (body: RegisterBody) => request('/api/user/register', 'session', { body }),
  login: (body: LoginBody) => request('/api/user/login', 'session', { body }),
  // keepalive: a sign-out followed at once by a navigation still reaches the server.
  logout: (token: string) =>
    request('/api/user/logout', 'msg', { body: {}, token, keepalive: true }),
  googleLogin: (credential: string) =>
    request('/api/user/google-login', 'session', { body: { token: credential } }),
  requestReset: (email: string) =>
    request('/api/user/reset-password-request', 'msg', { body: { email } }),
  resetPassword: (body: ResetVerifyBody) =>
    request('/api/user/verify-otp-reset-password', 'msg', { body }),
  cartGet: (token: string) => request('/api/cart/get', 'cart', { body: {}, token }),
  cartAdd: (token: string, line: CartLineRequest) =>
    request('/api/cart/add', 'cartChange', { body: line, token }),
  cartUpdate: (token: string, line: CartLineRequest) =>
    request('/api/cart/update', 'cartChange', { body: line, token }),
  cartRemove: (token: string, line: CartRemoveRequest) =>
    request('/api/cart/remove', 'cartChange', { body: line, token }),
  cartMerge: (token: string, cartData: CartMap) =>
    request('/api/cart/merge', 'cartChange', { body: { cartData }, token }),
  placeOrder: (token: string, body: Json, idempotencyKey: string) =>
    request('/api/order/COD', 'orderPlaced', {
      body,
      token,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  userOrders: (token: string) => request('/api/order/userorders', 'orders', { body: {}, token }),
  cancelOrder: (token: string, orderId: string, reason: string) =>
    request('/api/order/cancel', 'orderCancelled', { body: { orderId, reason }, token }),
};
