// EasyPaisa (Easypay's mobile-account Open API) behind the gateway port, written from Easypay's
// public merchant integration guide (docs/payments-wallets.md cites it):
// - a payment is POST /easypay-service/rest/v4/initiate-ma-transaction with the store id, the
//   shop's own orderId, transactionAmount in rupees with two decimals, transactionType MA and the
//   wallet's mobileAccountNo; Easypay asks the shopper's phone to approve it;
// - calls carry a Credentials header, base64 of "username:password";
// - responseCode '0000' is success; a payment reads back from inquire-transaction, whose
//   transactionStatus says PAID, FAILED, PENDING or REVERSED;
// - Easypay's instant payment notice (IPN) is not signed: it only names the order. The shop takes
//   nothing from it but the order id, and books what the inquiry, called with its own
//   credentials, answers. Easypay's Open API has no refund call: refunds are sent by hand.
import { explainFetchError } from '../../fetch-error.ts';
import { readTextCapped } from '../../http.ts';
import type { Config } from '../../config.ts';
import { EASYPAISA } from '../../../lib/payments.ts';
import {
  GatewayError,
  type PaymentGateway,
  type PaymentReading,
  type PaymentState,
  type WebhookVerdict,
} from '../gateway/port.ts';
import { WEBHOOK_MAX_BYTES } from '../gateway/webhook.ts';
import { webhookPathOf, type PaymentProvider } from './provider.ts';

export type EasypaisaEnvironment = 'sandbox' | 'production';

/** What the adapter needs: the store's credentials, and where Easypay is. */
export interface EasypaisaSettings {
  environment: EasypaisaEnvironment;
  storeId: string;
  username: string;
  password: string;
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const API_ORIGIN: Record<EasypaisaEnvironment, string> = {
  sandbox: 'https://easypaystg.easypaisa.com.pk',
  production: 'https://easypay.easypaisa.com.pk',
};
export const EASYPAISA_PATHS = {
  pay: '/easypay-service/rest/v4/initiate-ma-transaction',
  inquire: '/easypay-service/rest/v4/inquire-transaction',
} as const;
const ORDER_REF = /^[A-Za-z0-9-]{1,64}$/;
const STATES: Readonly<Record<string, PaymentState>> = {
  PAID: 'paid',
  FAILED: 'failed',
  DROPPED: 'failed',
  EXPIRED: 'failed',
  REVERSED: 'refunded',
};

/** Paisa as Easypay's rupee text with two decimals: 1225000 is "12250.00" (integers only). */
export const rupeeText = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** Easypay's rupee text back in paisa, or null for anything but digits with up to two decimals. */
export function paisaOf(text: unknown): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(text ?? ''));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** The Easypay adapter. Every call answers or throws a GatewayError. */
export function easypaisaGateway(settings: EasypaisaSettings): PaymentGateway {
  const origin = settings.apiUrl ?? API_ORIGIN[settings.environment];
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const fetcher = settings.fetch ?? fetch;
  const credentials = Buffer.from(`${settings.username}:${settings.password}`).toString('base64');

  async function call(path: string, body: Record<string, string>) {
    const what = `Easypay (${path.split('/').at(-1)})`;
    let text: string | null;
    let status: number;
    try {
      const res = await fetcher(`${origin}${path}`, {
        method: 'POST',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { 'content-type': 'application/json', credentials },
        body: JSON.stringify(body),
      });
      status = res.status;
      text = await readTextCapped(res, 64 * 1024);
    } catch (error) {
      if ((error as Error).name === 'TimeoutError')
        throw new GatewayError('timeout', `${what} did not answer within ${timeoutMs / 1000} s`);
      throw new GatewayError('unreachable', `${what}: ${explainFetchError(error, origin)}`);
    }
    if (status === 401 || status === 403)
      throw new GatewayError('refused', `${what} refused the credentials (HTTP ${status})`);
    if (status >= 500) throw new GatewayError('unreachable', `${what} answered HTTP ${status}`);
    try {
      const answer: unknown = text === null ? null : JSON.parse(text);
      if (typeof answer === 'object' && answer !== null) return answer as Record<string, unknown>;
    } catch {
      // Reported below.
    }
    throw new GatewayError('malformed-answer', `${what} answered no JSON object`);
  }

  return {
    name: 'easypaisa',
    currencies: ['PKR'],

    async createPayment(request) {
      if (request.amount.currency !== 'PKR' || request.amount.minor <= 0)
        throw new GatewayError('invalid-input', 'Easypay charges a positive amount in PKR only');
      if (!request.payer) throw new GatewayError('invalid-input', 'Easypay needs a wallet number');
      // The order may ask again (Pay again): each request is its own Easypay order id.
      const reference = `${request.orderId.slice(0, 40)}-${Date.now().toString(36)}`;
      try {
        const answer = await call(EASYPAISA_PATHS.pay, {
          orderId: reference,
          storeId: settings.storeId,
          transactionAmount: rupeeText(request.amount.minor),
          transactionType: 'MA',
          mobileAccountNo: request.payer.mobile,
          emailAddress: '',
        });
        if (answer.responseCode !== '0000')
          throw new GatewayError(
            'rejected',
            `Easypay refused the payment (${String(answer.responseCode)}: ${String(answer.responseDesc ?? '')})`,
          );
      } catch (error) {
        // Easypay holds the call while the phone is asked: a timeout leaves the payment pending.
        if (!(error instanceof GatewayError) || error.kind !== 'timeout') throw error;
      }
      return { reference, redirectUrl: null };
    },

    async readPayment(reference): Promise<PaymentReading> {
      if (!ORDER_REF.test(reference)) throw new GatewayError('invalid-input', 'not an Easypay id');
      const answer = await call(EASYPAISA_PATHS.inquire, {
        orderId: reference,
        storeId: settings.storeId,
        accountNum: settings.username,
      });
      if (answer.responseCode !== '0000')
        throw new GatewayError('not-found', `Easypay knows no order ${reference}`);
      return {
        reference,
        state: STATES[String(answer.transactionStatus)] ?? 'pending',
        amountMinor: paisaOf(answer.transactionAmount) ?? -1,
        currency: 'PKR',
        refundedMinor: null,
      };
    },

    async refund() {
      throw new GatewayError(
        'rejected',
        'Easypay has no refund call: send the money back from the Easypay portal and record it',
      );
    },

    // The notice is unsigned: it is read only for the order it names, whose state the shared step
    // reads back from the inquiry before anything is recorded.
    verifyWebhook(rawBody, _headers, now): WebhookVerdict {
      const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
      if (Buffer.byteLength(text) > WEBHOOK_MAX_BYTES)
        return { ok: false, reason: 'body-too-large', detail: `${text.length} bytes` };
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return { ok: false, reason: 'malformed-body', detail: 'not JSON' };
      }
      const reference = (body as { orderId?: unknown } | null)?.orderId;
      if (typeof reference !== 'string' || !ORDER_REF.test(reference))
        return { ok: false, reason: 'malformed-body', detail: 'no orderId' };
      return {
        ok: true,
        event: {
          id: `easypaisa:${reference}`,
          kind: 'payment.notice',
          type: 'IPN',
          reference,
          orderId: reference.replace(/-[0-9a-z]+$/, ''),
          amountMinor: null,
          currency: null,
          signedAt: now,
        },
      };
    },
  };
}

type EasypaisaConfig = Pick<
  Config,
  | 'EASYPAISA_ENVIRONMENT'
  | 'EASYPAISA_STORE_ID'
  | 'EASYPAISA_USERNAME'
  | 'EASYPAISA_PASSWORD'
  | 'EASYPAISA_API_URL'
>;

const hasKeys = (c: EasypaisaConfig) =>
  Boolean(
    c.EASYPAISA_STORE_ID && c.EASYPAISA_USERNAME && c.EASYPAISA_PASSWORD && c.EASYPAISA_ENVIRONMENT,
  );

/** EasyPaisa registered as a provider: the mobile account, in Pakistan, refunds by hand. */
export const EASYPAISA_PROVIDER: PaymentProvider = {
  name: 'easypaisa',
  label: 'EasyPaisa',
  methods: [EASYPAISA],
  currencies: ['PKR'],
  countries: ['Pakistan'],
  start: 'phone-request',
  confirms: 'notice-read-back',
  signatureRule:
    'none: the IPN only names the order; its state is read back from inquire-transaction with the store credentials',
  refunds: 'by-hand',
  webhookPath: webhookPathOf('easypaisa'),
  webhookLog: 'easypaisa webhook',
  keyNames: ['EASYPAISA_STORE_ID', 'EASYPAISA_USERNAME', 'EASYPAISA_PASSWORD'],
  environment: (config) => (hasKeys(config) ? config.EASYPAISA_ENVIRONMENT! : null),
  mode: (config) => (hasKeys(config) ? (config.EASYPAISA_API_URL ? 'stand-in' : 'live') : 'off'),
  gateway(config, extra = {}) {
    if (!hasKeys(config)) return null;
    return easypaisaGateway({
      environment: config.EASYPAISA_ENVIRONMENT!,
      storeId: config.EASYPAISA_STORE_ID!,
      username: config.EASYPAISA_USERNAME!,
      password: config.EASYPAISA_PASSWORD!,
      apiUrl: extra.apiUrl ?? config.EASYPAISA_API_URL,
      fetch: extra.fetch,
    });
  },
};
