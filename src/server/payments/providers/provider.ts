// A payment provider as the shop registers it: what it takes, how a payment starts, how it is
// confirmed and how it refunds, and its gateway (the port in ../gateway/port.ts) for a
// configuration. The shared steps above the adapters (the webhook's verify, once per event,
// match, read back, record, alert; the expiry; the refunds) ask the registry, never a provider by
// name, so a new provider is one module registered in registry.ts.
import type { Config } from '../../config.ts';
import type { PaymentGateway } from '../gateway/port.ts';

/** The providers the shop knows: the names in their webhook paths. */
export const PROVIDER_NAMES = ['safepay', 'jazzcash', 'easypaisa'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * How a payment starts: the shopper is sent to the provider's hosted page, or the provider sends
 * a request to the shopper's phone, which they approve in the wallet's app (or by its PIN prompt).
 */
export type PaymentStart = 'hosted-page' | 'phone-request';

/** How a refund reaches the payer: through the provider's API, or by staff, recorded by hand. */
export type RefundRoute = 'api' | 'by-hand';

/** How a provider is reached: its live account's keys, the local stand-in, or not at all. */
export type ProviderMode = 'live' | 'stand-in' | 'off';

/** One registered provider. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** What staff and logs call it ('Safepay'). */
  readonly label: string;
  /** The checkout's payment methods it takes (src/lib/payments.ts). */
  readonly methods: readonly string[];
  /** Currencies it charges in; an order in any other is charged in PKR where PKR is listed. */
  readonly currencies: readonly string[];
  /** Shipping countries it is offered in, or 'any'. */
  readonly countries: readonly string[] | 'any';
  readonly start: PaymentStart;
  /** Whether a phone request needs the last six digits of the payer's CNIC beside the number. */
  readonly asksCnic?: boolean;
  /**
   * How a payment is confirmed: a signed event the adapter verifies (its amount and currency then
   * matched before the read-back), or an unsigned notice that only names the payment, whose state
   * is taken from the read-back alone.
   */
  readonly confirms: 'signed-event' | 'notice-read-back';
  /** Its webhook's signature rule, in one line, for the docs and the doctor. */
  readonly signatureRule: string;
  readonly refunds: RefundRoute;
  /** The shop's path the provider sends its signed events to. */
  readonly webhookPath: string;
  /** The message of its webhook's one log line per delivery ('card webhook'). */
  readonly webhookLog: string;
  /** The configuration variables its keys are read from, for the doctor's words. */
  readonly keyNames: readonly string[];
  /** Which of its environments the configured keys belong to, or null without keys. */
  environment(config: Config): 'sandbox' | 'production' | null;
  /** How this configuration reaches it. */
  mode(config: Config): ProviderMode;
  /** Its adapter under this configuration's keys, or null when the keys are not all set. */
  gateway(config: Config, extra?: { fetch?: typeof fetch; apiUrl?: string }): PaymentGateway | null;
}

/** The shop's path for a provider's webhook: one per provider. */
export const webhookPathOf = (name: ProviderName) => `/api/payments/${name}/webhook`;
