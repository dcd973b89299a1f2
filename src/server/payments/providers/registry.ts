// The payment-provider registry: every provider the shop can take a payment through, by name and
// by checkout method. Adding a provider is one adapter module and one line here.
import type { Config } from '../../config.ts';
import type { PaymentGateway } from '../gateway/port.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { EASYPAISA_PROVIDER } from './easypaisa.ts';
import { JAZZCASH_PROVIDER } from './jazzcash.ts';
import { SAFEPAY_PROVIDER } from './safepay.ts';

/** Every registered provider, by name. */
export const PROVIDERS: Readonly<Record<ProviderName, PaymentProvider>> = {
  safepay: SAFEPAY_PROVIDER,
  jazzcash: JAZZCASH_PROVIDER,
  easypaisa: EASYPAISA_PROVIDER,
};

/** The provider registered under `name` (a webhook path's segment), or null. */
export function providerNamed(name: string): PaymentProvider | null {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name as ProviderName] : null;
}

/** The provider that takes checkout method `method` under this configuration, or null. */
export function providerForMethod(config: Config, method: string): PaymentProvider | null {
  return (
    Object.values(PROVIDERS).find((p) => p.methods.includes(method) && p.mode(config) !== 'off') ??
    null
  );
}

/** The gateway of the provider named `name` under this configuration, or null. */
export function gatewayOf(config: Config, name: ProviderName): PaymentGateway | null {
  return PROVIDERS[name].gateway(config);
}
