/** The payment methods staff record by hand (docs/product.md §9): every method but the card. */
export const PAYMENT_METHODS = ['Bank Transfer', 'JazzCash', 'EasyPaisa', 'COD'] as const;

/** The two mobile wallets, by the names the checkout shows. */
export const JAZZCASH = 'JazzCash';
export const EASYPAISA = 'EasyPaisa';

/** The methods paid from a mobile wallet. */
export const WALLET_METHODS = [JAZZCASH, EASYPAISA] as const;

/** Whether a payment method is paid from a mobile wallet. */
export function isWalletMethod(method: string): boolean {
  return (WALLET_METHODS as readonly string[]).includes(method);
}

/** A card paid on the gateway's hosted page: only the gateway's verified webhook records it. */
export const CARD = 'Card';

/** What a payment beyond the order's total may be for: an exchange's shipping fee. */
export const PAYMENT_PURPOSES = ['exchange-fee'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** Every method the checkout may offer: the four, and the card where the shop takes cards. */
export const CHECKOUT_METHODS = [...PAYMENT_METHODS, CARD] as const;

/** One of the payment methods staff record. */
export type RecordedMethod = (typeof PAYMENT_METHODS)[number];

/** One of the checkout's payment methods. */
export type PaymentMethod = (typeof CHECKOUT_METHODS)[number];

/** The only country where COD and the mobile wallets work (docs/product.md §9: "COD and wallets only in Pakistan"). */
export const HOME_COUNTRY = 'Pakistan';

/** The methods open to an address anywhere else: bank transfer only. */
const INTERNATIONAL_METHODS: readonly RecordedMethod[] = ['Bank Transfer'];

const isHome = (country: string) => country.trim().toLowerCase() === HOME_COUNTRY.toLowerCase();

/** Whether an address is outside Pakistan (a bank transfer from there needs the SWIFT/BIC). */
export const isAbroad = (country: string): boolean => !isHome(country);

/**
 * The payment methods for a shipping country: all four in Pakistan, else Bank Transfer; with
 * `cards` (the shop takes cards), the card too, in every country.
 */
export function paymentMethodsFor(country: string, cards = false): readonly PaymentMethod[] {
  const methods = recordedMethodsFor(country);
  return cards ? [...methods, CARD] : methods;
}

/** The methods staff may record a payment by for a shipping country: all four in Pakistan, else Bank Transfer. */
export function recordedMethodsFor(country: string): readonly RecordedMethod[] {
  return isHome(country) ? PAYMENT_METHODS : INTERNATIONAL_METHODS;
}

/** The preselected method for a shipping country: COD where COD is allowed, otherwise Bank Transfer. */
export function defaultPaymentMethod(country: string): PaymentMethod {
  return isPaymentAllowed('COD', country) ? 'COD' : 'Bank Transfer';
}

/** Whether a method may be used for an address in this country (the card only with `cards`). */
export function isPaymentAllowed(method: string, country: string, cards = false): boolean {
  return (paymentMethodsFor(country, cards) as readonly string[]).includes(method);
}

/** A method as the checkout names it: 'Cash on Delivery' for COD, the card with its networks. */
export function paymentLabel(method: string): string {
  if (method === CARD) return 'Card (Visa, Mastercard)';
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
