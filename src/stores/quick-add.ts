// The buy box's half of a guest's Add To Cart made before it woke (src/client/quick-add.ts stored
// the line and opened the product page's "Just Added to Cart" shell): the cart store reads the cart
// again, in case it had read it before (the header woke first), so no later change writes over the
// line; and the header's panel takes the shell over. Whether that add came before this module
// loaded (the shell is open) or while the buy box was waking (the event).
import { addedShellOpen, CART_STORED_EVENT } from '../client/added-shell.ts';
import { loadCart } from './cart.ts';
import { $session } from './session.ts';
import { openCartPanel } from './ui.ts';

function adopt(): void {
  loadCart($session.get().email);
  openCartPanel();
}

if (typeof document !== 'undefined') {
  if (addedShellOpen()) adopt();
  document.addEventListener(CART_STORED_EVENT, adopt);
}
