// The product page's shared choice: the colour picked in the buy box, which the gallery shows.
import { atom } from 'nanostores';
import { COLOUR_PARAM } from '../lib/routes.ts';

/** The colour the page was opened in (`?colour=Navy`, from a colour filter), or ''. */
export function colourFromAddress(): string {
  if (typeof location === 'undefined') return '';
  return new URLSearchParams(location.search).get(COLOUR_PARAM) ?? '';
}

/**
 * The colour chosen on the product page, shared by the buy box and the gallery ('' = the first);
 * it starts as the colour in the address. A name the product lacks falls back to the first.
 */
export const $selectedColour = atom(colourFromAddress());

/** Picks the colour the buy box adds to the cart and the gallery shows. */
export function chooseColour(colour: string): void {
  $selectedColour.set(colour);
}
