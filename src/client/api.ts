// The browser's calls to the shop API (docs/product.md §7), typed and routed by the endpoint table
// (src/lib/contract/endpoints.ts), with the token header and a timeout. Every answer is parsed with
// its schema from the contract (src/lib/contract/responses.ts): an answer that does not match fails
// like any broken answer, never as a half-read object deep inside an island.
// Failures become ApiError carrying the server's message when it sent one.
import { ACCOUNT_MESSAGES } from '../lib/messages.ts';
import type { AnswerOf, RequestOf, StorefrontCall } from '../lib/contract/endpoints.ts';
import { API_ROUTES } from './api-routes.ts';
import type { CartMap } from '../lib/contract/requests.ts';

export type { Order, OrderItem, SessionAnswer } from '../lib/contract/responses.ts';

/** The answer schemas, by the key the endpoint table names; loaded with the first call. */
type Answers = typeof import('./answers.ts').ANSWERS;

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

/** How a call is sent beyond its body: the login token, extra headers, keepalive. */
export interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
  keepalive?: boolean;
}

/**
 * Sends call `name` of the endpoint table with its typed body. Throws ApiError on HTTP failure,
 * success:false or an answer its answer schema does not accept.
 */
export async function call<N extends StorefrontCall>(
  name: N,
  body: RequestOf<N>,
  opts: CallOptions = {},
): Promise<AnswerOf<N>> {
  const [method, path, answer] = API_ROUTES[name];
  // Starts loading the parsers with the call, so the answer never waits for them.
  const parsing = loadParsers();
  parsing.catch(() => undefined); // a failed load is reported below, once the answer is in
  const headers: Record<string, string> = { ...opts.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token && !SENDABLE_TOKEN.test(opts.token))
    throw new ApiError(ACCOUNT_MESSAGES.sessionExpired, 401, ACCOUNT_MESSAGES.sessionExpired);
  if (opts.token) headers.token = opts.token;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
      keepalive: opts.keepalive,
    });
  } catch {
    throw new ApiError('Network error', 0, null, true);
  }
  let data: Record<string, unknown> = {};
  try {
    data = (await res.json()) as Record<string, unknown>;
  } catch {
    // A non-JSON answer (a proxy error page, say) is handled as a failure without a message.
  }
  const serverMessage = withReference(
    typeof data.message === 'string'
      ? data.message
      : typeof data.msg === 'string'
        ? data.msg
        : null,
    res.status,
    data.reference,
  );
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
  return parsed.data as AnswerOf<N>;
}

// The six-character reference of an unexpected failure (src/server/request-log.ts referenceOf).
const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{6}$/;

/**
 * A server failure's message with the reference the shopper can quote ("Reference: 7F3K2Q")
 * appended, only on an unexpected failure (5xx) that carries one: every message the shop expects
 * to send (docs/product.md's) stays word for word.
 */
export function withReference(
  message: string | null,
  status: number,
  reference: unknown,
): string | null {
  if (message === null || status < 500) return message;
  if (typeof reference !== 'string' || !REFERENCE.test(reference)) return message;
  return `${message} Reference: ${reference}`;
}

/** The shop's calls as the stores make them, each one `call` of the endpoint table. */
export const api = {
  productList: () => call('productList', undefined),
  rates: () => call('rates', undefined),
  newsletter: (email: string) => call('newsletter', { email }),
  register: (body: RequestOf<'register'>) => call('register', body),
  login: (body: RequestOf<'login'>) => call('login', body),
  // keepalive: a sign-out followed at once by a navigation still reaches the server.
  logout: (token: string) => call('logout', {}, { token, keepalive: true }),
  googleLogin: (credential: string) => call('googleLogin', { token: credential }),
  requestReset: (email: string) => call('resetRequest', { email }),
  resetPassword: (body: RequestOf<'resetVerify'>) => call('resetVerify', body),
  cartGet: (token: string) => call('cartGet', {}, { token }),
  cartAdd: (token: string, line: RequestOf<'cartAdd'>) => call('cartAdd', line, { token }),
  cartUpdate: (token: string, line: RequestOf<'cartUpdate'>) => call('cartUpdate', line, { token }),
  cartRemove: (token: string, line: RequestOf<'cartRemove'>) => call('cartRemove', line, { token }),
  cartMerge: (token: string, cartData: CartMap) => call('cartMerge', { cartData }, { token }),
  placeOrder: (token: string, body: RequestOf<'placeOrder'>, idempotencyKey: string) =>
    call('placeOrder', body, { token, headers: { 'Idempotency-Key': idempotencyKey } }),
  userOrders: (token: string) => call('userOrders', {}, { token }),
  cancelOrder: (token: string, orderId: string, reason: RequestOf<'cancelOrder'>['reason']) =>
    call('cancelOrder', { orderId, reason }, { token }),
  returnRequest: (token: string, body: RequestOf<'returnRequest'>) =>
    call('returnRequest', body, { token }),
};
