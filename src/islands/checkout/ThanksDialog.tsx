import { useStore } from '@nanostores/react';
import { ORDER_MESSAGES } from '../../lib/messages.ts';
import { receipt } from '../../lib/orders/receipt.ts';
import { ROUTES } from '../../lib/routes.ts';
import { orderPageHref } from '../../lib/orders/page.ts';
import { $placedOrder, closeThanks } from '../../stores/checkout.ts';
import { CloseButton, Dialog } from '../header/Dialog.tsx';
import { ReceiptAddress, ReceiptLines } from '../shared/Receipt.tsx';

/** The page's h1, made focusable by script only (it is not a control). */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  heading?.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * The popup once an order is placed: its number, lines, total and delivery address (after-purchase),
 * and where to go next.
 */
export function ThanksDialog({ open }: { open: boolean }) {
  const order = useStore($placedOrder);
  const placed = order ? receipt(order) : null;
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
      {placed && order && (
        <div
          className="thanks-receipt"
          data-testid="thanks-receipt"
          role="region"
          aria-label="Your order"
          // It scrolls on its own when long (the actions stay in view), so a keyboard must reach
          // it to scroll it (WCAG 2.1.1, axe's scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
          tabIndex={0}
        >
          <p className="thanks-number">
            Order number <strong>{placed.number}</strong>
          </p>
          <ReceiptLines placed={placed} label="Items ordered" />
          <dl className="thanks-amounts">
            <div>
              <dt>Delivery fee</dt>
              <dd>{placed.deliveryFee}</dd>
            </div>
            <div className="thanks-total">
              <dt>Total</dt>
              <dd>{placed.total}</dd>
            </div>
          </dl>
          <h3 className="thanks-address-title">Delivering to</h3>
          <ReceiptAddress placed={placed} />
        </div>
      )}
      <div className="cart-actions">
        {order && (
          <a className="button" href={orderPageHref(order._id)}>
            Track This Order
          </a>
        )}
        <a className={order ? 'button secondary' : 'button'} href={ROUTES.orders}>
          See Your Orders
        </a>
        <a className="button secondary" href="/">
          Back to Home
        </a>
      </div>
    </Dialog>
  );
}
