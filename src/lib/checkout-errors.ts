// The checkout form's validation by the shared checkout schema. It needs zod, which /Checkout loads
// only once the shopper starts filling the form in (src/client/checkout-validation.ts), so it is
// kept apart from the checkout's other rules (./checkout.ts).
import { countryPartErrors } from './address-format.ts';
import type { CheckoutField, CheckoutFields } from './checkout.ts';
import { checkoutSchema } from './contract/checkout.ts';
import { fieldErrors } from './contract/fields.ts';
import { walletNumberFor } from './wallet.ts';

/**
 * Every field's first error by the shared checkout schema (docs/product.md §5 messages), and the wallet
 * number's for JazzCash or EasyPaisa, or {} when valid.
 */
export function checkoutErrors(fields: CheckoutFields): Partial<Record<CheckoutField, string>> {
  const result = checkoutSchema.safeParse({ ...fields, address2: fields.address2 || undefined });
  const errors: Partial<Record<CheckoutField, string>> = {
    ...(result.success ? {} : fieldErrors(result.error)),
    ...countryPartErrors(fields),
  };
  const wallet = walletNumberFor(fields.paymentMethod, fields.walletNumber);
  return 'error' in wallet && fields.paymentMethod !== ''
    ? { ...errors, walletNumber: wallet.error }
    : errors;
}
