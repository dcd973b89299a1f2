// The product page's delivery estimate for the chosen destination. The page renders Pakistan's;
// an inline script right after it (./delivery-first-paint.ts) paints the saved country's before
// the first paint, and the footer's country select paints a new choice in place. It lives apart
// from the first-paint script every page runs: only product pages show an estimate.
import { deliveryEstimate, type DeliveryDays } from '../lib/delivery-estimate.ts';

/** Paints every `[data-delivery]` estimate (its days are the build's settings) for `country`. */
export function paintDelivery(country: string): void {
  for (const estimate of document.querySelectorAll<HTMLElement>('[data-delivery]'))
    estimate.textContent = deliveryEstimate(
      JSON.parse(estimate.dataset.delivery ?? '') as DeliveryDays,
      country,
    );
}
