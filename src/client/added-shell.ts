// The product page's "Just Added to Cart" shell (src/components/AddedShell.astro), which the inline
// src/client/quick-add.ts opens once a guest's line is in this browser's cart, before any island
// wakes, and the buy box's store hands to the header's panel (src/stores/quick-add.ts).

/** The shell's id. */
export const ADDED_SHELL_ID = 'shell-added';

/**
 * Dispatched on `document` once a line was stored without the cart store, for a buy box already
 * waking: its store reads the cart again and opens the header's panel.
 */
export const CART_STORED_EVENT = 'shop:cart-stored';

/** True while the shell is open. */
export function addedShellOpen(): boolean {
  const shell = document.getElementById(ADDED_SHELL_ID);
  return shell instanceof HTMLDialogElement && shell.open;
}
