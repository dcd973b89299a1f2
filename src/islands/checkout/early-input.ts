// The checkout form is server-rendered: what the shopper typed or picked before it hydrated is in
// the DOM only, and React would reset it on its next render. This reads it, for the store to take
// over (startCheckout).
import { ADDRESS_FIELDS } from '../../lib/checkout.ts';
import type { EarlyInput } from '../../stores/checkout.ts';

/** The address fields holding a value and the payment method picked, in the server-rendered form. */
export function readEarlyInput(form: HTMLFormElement | null): EarlyInput {
  if (!form) return { fields: [], paymentMethod: null };
  const fields = ADDRESS_FIELDS.flatMap(([name]) => {
    const el = form.querySelector<HTMLInputElement | HTMLSelectElement>(`#checkout-${name}`);
    return el?.value ? [[name, el.value] as const] : [];
  });
  const picked = form.querySelector<HTMLInputElement>('input[name="paymentMethod"]:checked');
  // React marks the radio it rendered checked as defaultChecked; another one is the shopper's.
  return { fields, paymentMethod: picked && !picked.defaultChecked ? picked.value : null };
}
