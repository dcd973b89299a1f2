import { ORDER_MESSAGES } from '../../lib/messages.ts';
import { ROUTES } from '../../lib/routes.ts';
import { closeThanks } from '../../stores/checkout.ts';
import { CloseButton, Dialog } from '../header/Dialog.tsx';

/** The page's h1, made focusable by script only (it is not a control). */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  heading?.setAttribute('tabindex', '-1');
  return heading;
}

/** The popup once an order is placed: where to go next. */
export function ThanksDialog({ open }: { open: boolean }) {
  return (
    <Dialog
      open={open}
      onClose={closeThanks}
      label="Thank you for your order"
      side="center"
      messages={false}
      returnFocus={pageHeading}
    >
      <div className="sheet-head">
        <h2>Thank you for your order!</h2>
        <CloseButton onClose={closeThanks} />
      </div>
      <p>{ORDER_MESSAGES.placed} We will e-mail your confirmation shortly.</p>
      <div className="cart-actions">
        <a className="button" href={ROUTES.orders}>
          See Your Orders
        </a>
        <a className="button secondary" href="/">
          Back to Home
        </a>
      </div>
    </Dialog>
  );
}
