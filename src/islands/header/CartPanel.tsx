import { $cartCount } from '../../stores/cart.ts';
import { $ui, closeOverlays, UI_CLOSED } from '../../stores/ui.ts';
import { CartLinesEditor } from '../shared/CartLines.tsx';
import { CloseButton, Dialog } from './Dialog.tsx';
import { useHydratedStore } from '../shared/hooks.ts';

/** The 'Just Added to Cart' side panel ('Your Cart' when it holds nothing). */
export function CartPanel() {
  const { cartPanel } = useHydratedStore($ui, UI_CLOSED);
  // Once its last line is removed (or an add was refused) nothing was just added: it is the cart.
  const title = useHydratedStore($cartCount, 0) > 0 ? 'Just Added to Cart' : 'Your Cart';
  return (
    <Dialog open={cartPanel} onClose={closeOverlays} label={title} className="drawer cart-panel">
      <div className="sheet-head">
        <h2>{title}</h2>
        <CloseButton onClose={closeOverlays} />
      </div>
      <CartLinesEditor />
    </Dialog>
  );
}
