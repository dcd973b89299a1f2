// The checkout form's validation, apart from checkout-form.ts: it needs zod (the shared schema),
// which the page loads only when the shopper starts filling the form in (Checkout.tsx), so it is
// not part of the JavaScript /Checkout runs before interaction.
import './zod-jitless.ts';
import { checkoutSchema } from '../../lib/contract/checkout.ts';
import { fieldErrors } from '../../lib/contract/fields.ts';
import type { CheckoutFields } from './checkout-form.ts';

/** Every field's first error by the shared checkout schema (SPEC §5 messages), or {} when valid. */
export function checkoutErrors(
  fields: CheckoutFields,
): Partial<Record<keyof CheckoutFields, string>> {
  const result = checkoutSchema.safeParse({ ...fields, address2: fields.address2 || undefined });
  return result.success
    ? {}
    : (fieldErrors(result.error) as Partial<Record<keyof CheckoutFields, string>>);
}
