/** Every payment method the checkout offers (SPEC §9). */
export const PAYMENT_METHODS = ['Bank Transfer', 'JazzCash', 'EasyPaisa', 'COD'] as const;

/** One of the checkout's payment methods. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods open to every currency: bank transfer only. */
const INTERNATIONAL_METHODS: readonly PaymentMethod[] = ['Bank Transfer'];

/** The payment methods for a currency: all four with PKR (wallets and COD are Pakistan-only), else Bank Transfer. */
export function paymentMethodsFor(currency: string): readonly PaymentMethod[] {
  return currency.trim().toUpperCase() === 'PKR' ? PAYMENT_METHODS : INTERNATIONAL_METHODS;
}

/** The preselected method: COD where COD is allowed, otherwise Bank Transfer. */
export function defaultPaymentMethod(currency: string): PaymentMethod {
  return isPaymentAllowed('COD', currency) ? 'COD' : 'Bank Transfer';
}

/** Whether a method may be used to pay in this currency. */
export function isPaymentAllowed(method: string, currency: string): boolean {
  return (paymentMethodsFor(currency) as readonly string[]).includes(method);
}
