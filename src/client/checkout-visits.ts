// The checkout fields the shopper has been in on this page, recorded from the first paint by the
// page's inline script (checkout-visits-script.ts), so visits made before the form hydrated count.
// Prefill fills none of them: a field emptied (or left empty) on purpose stays empty, even when the
// shopper's last order or account arrive after.

/** Where the inline script keeps the names of the fields visited (firstName, city, …). */
export const VISITS_KEY = '__checkoutVisited';

/** The id prefix of the checkout's controls (`checkout-firstName`). */
export const FIELD_ID_PREFIX = 'checkout-';

/** The fields the shopper has focused on this page, by name; none before the script ran. */
export function visitedCheckoutFields(): readonly string[] {
  if (typeof window === 'undefined') return [];
  return (window as unknown as Record<string, string[] | undefined>)[VISITS_KEY] ?? [];
}
