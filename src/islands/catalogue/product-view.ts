import { atom } from 'nanostores';

/** The colour chosen on the product page, shared by the buy box and the gallery ('' = the first). */
export const $selectedColour = atom('');
