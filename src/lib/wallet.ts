// The mobile-wallet number a shopper paying by JazzCash or EasyPaisa types at checkout: the shop
// keeps it with the order so staff can send the payment request to it (docs/product.md §3; the old
// site sent no payment fields). Required for the two wallets, refused for other methods.
import { isWalletMethod } from './payments.ts';
import { localMobile } from './phone.ts';

// Said in ./payments.ts, which the checkout's first script carries; this module (with the phone
// rules) loads with the form's validation.
export { WALLET_METHODS, isWalletMethod } from './payments.ts';

/** Longest wallet number accepted as typed (spaces and hyphens included). */
export const WALLET_NUMBER_MAX = 20;

/** What is wrong with the wallet number given for a payment method. */
export const WALLET_MESSAGES = {
  required: (method: string) => `${method} account number is required`,
  invalid: (method: string) =>
    `${method} account number must be a Pakistani mobile: 03xxxxxxxxx or +923xxxxxxxxx`,
  notTaken: 'A wallet number is only taken for JazzCash or EasyPaisa',
} as const;

/**
 * The wallet number to store (local form, 03001234567) for a method, or the reason it cannot be:
 * a wallet method needs a Pakistani mobile; other methods take none.
 */
export function walletNumberFor(
  method: string,
  typed: string | undefined,
): { walletNumber: string | null } | { error: string } {
  const text = typed?.trim() ?? '';
  if (!isWalletMethod(method))
    return text === '' ? { walletNumber: null } : { error: WALLET_MESSAGES.notTaken };
  if (text === '') return { error: WALLET_MESSAGES.required(method) };
  const local = text.length <= WALLET_NUMBER_MAX ? localMobile(text) : null;
  return local ? { walletNumber: local } : { error: WALLET_MESSAGES.invalid(method) };
}
