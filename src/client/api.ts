// The browser's calls to the API, typed and routed by the endpoint table
// (src/lib/contract/endpoints.ts), with the token header and a timeout. Every answer is parsed
// with its schema from the contract: an answer that does not match fails like any broken answer,
// never as a half-read object deep inside an island. Every failure is an ApiError carrying the
// server's message when it sent one. The storefront's calls are here; the desk's (./desk-calls.ts)
// go through the same request, failure and parsing functions, from a module of their own so that
// no storefront page ships the desk's routes or parsers (a chunk shared by both would carry them).
import { ACCOUNT_MESSAGES, CLIENT_MESSAGES } from '../lib/messages.ts';
import type { AnswerOf, RequestOf, StorefrontCall } from '../lib/contract/endpoints.ts';
import type { FormProblems } from '../lib/product-form.ts';
import { API_ROUTES } from './api-routes.ts';
import type { CartMap } from '../lib/contract/requests.ts';

export type { Order, OrderItem, SessionAnswer } from '../lib/contract/responses.ts';

type Parser = { safeParse(data: unknown): { success: boolean; data?: unknown } };
/** Answer schemas by the key the endpoint table names. */
export type Parsers = Readonly<Record<string, Parser>>;

/** A set of answer parsers, loaded once with the first call that needs it; a failed load is retried. */
/* @__NO_SIDE_EFFECTS__ */
export function parsersFrom(load: () => Promise<Parsers>): () => Promise<Parsers> {
  let loading: Promise<Parsers> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/** Who calls: the parsers of their answers, and whether a failure's reference is shown to them. */
export interface Caller {
  /** The parsers that hold the schema of `answer` (a key of the endpoint table's answers). */
  parsers: (answer: string) => Promise<Parsers>;
  /** The storefront appends the reference a shopper can quote; the desk shows the server's words. */
  quotesReference: boolean;
}

// The parsers load beside the first call, off the first paint: zod and the schemas are most of it.
// An order's answers have their own parsers, loaded with the first order call only.
const shopAnswers = parsersFrom(() =>
  import('./answers.ts').then(({ ANSWERS }) => ANSWERS as unknown as Parsers),
);
const orderAnswers = parsersFrom(() =>
  import('./order-answers.ts').then(({ ORDER_ANSWERS }) => ORDER_ANSWERS as unknown as Parsers),
);
// The product list, which /Cart, /Checkout and /favourites ask for at start, is parsed without zod,
// so those pages load zod only with a later call (docs/design.md, the page-weight budgets).
const catalogueAnswers = parsersFrom(() =>
  import('./catalogue-answers.ts').then(({ CATALOGUE_ANSWERS }) => CATALOGUE_ANSWERS as Parsers),
);

/** The answers ./order-answers.ts parses (a unit test holds this list to the contract's). */
export const ORDER_ANSWER_KEYS: readonly (keyof typeof import('../lib/contract/order-answers.ts').ORDER_ANSWERS)[] =
  [
    'orderPlaced',
    'orders',
    'orderCancelled',
    'returnRequested',
    'orderDetail',
    'orderHidden',
    'addressChanged',
    'orderFound',
    'payOpened',
    'switchedToCod',
    'codConfirmation',
    'codAnswered',
    'webhook',
    'courierPush',
  ];

const SHOP: Caller = {
  parsers: (answer) =>
    (ORDER_ANSWER_KEYS as readonly string[]).includes(answer)
      ? orderAnswers()
      : answer === 'productList'
        ? catalogueAnswers()
        : shopAnswers(),
  quotesReference: true,
};

/** How long the browser waits for the API before giving up. */
export const API_TIMEOUT_MS = 20_000;

// A header value must be visible ASCII: a token holding a newline or a "€" would make fetch throw
// before anything is sent, which looked like a network error while the session stayed open.
const SENDABLE_TOKEN = /^[\x21-\x7e]+$/;

/**
 * A failed call: `message` is the server's when it gave one; `network` marks no answer at all;
 * `problems` holds the server's problem per field when it refused a form's fields.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly network: boolean;
  readonly serverMessage: string | null;
  readonly problems: FormProblems | null;
  constructor(
    message: string,
    status: number,
    serverMessage: string | null,
    network = false,
    problems: FormProblems | null = null,
  ) {
    super(message);
    this.status = status;
    this.serverMessage = serverMessage;
    this.network = network;
    this.problems = problems;
  }
}

/** How a call is sent beyond its body: the login or staff token, extra headers, keepalive. */
export interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
  keepalive?: boolean;
}

/** A call's method, path and answer schema's key, as the generated route maps hold them. */
export type Route = readonly [method: 'GET' | 'POST', path: string, answer: string];

/** The body as it travels: JSON, or a file's own bytes with its type. */
function encode(body: unknown): [BodyInit | undefined, Record<string, string>] {
  if (body === undefined) return [undefined, {}];
  if (body instanceof Blob)
    return [body, { 'content-type': body.type || 'application/octet-stream' }];
  return [JSON.stringify(body), { 'content-type': 'application/json' }];
}

/** Sends one request; throws ApiError when no answer comes. */
export async function send(
  [method, path]: Route,
  body: unknown,
  opts: CallOptions,
  timeout = API_TIMEOUT_MS,
): Promise<Response> {
  const [sent, type] = encode(body);
  const headers: Record<string, string> = { ...opts.headers, ...type };
  if (opts.token && !SENDABLE_TOKEN.test(opts.token))
    throw new ApiError(ACCOUNT_MESSAGES.sessionExpired, 401, ACCOUNT_MESSAGES.sessionExpired);
  if (opts.token) headers.token = opts.token;
  try {
    return await fetch(path, {
      method,
      headers,
      body: sent,
      signal: AbortSignal.timeout(timeout),
      keepalive: opts.keepalive,
    });
  } catch {
    throw networkFailure();
  }
}

/** The failure of a call that got no answer. */
export const networkFailure = (): ApiError => new ApiError(CLIENT_MESSAGES.network, 0, null, true);

/** The answer's JSON, or undefined when it is not JSON (a proxy's error page, say). */
export async function jsonOf(res: Response): Promise<unknown> {
  try {
    return (await res.json()) as unknown;
  } catch {
    return undefined;
  }
}

const fieldsOf = (data: unknown) =>
  (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;

/** The failure an answer stands for (not OK, or success:false), or null when it succeeded. */
export function refusalOf(res: Response, data: unknown, caller: Caller): ApiError | null {
  const fields = fieldsOf(data);
  if (res.ok && fields.success !== false) return null;
  const text =
    typeof fields.message === 'string'
      ? fields.message
      : typeof fields.msg === 'string'
        ? fields.msg
        : null;
  const serverMessage = caller.quotesReference
    ? withReference(text, res.status, fields.reference)
    : text;
  const problems =
    res.status === 400 && typeof fields.problems === 'object' && fields.problems !== null
      ? (fields.problems as FormProblems)
      : null;
  return new ApiError(
    serverMessage ?? CLIENT_MESSAGES.failed(res.status),
    res.status,
    serverMessage,
    false,
    problems,
  );
}

/** Sends a call on `route` and answers its answer as the caller's parsers read it; throws ApiError. */
export async function callRoute(
  route: Route,
  body: unknown,
  opts: CallOptions,
  caller: Caller,
  timeout?: number,
): Promise<unknown> {
  // Starts loading the parsers with the call, so the answer never waits for them.
  const parsing = caller.parsers(route[2]);
  parsing.catch(() => undefined); // a failed load is reported below, once the answer is in
  const res = await send(route, body, opts, timeout);
  const data = await jsonOf(res);
  const refused = refusalOf(res, data, caller);
  if (refused) throw refused;
  let schemas: Parsers;
  try {
    schemas = await parsing;
  } catch {
    throw networkFailure();
  }
  const parsed = schemas[route[2]]?.safeParse(data);
  // Outside the contract: handled like an answer that is not JSON, a failure without a message.
  if (!parsed?.success) throw new ApiError(CLIENT_MESSAGES.unreadable, res.status, null);
  return parsed.data;
}

/**
 * Sends storefront call `name` of the endpoint table with its typed body. Throws ApiError on HTTP
 * failure, success:false or an answer its answer schema does not accept.
 */
export function call<N extends StorefrontCall>(
  name: N,
  body: RequestOf<N>,
  opts: CallOptions = {},
): Promise<AnswerOf<N>> {
  return callRoute(API_ROUTES[name], body, opts, SHOP) as Promise<AnswerOf<N>>;
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
  findOrder: (token: string, idempotencyKey: string) =>
    call('findOrder', { idempotencyKey }, { token }),
  cancelOrder: (token: string, orderId: string, reason: RequestOf<'cancelOrder'>['reason']) =>
    call('cancelOrder', { orderId, reason }, { token }),
  returnRequest: (token: string, body: RequestOf<'returnRequest'>) =>
    call('returnRequest', body, { token }),
};
