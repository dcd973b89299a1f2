// The strip above the header invites a visitor to choose a shipping country. Once one is chosen it
// says where the shopper ships to and offers a change instead (run by first-paint.ts, before the
// first paint, so the invitation never flashes). Text is set as text: the stored name is not markup.

/** Rewrites `[data-country-strip]` for a chosen country and currency code; no country: unchanged. */
export function showChosenCountry(country: string, currency: string | null): void {
  const strip = document.querySelector<HTMLElement>('[data-country-strip]');
  const link = strip?.querySelector('a');
  if (!strip || !link || !country) return;
  link.textContent = 'Change country';
  // The currency is the part a phone's one line leaves out (ShopLayout's `.wide`).
  const wide = document.createElement('span');
  wide.className = 'wide';
  wide.textContent = currency ? `, prices in ${currency}` : '';
  strip.replaceChildren(`Shipping to ${country}`, wide, '. ', link);
}
