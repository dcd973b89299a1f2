// Safepay (Pakistan; Visa and Mastercard through its hosted checkout) behind the gateway port,
// over its documented HTTP API with fetch: no SDK, so no axios 0.26 or ts-node at run time, and
// webhooks are checked over the raw body (webhook.ts), never over re-serialised JSON.
//
// The API as Safepay documents it (docs/payments-safepay.md cites the pages):
// - a payment is a "tracker": POST /order/payments/v3/ with the merchant API key, intent
//   CYBERSOURCE, mode payment, currency and amount in the currency's smallest unit;
// - the hosted page is /embedded/ with the tracker and a short-lived passport token (tbt) from
//   POST /client/passport/v1/token, plus order_id, redirect_url and cancel_url;
// - server calls carry the secret key in X-SFPY-MERCHANT-SECRET;
// - a payment reads back from GET /reporter/api/v1/payments/{tracker};
// - a refund is POST /order/payments/v3/{tracker}/refund with currency and amount;
// - webhooks carry X-SFPY-SIGNATURE and X-SFPY-TIMESTAMP, signed over timestamp + '.' + raw body
//   with the base64-decoded webhook secret as the HMAC-SHA256 key.
import * as z from 'zod/mini';
import { explainFetchError } from '../../fetch-error.ts';
import { readTextCapped } from '../../http.ts';
import {
  GatewayError,
  headerValue,
  type CreatedPayment,
  type GatewayEventKind,
  type HeaderSource,
  type HostedPageGateway,
  type PaymentReading,
  type PaymentRequest,
  type PaymentState,
  type WebhookVerdict,
} from './port.ts';
import { checkSignedDelivery } from './webhook.ts';
import type { Money } from '../../../lib/money.ts';

/** The currencies Safepay's SDK lists for a payment; every one has two minor digits. */
export const SAFEPAY_CURRENCIES = ['PKR', 'USD', 'AED', 'SAR', 'CAD', 'EUR', 'GBP'] as const;

/** Safepay's two environments: sandbox takes test cards only, production takes real money. */
export type SafepayEnvironment = 'sandbox' | 'production';

/** What the adapter needs: the merchant's keys, and where Safepay is. */
export interface SafepaySettings {
  environment: SafepayEnvironment;
  /** The merchant API key (sec_…), sent as merchant_api_key. */
  apiKey: string;
  /** The secret key, sent in X-SFPY-MERCHANT-SECRET on every server call. */
  secretKey: string;
  /** The webhook shared secret as the dashboard shows it (base64). */
  webhookSecret: string;
  /** Another API origin (the local stand-in); its hosted page is then at `${apiUrl}/embedded/`. */
  apiUrl?: string;
  /** Per call, the whole exchange included; default 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const API_ORIGIN: Record<SafepayEnvironment, string> = {
  sandbox: 'https://sandbox.api.getsafepay.com',
  production: 'https://api.getsafepay.com',
};
const CHECKOUT_PAGE: Record<SafepayEnvironment, string> = {
  sandbox: 'https://sandbox.api.getsafepay.com/embedded/',
  production: 'https://getsafepay.com/embedded/',
};
const DEFAULT_TIMEOUT_MS = 10_000;
/** A tracker answer is a few kilobytes; a larger one is not Safepay's. */
const MAX_ANSWER_BYTES = 256 * 1024;
const TRACKER = /^track_[A-Za-z0-9-]{1,80}$/;

/** Tracker states as Safepay names them; an unlisted one reads as pending, never as paid. */
const STATES: Readonly<Record<string, PaymentState>> = {
  TRACKER_ENDED: 'paid',
  TRACKER_PARTIAL_REFUND: 'partially_refunded',
  TRACKER_REFUNDED: 'refunded',
  TRACKER_REVERSED: 'refunded',
  TRACKER_FAILED: 'failed',
  TRACKER_CANCELLED: 'failed',
  TRACKER_VOIDED: 'failed',
};

/** Event types, from both generations of Safepay's webhook documentation. */
const EVENT_KINDS: Readonly<Record<string, GatewayEventKind>> = {
  'payment.succeeded': 'payment.paid',
  'payment.completed': 'payment.paid',
  'payment.failed': 'payment.failed',
  'payment.rejected': 'payment.failed',
  'payment.refunded': 'payment.refunded',
  'payment.refund_partial': 'payment.refunded',
  'refund.completed': 'payment.refunded',
};

const money = z.object({ currency: z.string(), amount: z.number().check(z.int()) });
const trackerAnswer = z.object({
  data: z.object({
    tracker: z.object({
      token: z.string(),
      state: z.string(),
      purchase_totals: z.optional(z.object({ base_amount: money })),
    }),
  }),
});
const reporterAnswer = z.object({
  data: z.object({
    token: z.string(),
    state: z.string(),
    purchase_totals: z.object({ base_amount: money }),
    charge: z.optional(z.object({ balance: z.optional(money) })),
  }),
});
const passportAnswer = z.object({ data: z.string().check(z.minLength(1)) });
const webhookBody = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  type: z.string().check(z.minLength(1), z.maxLength(100)),
  data: z.object({
    tracker: z.string().check(z.regex(TRACKER)),
    amount: z.optional(z.number().check(z.int(), z.nonnegative())),
    currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
    metadata: z.optional(z.object({ order_id: z.optional(z.string()) })),
  }),
});

/** The base64 webhook secret's bytes, or null when it is not base64 of at least 16 bytes. */
export function decodeWebhookSecret(secret: string): Uint8Array | null {
  const text = secret.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length >= 16 ? new Uint8Array(bytes) : null;
}

const apiOrigin = (settings: SafepaySettings) =>
  (settings.apiUrl ?? API_ORIGIN[settings.environment]).replace(/\/+$/, '');

type Call = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

/** One Safepay API call: the secret-key header, a timeout over the whole exchange, clear errors. */
function caller(settings: SafepaySettings): Call {
  const origin = apiOrigin(settings);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetcher = settings.fetch ?? fetch;
  return async (method, path, body) => {
    const url = `${origin}${path}`;
    const abort = new AbortController();
    const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]);
    const what = `Safepay (${method} ${path.replace(/track_[A-Za-z0-9-]+/, '{tracker}')})`;
    let text: string | null;
    let status: number;
    try {
      const res = await fetcher(url, {
        method,
        signal,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-sfpy-merchant-secret': settings.secretKey,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.status;
      text = await readTextCapped(res, MAX_ANSWER_BYTES);
      if (text === null) abort.abort();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || signal.reason?.name === 'TimeoutError')
        throw new GatewayError('timeout', `${what} did not answer within ${timeoutMs / 1000} s`);
      throw new GatewayError('unreachable', `${what}: ${explainFetchError(error, url)}`);
    }
    if (text === null)
      throw new GatewayError('malformed-answer', `${what} answered more than 256 KB`);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      if (status < 400) throw new GatewayError('malformed-answer', `${what} answered non-JSON`);
    }
    if (status >= 200 && status < 300) return parsed;
    const said = safepayMessage(parsed);
    if (status === 401 || status === 403)
      throw new GatewayError(
        'refused',
        `${what} refused the keys (HTTP ${status}${said}): check SAFEPAY_SECRET_KEY and SAFEPAY_ENVIRONMENT (sandbox keys work on sandbox only)`,
      );
    if (status === 404) throw new GatewayError('not-found', `${what}: no such payment${said}`);
    if (status >= 500)
      throw new GatewayError('unreachable', `${what} answered HTTP ${status}${said}; try again`);
    throw new GatewayError('rejected', `${what} refused the request (HTTP ${status}${said})`);
  };
}

/** Whether Safepay accepts these keys in their environment (doctor): resolves, or throws GatewayError. */
export async function checkSafepayKeys(
  settings: Omit<SafepaySettings, 'webhookSecret'>,
): Promise<void> {
  const answer = passportAnswer.safeParse(
    await caller({ ...settings, webhookSecret: '' })('POST', '/client/passport/v1/token'),
  );
  if (!answer.success)
    throw new GatewayError(
      'malformed-answer',
      "Safepay's passport token answer has an unknown shape",
    );
}

/** A PaymentGateway over Safepay's HTTP API. */
export function safepayGateway(settings: SafepaySettings): HostedPageGateway {
  const key = decodeWebhookSecret(settings.webhookSecret);
  if (!key) throw new Error('SAFEPAY_WEBHOOK_SECRET must be base64 of at least 16 bytes');
  const checkoutPage = settings.apiUrl
    ? `${apiOrigin(settings)}/embedded/`
    : CHECKOUT_PAGE[settings.environment];
  const call = caller(settings);

  function reshape<T>(schema: z.ZodMiniType<T>, answer: unknown, what: string): T {
    const result = schema.safeParse(answer);
    if (!result.success)
      throw new GatewayError('malformed-answer', `Safepay's ${what} answer has an unknown shape`);
    return result.data;
  }

  async function readPayment(reference: string): Promise<PaymentReading> {
    checkReference(reference);
    const answer = reshape(
      reporterAnswer,
      await call('GET', `/reporter/api/v1/payments/${reference}`),
      'payment',
    ).data;
    const amount = answer.purchase_totals.base_amount;
    const state = STATES[answer.state] ?? 'pending';
    const balance = answer.charge?.balance;
    return {
      reference: answer.token,
      state,
      amountMinor: amount.amount,
      currency: amount.currency,
      refundedMinor:
        state === 'refunded'
          ? amount.amount
          : state === 'paid'
            ? 0
            : balance && balance.currency === amount.currency
              ? amount.amount - balance.amount
              : null,
    };
  }

  return {
    name: 'safepay',
    currencies: SAFEPAY_CURRENCIES,

    async createPayment(
      request: PaymentRequest,
    ): Promise<CreatedPayment & { redirectUrl: string }> {
      checkRequest(request);
      const tracker = reshape(
        trackerAnswer,
        await call('POST', '/order/payments/v3/', {
          merchant_api_key: settings.apiKey,
          intent: 'CYBERSOURCE',
          mode: 'payment',
          currency: request.amount.currency,
          // Safepay's v3 amounts are in the smallest unit (paisa, cents): the port's minor units.
          amount: request.amount.minor,
        }),
        'payment session',
      ).data.tracker.token;
      if (!TRACKER.test(tracker))
        throw new GatewayError('malformed-answer', 'Safepay answered an unusable tracker id');
      const tbt = reshape(
        passportAnswer,
        await call('POST', '/client/passport/v1/token'),
        'passport token',
      ).data;
      const query = new URLSearchParams({
        environment: settings.environment,
        tracker,
        tbt,
        source: 'hosted',
        order_id: request.orderId,
        redirect_url: request.returnUrl,
        cancel_url: request.cancelUrl,
      });
      return { reference: tracker, redirectUrl: `${checkoutPage}?${query}` };
    },

    readPayment,

    // Safepay's public refund call takes no idempotency key: `_key` is the shop's own (the ledger
    // reserves one refund at a time, and the reconciliation reads the refunded total back).
    async refund(reference: string, amount: Money, _key: string): Promise<PaymentReading> {
      checkReference(reference);
      checkAmount(amount.minor);
      const amountMinor = amount.minor;
      const before = await readPayment(reference);
      if (before.currency !== amount.currency)
        throw new GatewayError(
          'invalid-input',
          `payment ${reference} was charged in ${before.currency}; a refund in ${amount.currency} cannot go back to it`,
        );
      if (before.state !== 'paid' && before.state !== 'partially_refunded')
        throw new GatewayError(
          'rejected',
          `payment ${reference} is ${before.state.replace('_', ' ')}; only a paid payment can be refunded`,
        );
      const left = before.amountMinor - (before.refundedMinor ?? 0);
      if (amountMinor > left)
        throw new GatewayError(
          'rejected',
          `a refund of ${amountMinor} exceeds the ${left} ${before.currency} (minor units) left on payment ${reference}`,
        );
      const after = reshape(
        trackerAnswer,
        await call('POST', `/order/payments/v3/${reference}/refund`, {
          currency: before.currency,
          amount: amountMinor,
        }),
        'refund',
      ).data.tracker;
      const state = STATES[after.state] ?? 'pending';
      return {
        ...before,
        state,
        refundedMinor:
          state === 'refunded'
            ? before.amountMinor
            : before.refundedMinor === null
              ? null
              : before.refundedMinor + amountMinor,
      };
    },

    verifyWebhook(rawBody: Uint8Array | string, headers: HeaderSource, now: Date): WebhookVerdict {
      const checked = checkSignedDelivery(
        {
          rawBody,
          signature: headerValue(headers, 'x-sfpy-signature'),
          timestamp: headerValue(headers, 'x-sfpy-timestamp'),
        },
        key,
        now,
      );
      if (!checked.ok) return checked;
      let json: unknown;
      try {
        json = JSON.parse(checked.body);
      } catch {
        return { ok: false, reason: 'malformed-body', detail: 'signed body is not JSON' };
      }
      const parsed = webhookBody.safeParse(json);
      if (!parsed.success)
        return {
          ok: false,
          reason: 'malformed-body',
          detail: 'signed body lacks an event token, type or tracker',
        };
      const { token, type, data } = parsed.data;
      return {
        ok: true,
        event: {
          // The id comes from the signed body: the event-id header is not covered by the signature.
          id: token,
          kind: EVENT_KINDS[type] ?? 'other',
          type,
          reference: data.tracker,
          orderId: data.metadata?.order_id ?? null,
          amountMinor: data.amount ?? null,
          currency: data.currency ?? null,
          signedAt: checked.signedAt,
        },
      };
    },
  };
}

function checkReference(reference: string) {
  if (typeof reference !== 'string' || !TRACKER.test(reference))
    throw new GatewayError(
      'invalid-input',
      `not a Safepay tracker id: ${JSON.stringify(reference)}`,
    );
}

function checkAmount(amountMinor: number) {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new GatewayError(
      'invalid-input',
      `amount must be a whole number of minor units above 0, not ${amountMinor}`,
    );
}

function checkRequest(request: PaymentRequest) {
  if (typeof request.orderId !== 'string' || !/^[\w-]{1,64}$/.test(request.orderId))
    throw new GatewayError('invalid-input', 'orderId must be 1-64 letters, digits, _ or -');
  checkAmount(request.amount.minor);
  if (!(SAFEPAY_CURRENCIES as readonly string[]).includes(request.amount.currency))
    throw new GatewayError(
      'invalid-input',
      `Safepay does not charge ${request.amount.currency}; charge the order in PKR (chargeCurrency)`,
    );
  for (const [name, url] of [
    ['returnUrl', request.returnUrl],
    ['cancelUrl', request.cancelUrl],
  ] as const)
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new GatewayError('invalid-input', `${name} must be an http(s) address`);
}

/** Safepay's own words from an error answer ({ status: { errors, message } }), or ''. */
function safepayMessage(answer: unknown): string {
  const status = (answer as { status?: { errors?: unknown; message?: unknown } } | null)?.status;
  const errors = Array.isArray(status?.errors) ? status.errors.filter(isText) : [];
  const words =
    errors.length > 0 ? errors.join('; ') : isText(status?.message) ? status.message : '';
  return words ? `: ${words.slice(0, 200)}` : '';
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
