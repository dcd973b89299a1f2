// The checkout form's validation by the shared checkout schema. It needs zod, which /Checkout loads
// only once the shopper starts filling the form in (src/client/checkout-validation.ts), so it is
// kept apart from the checkout's other rules (./checkout.ts).
import { countryPartErrors } from './address-format.ts';
import type { CheckoutField, CheckoutFields } from './checkout.ts';
import { addressSchema, checkoutSchema, type Address } from './contract/checkout.ts';
import { fieldErrors } from './contract/fields.ts';
import { walletNumberFor } from './wallet.ts';
import { cnicError } from './wallet-api.ts';

/**
 * Every field's first error by the shared checkout schema (docs/product.md §5 messages), and the wallet
 * number's for JazzCash or EasyPaisa, and the CNIC digits' for a wallet in `cnicWallets` (one the
 * shop takes through its API, which asks them), or {} when valid.
 */
export function checkoutErrors(
  fields: CheckoutFields,
  cnicWallets: readonly string[] = [],
): Partial<Record<CheckoutField, string>> {
  const result = checkoutSchema.safeParse({ ...fields, address2: fields.address2 || undefined });
  const errors: Partial<Record<CheckoutField, string>> = {
    ...(result.success ? {} : fieldErrors(result.error)),
    ...countryPartErrors(fields),
  };
  const wallet = walletNumberFor(fields.paymentMethod, fields.walletNumber);
  if ('error' in wallet && fields.paymentMethod !== '') errors.walletNumber = wallet.error;
  const cnic = cnicWallets.includes(fields.paymentMethod) ? cnicError(fields.walletCnic) : null;
  if (cnic) errors.walletCnic = cnic;
  return errors;
}

/** An address's fields as a form holds them: Address 2 empty rather than absent. */
export type AddressFields = Omit<Address, 'address2'> & { address2: string };

/**
 * Every address field's first error by the same rules as the checkout's (the order page's change
 * of address uses them), or {} when valid.
 */
export function addressErrors(fields: AddressFields): Partial<Record<keyof Address, string>> {
  const result = addressSchema.safeParse({ ...fields, address2: fields.address2 || undefined });
  return {
    ...(result.success ? {} : fieldErrors(result.error)),
    ...countryPartErrors(fields),
  };
}
