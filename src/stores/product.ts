// The product page's shared choice: the colour picked in the buy box, which the gallery shows.
import { atom } from 'nanostores';

/** The colour chosen on the product page, shared by the buy box and the gallery ('' = the first). */
export const $selectedColour = atom('');

/** Picks the colour the buy box adds to the cart and the gallery shows. */
export function chooseColour(colour: string): void {
  $selectedColour.set(colour);
}
