// A product page opened in a colour (`?colour=Navy`, from a colour filter): the static page shows
// the first colour, so the page's buy box and gallery wake at once to show the one asked for
// (src/stores/product.ts starts the chosen colour from the address).
import { COLOUR_PARAM } from '../lib/routes.ts';
import { WAKE_EVENT } from '../client/wake.ts';

/** Wakes the product group when the address names a colour the static gallery is not showing. */
export function showColourFromAddress(): void {
  const colour = new URLSearchParams(location.search).get(COLOUR_PARAM);
  const gallery = document.querySelector<HTMLElement>('[data-testid="gallery"]');
  if (!colour || !gallery || gallery.dataset.colour === colour) return;
  document.dispatchEvent(new Event(`${WAKE_EVENT}:product`));
}
