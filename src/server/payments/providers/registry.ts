// The payment-provider registry: every provider the shop can take a payment through, by name and
// by checkout method. Adding a provider is one adapter module and one line here.
import { runsOnNetlify, type Config } from '../../config.ts';
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

/**
 * The wallets a local run (`npm start`, the journeys' server) takes through their local stand-ins
 * (src/demo/): every wallet whose keys are all unset, off Netlify, unless WALLET_STAND_INS=0 keeps
 * them recorded by hand. The start script starts these, and a local build's checkout asks what
 * they ask (the CNIC digits), so a fresh clone pays by wallet end to end. A deployed site never
 * has one: it refuses a loopback wallet API address (config.ts).
 */
export function walletsByStandIn(env: Record<string, string | undefined> = process.env) {
  if (runsOnNetlify(env) || env.WALLET_STAND_INS === '0') return [];
  return Object.values(PROVIDERS).filter(
    (p) => p.start === 'phone-request' && !p.keyNames.some((name) => env[name]),
  );
}
