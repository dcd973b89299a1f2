// The payments context's entry: the one module other contexts, routes.ts, the pages and the CLI import.
// Money on an order: payments recorded at the desk or by the CLI.
export { recordPayment, recordRefund } from './desk-payments.ts';
// Cards at checkout: the charge, the payment page at placing and Pay now; the gateway's webhook;
// unpaid card orders settled after their 60 minutes.
export {
  cardChargeOf,
  cardCurrenciesAtCheckout,
  cnicWalletsAtCheckout,
  payNow,
  placeOrderPaying,
  shopOrigin,
} from './card-checkout.ts';
export { providerInPath, receiveCardWebhook, receiveProviderWebhook } from './provider-webhook.ts';
// The payment-provider registry: every provider by name and by method.
export {
  PROVIDERS,
  gatewayOf,
  providerForMethod,
  providerNamed,
  walletsByStandIn,
} from './providers/registry.ts';
export type { PaymentProvider, ProviderName } from './providers/provider.ts';
export { JAZZCASH_PROVIDER, jazzCashGateway, jazzCashHash } from './providers/jazzcash.ts';
export { EASYPAISA_PROVIDER, easypaisaGateway } from './providers/easypaisa.ts';
export {
  expireUnpaidCardOrders,
  expireUnpaidCardOrdersLater,
  settleOverdueCardOrder,
} from './card-expiry.ts';
export { cardGateway, recordCardPayment } from './card-payments.ts';
export { afterCancel, refundToCard } from './card-refunds.ts';
export {
  PENDING_GRACE_MS,
  reconcileCards,
  reconcileCardsLater,
  type Reconciled,
} from './card-reconcile.ts';
// Cards: the provider-neutral gateway port, the Safepay adapter and whether cards are offered.
export {
  chargeCurrency,
  GatewayError,
  type CreatedPayment,
  type GatewayEvent,
  type GatewayEventKind,
  type GatewayFailure,
  type HeaderSource,
  type HostedPageGateway,
  type PaymentGateway,
  type PaymentReading,
  type PaymentRequest,
  type PaymentState,
  type WebhookRefusal,
  type WebhookVerdict,
} from './gateway/port.ts';
export { WEBHOOK_MAX_BYTES, WEBHOOK_TOLERANCE_MS } from './gateway/webhook.ts';
export {
  SAFEPAY_CURRENCIES,
  checkSafepayKeys,
  safepayGateway,
  type SafepayEnvironment,
  type SafepaySettings,
} from './gateway/safepay.ts';
export {
  SAFEPAY_WEBHOOK_PATH,
  cardGatewayMode,
  cardPaymentsAvailable,
  safepayFromConfig,
  type CardGatewayMode,
} from './gateway/availability.ts';
export {
  csvLines,
  importRemittances,
  reconcileRemittances,
  remittanceReference,
  type ReconciledLine,
  type RemittanceLine,
} from './courier-remittances.ts';
// A declined wallet order switched to Cash on Delivery by its shopper.
export { switchWalletToCod } from './wallet-cod.ts';
