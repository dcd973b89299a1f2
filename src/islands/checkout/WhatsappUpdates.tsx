import { useEffect } from 'react';
import type { CheckoutView } from '../../lib/checkout-view.ts';
import { offersWhatsappUpdates } from '../../lib/whatsapp-updates.ts';
import { $whatsappUpdates, tickWhatsappUpdates } from '../../stores/checkout.ts';
import { useHydratedStore } from '../shared/hooks.ts';

const NOT_OFFERED = { offered: false, ticked: false };

/**
 * "Send shipping updates to my WhatsApp", unticked: shown below the mobile number once it is a
 * Pakistani mobile on an order to Pakistan, when the shop has WhatsApp connected. The mail goes
 * either way; ticked, the parcel's journey (out for delivery, delivered) also comes by WhatsApp.
 */
export default function WhatsappUpdates({ checkout }: { checkout: CheckoutView }) {
  // Not offered in the static HTML (its mobile field is empty anyway): the page's setting arrives
  // with startCheckout. (The shared hook, not @nanostores/react: /Checkout loads no more script.)
  const { offered, ticked } = useHydratedStore($whatsappUpdates, NOT_OFFERED);
  const applies = offered && offersWhatsappUpdates(checkout.fields);
  // A box that disappears (the mobile is no longer Pakistani) asks for nothing.
  useEffect(() => {
    if (!applies && ticked) tickWhatsappUpdates(false);
  }, [applies, ticked]);
  if (!applies) return null;
  return (
    <div className="field field-whatsapp-updates">
      <label>
        <input
          type="checkbox"
          checked={ticked}
          onChange={(e) => tickWhatsappUpdates(e.target.checked)}
        />{' '}
        Send shipping updates to my WhatsApp
      </label>
    </div>
  );
}
