// A COD order awaiting its shopper's confirmation: since when, by which channel the links went, when
// it is cancelled unless confirmed, why it cannot be packed yet, and "Confirm by phone" for a
// customer who called (the server records who confirmed it).
import { useState } from 'react';
import { COD_CONFIRM_MESSAGES } from '../../lib/orders/cod-confirmation.ts';
import { confirmByPhone } from '../../stores/desk-orders.ts';
import type { OrderPartProps } from './order-part-props.ts';
import { pressWhenIdle } from './focus-after.ts';

/** How the desk names the channel the Confirm / Cancel links went by. */
const CHANNEL_WORDS: Readonly<Record<string, string>> = {
  whatsapp: 'sent by WhatsApp',
  email: 'sent by e-mail',
};

/** The waiting order's panel; nothing for any other order. */
export function CodWaitPanel({ order, onChange, focusAfter, status }: OrderPartProps) {
  const [busy, setBusy] = useState(false);
  const wait = order.codWait;
  if (!wait) return null;

  async function confirm() {
    setBusy(true);
    onChange(await confirmByPhone(order));
    setBusy(false);
    focusAfter(status);
  }

  return (
    <section className="desk-moves" aria-labelledby="desk-cod-wait" data-testid="cod-wait">
      <h2 id="desk-cod-wait">{COD_CONFIRM_MESSAGES.awaiting}</h2>
      <p>
        Since {wait.sinceText} (Karachi){wait.channel ? `, ${CHANNEL_WORDS[wait.channel]}` : ''}.
        Cancelled at {wait.deadlineText} unless confirmed.
      </p>
      <p className="desk-hint">{COD_CONFIRM_MESSAGES.packingRefused}</p>
      <button type="button" className="desk-button" {...pressWhenIdle(busy, () => void confirm())}>
        Confirm by phone
      </button>
    </section>
  );
}
