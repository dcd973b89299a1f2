// JazzCash (Pakistan; the mobile account, MWALLET) behind the gateway port, written from JazzCash's
// public merchant guide (docs/payments-wallets.md cites it):
// - a payment is POST /ApplicationAPI/API/2.0/Purchase/DoMWalletTransaction with pp_ fields: the
//   merchant id and password, the shop's own pp_TxnRefNo, pp_Amount in paisa, pp_TxnCurrency PKR,
//   the wallet's pp_MobileNumber and the last six digits of the holder's CNIC (pp_CNIC); JazzCash
//   asks the shopper's phone to approve it;
// - every message carries pp_SecureHash: the HMAC-SHA256, keyed with the integrity salt, of the salt
//   and the values of the non-empty pp_ fields sorted by field name, joined with '&';
// - pp_ResponseCode '000' is success; a payment reads back from the status inquiry
//   (/ApplicationAPI/API/PaymentInquiry/Inquire) and refunds through
//   /ApplicationAPI/API/Purchase/domwalletrefundtransaction;
// - the outcome is posted to the merchant's IPN address, signed the same way.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { explainFetchError } from '../../fetch-error.ts';
import { readTextCapped } from '../../http.ts';
import type { Config } from '../../config.ts';
import { JAZZCASH } from '../../../lib/payments.ts';
import type { Money } from '../../../lib/money.ts';
import {
  GatewayError,
  type PaymentGateway,
  type PaymentReading,
  type PaymentState,
  type WebhookVerdict,
} from '../gateway/port.ts';
import { WEBHOOK_MAX_BYTES } from '../gateway/webhook.ts';
import { webhookPathOf, type PaymentProvider } from './provider.ts';

/** JazzCash's two environments: sandbox moves no money, production does. */
export type JazzCashEnvironment = 'sandbox' | 'production';

/** What the adapter needs: the merchant's credentials, and where JazzCash is. */
export interface JazzCashSettings {
  environment: JazzCashEnvironment;
  merchantId: string;
  password: string;
  integritySalt: string;
  /** Another API origin (the local stand-in). */
  apiUrl?: string;
  /** Per call; default 10 s. A phone request that outlasts it is left pending, not failed. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const API_ORIGIN: Record<JazzCashEnvironment, string> = {
  sandbox: 'https://sandbox.jazzcash.com.pk',
  production: 'https://payments.jazzcash.com.pk',
};
export const JAZZCASH_PATHS = {
  pay: '/ApplicationAPI/API/2.0/Purchase/DoMWalletTransaction',
  inquire: '/ApplicationAPI/API/PaymentInquiry/Inquire',
  refund: '/ApplicationAPI/API/Purchase/domwalletrefundtransaction',
} as const;
const MAX_ANSWER_BYTES = 64 * 1024;
/** JazzCash's success code; 157 is its "pending" while the shopper has not answered. */
const SUCCESS = '000';
const PENDING = new Set(['157', '124']);
/** An IPN whose signed transaction time is older than this is refused as stale. */
export const JAZZCASH_IPN_MAX_AGE_MS = 90 * 60_000;
const FUTURE_SKEW_MS = 5 * 60_000;
const TXN_REF = /^[A-Za-z0-9]{1,20}$/;

/** pp_SecureHash of `fields`: HMAC-SHA256 over the salt and the sorted non-empty pp_ values. */
export function jazzCashHash(fields: Readonly<Record<string, string>>, salt: string): string {
  const values = Object.keys(fields)
    .filter((k) => k.startsWith('pp_') && k !== 'pp_SecureHash' && fields[k] !== '')
    .sort()
    .map((k) => fields[k]);
  return createHmac('sha256', salt)
    .update([salt, ...values].join('&'))
    .digest('hex')
    .toUpperCase();
}

/** Whether `fields` carry the pp_SecureHash of their own pp_ values, compared in constant time. */
function signedBy(fields: Readonly<Record<string, string>>, salt: string): boolean {
  const given = Buffer.from((fields.pp_SecureHash ?? '').toUpperCase(), 'utf8');
  const wanted = Buffer.from(jazzCashHash(fields, salt), 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** JazzCash's yyyyMMddHHmmss in Pakistan time (UTC+5, no daylight saving). */
export function jazzCashTime(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

function parseJazzCashTime(text: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const at = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]! - 5, +m[5]!, +m[6]!);
  return Number.isNaN(at) ? null : new Date(at);
}

/** A flat record of string fields, or null: every pp_ message is one. */
function fieldsOf(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v);
    else if (v !== null && v !== undefined) return null;
  }
  return out;
}

const stateOf = (code: string | undefined, status: string | undefined): PaymentState => {
  if (/refunded/i.test(status ?? '')) return 'refunded';
  if (code === SUCCESS) return 'paid';
  if (code === undefined || PENDING.has(code)) return 'pending';
  return 'failed';
};

/** The JazzCash adapter. Every call answers or throws a GatewayError. */
export function jazzCashGateway(settings: JazzCashSettings): PaymentGateway {
  const origin = settings.apiUrl ?? API_ORIGIN[settings.environment];
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const fetcher = settings.fetch ?? fetch;
  const salt = settings.integritySalt;
  const credentials = { pp_MerchantID: settings.merchantId, pp_Password: settings.password };

  async function call(path: string, fields: Record<string, string>) {
    const body = { ...fields, pp_SecureHash: jazzCashHash(fields, salt) };
    const what = `JazzCash (${path.split('/').at(-1)})`;
    let text: string | null;
    let status: number;
    try {
      const res = await fetcher(`${origin}${path}`, {
        method: 'POST',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      status = res.status;
      text = await readTextCapped(res, MAX_ANSWER_BYTES);
    } catch (error) {
      if ((error as Error).name === 'TimeoutError')
        throw new GatewayError('timeout', `${what} did not answer within ${timeoutMs / 1000} s`);
      throw new GatewayError('unreachable', `${what}: ${explainFetchError(error, origin)}`);
    }
    if (status >= 500) throw new GatewayError('unreachable', `${what} answered HTTP ${status}`);
    let answer: Record<string, string> | null = null;
    try {
      answer = text === null ? null : fieldsOf(JSON.parse(text));
    } catch {
      answer = null;
    }
    if (!answer) throw new GatewayError('malformed-answer', `${what} answered no pp_ fields`);
    if (answer.pp_SecureHash && !signedBy(answer, salt))
      throw new GatewayError('malformed-answer', `${what} answered with a wrong pp_SecureHash`);
    if (status === 401 || status === 403)
      throw new GatewayError('refused', `${what} refused the credentials (HTTP ${status})`);
    return answer;
  }

  const base = (at: Date) => ({
    pp_Version: '2.0',
    pp_TxnType: 'MWALLET',
    pp_Language: 'EN',
    ...credentials,
    pp_TxnDateTime: jazzCashTime(at),
  });

  return {
    name: 'jazzcash',
    currencies: ['PKR'],

    async createPayment(request) {
      if (request.amount.currency !== 'PKR' || request.amount.minor <= 0)
        throw new GatewayError('invalid-input', 'JazzCash charges a positive amount in PKR only');
      if (!request.payer) throw new GatewayError('invalid-input', 'JazzCash needs a wallet number');
      const at = new Date();
      // The shop names the transaction, so it is known even when the answer is lost.
      const reference = `T${jazzCashTime(at)}${randomBytes(3).toString('hex')}`.slice(0, 20);
      try {
        const answer = await call(JAZZCASH_PATHS.pay, {
          ...base(at),
          pp_TxnRefNo: reference,
          pp_Amount: String(request.amount.minor),
          pp_TxnCurrency: 'PKR',
          pp_TxnExpiryDateTime: jazzCashTime(new Date(at.getTime() + 60 * 60_000)),
          pp_BillReference: request.orderId,
          pp_Description: `Order ${request.orderId}`,
          pp_MobileNumber: request.payer.mobile,
          pp_CNIC: request.payer.cnicLast6,
        });
        const code = answer.pp_ResponseCode;
        if (code !== SUCCESS && !PENDING.has(code ?? ''))
          throw new GatewayError(
            'rejected',
            `JazzCash refused the payment (${code ?? 'no code'}: ${answer.pp_ResponseMessage ?? ''})`,
          );
      } catch (error) {
        // The request may be on the shopper's phone: the IPN or the read-back will tell.
        if (!(error instanceof GatewayError) || error.kind !== 'timeout') throw error;
      }
      return { reference, redirectUrl: null };
    },

    async readPayment(reference): Promise<PaymentReading> {
      if (!TXN_REF.test(reference)) throw new GatewayError('invalid-input', 'not a JazzCash ref');
      const answer = await call(JAZZCASH_PATHS.inquire, {
        pp_Version: '2.0',
        ...credentials,
        pp_TxnRefNo: reference,
      });
      if (answer.pp_ResponseCode !== SUCCESS)
        throw new GatewayError('not-found', `JazzCash knows no transaction ${reference}`);
      const amount = Number(answer.pp_Amount);
      const refunded = answer.pp_RefundedAmount;
      return {
        reference,
        state: stateOf(answer.pp_PaymentResponseCode, answer.pp_Status),
        amountMinor: Number.isSafeInteger(amount) ? amount : -1,
        currency: answer.pp_TxnCurrency ?? 'PKR',
        refundedMinor: refunded !== undefined && /^\d+$/.test(refunded) ? Number(refunded) : null,
      };
    },

    async refund(reference, amount: Money) {
      if (amount.currency !== 'PKR')
        throw new GatewayError('invalid-input', 'JazzCash refunds PKR only');
      const answer = await call(JAZZCASH_PATHS.refund, {
        pp_Version: '2.0',
        ...credentials,
        pp_TxnRefNo: reference,
        pp_Amount: String(amount.minor),
        pp_TxnCurrency: 'PKR',
      });
      if (answer.pp_ResponseCode !== SUCCESS)
        throw new GatewayError(
          'rejected',
          `JazzCash refused the refund (${answer.pp_ResponseCode ?? 'no code'}: ${answer.pp_ResponseMessage ?? ''})`,
        );
      return this.readPayment(reference);
    },

    verifyWebhook(rawBody, _headers, now): WebhookVerdict {
      const bytes = typeof rawBody === 'string' ? Buffer.from(rawBody) : Buffer.from(rawBody);
      if (bytes.length > WEBHOOK_MAX_BYTES)
        return { ok: false, reason: 'body-too-large', detail: `${bytes.length} bytes` };
      let fields: Record<string, string> | null = null;
      try {
        fields = fieldsOf(JSON.parse(bytes.toString('utf8')));
      } catch {
        fields = null;
      }
      if (!fields) return { ok: false, reason: 'malformed-body', detail: 'not a flat JSON object' };
      if (!fields.pp_SecureHash)
        return { ok: false, reason: 'missing-headers', detail: 'no pp_SecureHash' };
      if (!signedBy(fields, salt))
        return { ok: false, reason: 'bad-signature', detail: 'pp_SecureHash does not match' };
      const signedAt = parseJazzCashTime(fields.pp_TxnDateTime);
      if (!signedAt) return { ok: false, reason: 'malformed-timestamp', detail: 'pp_TxnDateTime' };
      const age = now.getTime() - signedAt.getTime();
      if (age > JAZZCASH_IPN_MAX_AGE_MS)
        return { ok: false, reason: 'stale-timestamp', detail: `${Math.round(age / 1000)} s old` };
      if (-age > FUTURE_SKEW_MS)
        return {
          ok: false,
          reason: 'future-timestamp',
          detail: `${Math.round(-age / 1000)} s ahead`,
        };
      const reference = fields.pp_TxnRefNo ?? '';
      const code = fields.pp_ResponseCode ?? '';
      if (!TXN_REF.test(reference) || !/^\d{3}$/.test(code))
        return { ok: false, reason: 'malformed-body', detail: 'no pp_TxnRefNo or pp_ResponseCode' };
      const amount = Number(fields.pp_Amount);
      const state = stateOf(code, undefined);
      return {
        ok: true,
        event: {
          id: `jazzcash:${reference}:${code}`,
          kind: state === 'paid' ? 'payment.paid' : state === 'failed' ? 'payment.failed' : 'other',
          type: `MWALLET ${code}`,
          reference,
          orderId: fields.pp_BillReference || null,
          amountMinor: Number.isSafeInteger(amount) ? amount : null,
          currency: fields.pp_TxnCurrency ?? null,
          signedAt,
        },
      };
    },
  };
}

type JazzCashConfig = Pick<
  Config,
  | 'production'
  | 'JAZZCASH_ENVIRONMENT'
  | 'JAZZCASH_MERCHANT_ID'
  | 'JAZZCASH_PASSWORD'
  | 'JAZZCASH_INTEGRITY_SALT'
  | 'JAZZCASH_API_URL'
>;

const hasKeys = (c: JazzCashConfig) =>
  Boolean(
    c.JAZZCASH_MERCHANT_ID &&
    c.JAZZCASH_PASSWORD &&
    c.JAZZCASH_INTEGRITY_SALT &&
    c.JAZZCASH_ENVIRONMENT,
  );

/** JazzCash registered as a provider: the wallet's mobile account, in Pakistan, in rupees. */
export const JAZZCASH_PROVIDER: PaymentProvider = {
  name: 'jazzcash',
  label: 'JazzCash',
  methods: [JAZZCASH],
  currencies: ['PKR'],
  countries: ['Pakistan'],
  start: 'phone-request',
  asksCnic: true,
  confirms: 'signed-event',
  signatureRule:
    "pp_SecureHash: HMAC-SHA256 keyed with the integrity salt over the salt and the non-empty pp_ values sorted by name, joined with '&'",
  refunds: 'api',
  webhookPath: webhookPathOf('jazzcash'),
  webhookLog: 'jazzcash webhook',
  keyNames: ['JAZZCASH_MERCHANT_ID', 'JAZZCASH_PASSWORD', 'JAZZCASH_INTEGRITY_SALT'],
  environment: (config) => (hasKeys(config) ? config.JAZZCASH_ENVIRONMENT! : null),
  // Without keys, only a local run reaches JazzCash: its stand-in, which sets the keys itself.
  mode: (config) => (hasKeys(config) ? (config.JAZZCASH_API_URL ? 'stand-in' : 'live') : 'off'),
  gateway(config, extra = {}) {
    if (!hasKeys(config)) return null;
    return jazzCashGateway({
      environment: config.JAZZCASH_ENVIRONMENT!,
      merchantId: config.JAZZCASH_MERCHANT_ID!,
      password: config.JAZZCASH_PASSWORD!,
      integritySalt: config.JAZZCASH_INTEGRITY_SALT!,
      apiUrl: extra.apiUrl ?? config.JAZZCASH_API_URL,
      fetch: extra.fetch,
    });
  },
};
