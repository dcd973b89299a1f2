// Whether the shop takes cards, and through what: the configured Safepay account, the local
// stand-in (a run on a developer's machine without keys), or nothing (a deployed shop without keys).
import type { Config } from '../../config.ts';
import type { PaymentGateway } from './port.ts';
import { safepayGateway, type SafepaySettings } from './safepay.ts';

/** Where Safepay must send its webhooks, on the shop's own origin. */
export const SAFEPAY_WEBHOOK_PATH = '/api/payments/safepay/webhook';

/** How cards are taken: Safepay with the owner's keys, the local stand-in, or not at all. */
export type CardGatewayMode = 'safepay' | 'stand-in' | 'off';

type CardConfig = Pick<
  Config,
  | 'production'
  | 'SAFEPAY_ENVIRONMENT'
  | 'SAFEPAY_API_KEY'
  | 'SAFEPAY_SECRET_KEY'
  | 'SAFEPAY_WEBHOOK_SECRET'
  | 'SAFEPAY_API_URL'
  | 'SAFEPAY_TIMEOUT_MS'
>;

/** Which card gateway this configuration gives. */
export function cardGatewayMode(config: CardConfig): CardGatewayMode {
  if (
    config.SAFEPAY_API_KEY &&
    config.SAFEPAY_SECRET_KEY &&
    config.SAFEPAY_WEBHOOK_SECRET &&
    config.SAFEPAY_ENVIRONMENT
  )
    return 'safepay';
  // A deployed shop without keys simply does not offer cards; a local one uses the stand-in.
  return config.production ? 'off' : 'stand-in';
}

/** Whether checkout may offer "Card (Visa, Mastercard)". */
export function cardPaymentsAvailable(config: CardConfig): boolean {
  return cardGatewayMode(config) !== 'off';
}

/** The Safepay adapter for the configured keys, or null when the keys are not all set. */
export function safepayFromConfig(
  config: CardConfig,
  extra: Pick<SafepaySettings, 'fetch' | 'apiUrl'> = {},
): PaymentGateway | null {
  if (cardGatewayMode(config) !== 'safepay') return null;
  return safepayGateway({
    environment: config.SAFEPAY_ENVIRONMENT!,
    apiKey: config.SAFEPAY_API_KEY!,
    secretKey: config.SAFEPAY_SECRET_KEY!,
    webhookSecret: config.SAFEPAY_WEBHOOK_SECRET!,
    apiUrl: extra.apiUrl ?? config.SAFEPAY_API_URL,
    timeoutMs: config.SAFEPAY_TIMEOUT_MS,
    fetch: extra.fetch,
  });
}
