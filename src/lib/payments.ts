/** Every payment method the checkout offers (docs/product.md §9). */
export const PAYMENT_METHODS = ['Bank Transfer', 'JazzCash', 'EasyPaisa', 'COD'] as const;

/** One of the checkout's payment methods. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The only country where COD and the mobile wallets work (docs/product.md §9: "COD and wallets only in Pakistan"). */
export const HOME_COUNTRY = 'Pakistan';

/** The methods open to an address anywhere else: bank transfer only. */
const INTERNATIONAL_METHODS: readonly PaymentMethod[] = ['Bank Transfer'];

const isHome = (country: string) => country.trim().toLowerCase() === HOME_COUNTRY.toLowerCase();

/** The payment methods for a shipping country: all four in Pakistan, else Bank Transfer. */
export function paymentMethodsFor(country: string): readonly PaymentMethod[] {
  return isHome(country) ? PAYMENT_METHODS : INTERNATIONAL_METHODS;
}

/** The preselected method for a shipping country: COD where COD is allowed, otherwise Bank Transfer. */
export function defaultPaymentMethod(country: string): PaymentMethod {
  return isPaymentAllowed('COD', country) ? 'COD' : 'Bank Transfer';
}

/** Whether a method may be used for an address in this country. */
export function isPaymentAllowed(method: string, country: string): boolean {
  return (paymentMethodsFor(country) as readonly string[]).includes(method);
}

/** A method as the checkout names it: 'Cash on Delivery' for COD, the others as they are. */
export function paymentLabel(method: string): string {
  return method === 'COD' ? 'Cash on Delivery' : method;
}

/** A method's name after "a" or "an" as it is said: "an EasyPaisa", "a JazzCash". */
export function withArticle(method: string): string {
  return `${/^[aeiou]/i.test(method) ? 'an' : 'a'} ${method}`;
}

/**
 * What the checkout says of a bank transfer. It holds whether the owner has set the bank details
 * (the confirmation then carries them) or not (they follow in a separate e-mail): either way the
 * details come by e-mail once the order is placed.
 */
export const BANK_TRANSFER_NOTE =
  'We e-mail you our bank details once you place your order; your order ships once the transfer arrives.';
