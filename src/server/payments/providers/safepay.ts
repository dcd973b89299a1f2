// Safepay registered as a provider: cards (Visa, Mastercard) on its hosted page, in any country.
// The adapter itself is ../gateway/safepay.ts; this module only says what it takes.
import { CARD } from '../../../lib/payments.ts';
import {
  cardGatewayMode,
  SAFEPAY_WEBHOOK_PATH,
  safepayFromConfig,
} from '../gateway/availability.ts';
import { SAFEPAY_CURRENCIES } from '../gateway/safepay.ts';
import type { PaymentProvider } from './provider.ts';

/** Safepay: cards on a hosted page, confirmed by a signed webhook, refunded through its API. */
export const SAFEPAY_PROVIDER: PaymentProvider = {
  name: 'safepay',
  label: 'Safepay',
  methods: [CARD],
  currencies: SAFEPAY_CURRENCIES,
  countries: 'any',
  start: 'hosted-page',
  confirms: 'signed-event',
  signatureRule:
    "HMAC-SHA256 of X-SFPY-TIMESTAMP + '.' + raw body, keyed with the base64-decoded webhook secret",
  refunds: 'api',
  webhookPath: SAFEPAY_WEBHOOK_PATH,
  webhookLog: 'card webhook',
  keyNames: ['SAFEPAY_API_KEY', 'SAFEPAY_SECRET_KEY', 'SAFEPAY_WEBHOOK_SECRET'],
  environment: (config) =>
    cardGatewayMode(config) === 'safepay' ? (config.SAFEPAY_ENVIRONMENT ?? null) : null,
  mode(config) {
    const mode = cardGatewayMode(config);
    return mode === 'safepay' ? 'live' : mode;
  },
  gateway: (config, extra) => safepayFromConfig(config, extra),
};
