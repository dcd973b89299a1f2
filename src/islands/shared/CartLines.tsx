// The cart's lines as both the header's cart panel and the /Cart page edit them. A module of its
// own, apart from the panel's dialog: /Cart shows the lines without the dialog, so its JavaScript
// before the first tap does not carry it (the page-weight budgets in tests/e2e/page-weight.spec.ts).
import { useEffect, useMemo, useRef } from 'react';
import { CartSkeleton } from './CartSkeleton.tsx';
import { cartEntries, cartLineKey, cartLines, type CartLine } from '../../lib/cart.ts';
import { $cart, $cartCount, removeItem, updateItem } from '../../stores/cart.ts';
import { $products } from '../../stores/catalogue.ts';
import { LinePrice, LinesTotal } from './LinePrice.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';
import { useHydratedStore } from './hooks.ts';
import { ROUTES } from '../../lib/routes.ts';

const EMPTY_CART = {};

/** The cart's lines with steppers (1–100) and remove, the subtotal and the two buttons. */
export function CartLinesEditor({
  compact = true,
  stockNote,
}: {
  compact?: boolean;
  /** A line's stock note ("Out of stock"), or null; the cart page passes it. */
  stockNote?: (line: CartLine) => string | null;
}) {
  const cart = useHydratedStore($cart, EMPTY_CART);
  const count = useHydratedStore($cartCount, 0);
  const products = useHydratedStore($products, null);
  const lines = useMemo(() => (products ? cartLines(cart, products) : []), [cart, products]);
  const focusAfterRemove = useFocusAfterRemove(lines);
  // The current stock of the cart's products, to mark a sold-out line.
  return (
    <div className="cart-lines">
      {count === 0 && (
        <p className="empty" tabIndex={-1} ref={focusAfterRemove.empty}>
          Your cart is empty.
        </p>
      )}
      {count > 0 && products === null && <CartSkeleton rows={cartEntries(cart).length} />}
      <ul ref={focusAfterRemove.list}>
        {lines.map((line, index) => (
          <CartLineRow
            key={cartLineKey(line)}
            line={line}
            note={stockNote?.(line) ?? null}
            onRemove={() => focusAfterRemove.removing(line, index)}
          />
        ))}
      </ul>
      {/* The /Cart page shows the subtotal once, in its Order Summary. */}
      {compact && (
        <p className="subtotal">
          <span>Subtotal</span> <LinesTotal lines={lines} />
        </p>
      )}
      {compact && (
        <div className="cart-actions">
          <a
            className="button"
            href={ROUTES.checkout}
            aria-disabled={count === 0}
            onClick={(e) => count === 0 && e.preventDefault()}
            tabIndex={count === 0 ? -1 : undefined}
          >
            Checkout Now
          </a>
          <a className="button secondary" href={ROUTES.cart}>
            View My Cart ({count})
          </a>
        </div>
      )}
    </div>
  );
}

/**
 * Where focus goes once a line is removed (its Remove button is gone): the next line's Remove, the
 * new last line's when the last was removed, or the empty-cart text. Done by the effect of the
 * drawing the line is gone from: Preact runs an effect still waiting from an earlier drawing (a −
 * pressed within the same frame) just before the next, where the line and its focused Remove are
 * still on the page.
 */
function useFocusAfterRemove(lines: readonly CartLine[]) {
  const list = useRef<HTMLUListElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  const removed = useRef<{ key: string; index: number } | null>(null);
  useEffect(() => {
    const line = removed.current;
    if (line === null || lines.some((l) => cartLineKey(l) === line.key)) return;
    removed.current = null;
    const buttons = list.current?.querySelectorAll<HTMLElement>('.cart-line .remove') ?? [];
    (buttons[Math.min(line.index, buttons.length - 1)] ?? empty.current)?.focus();
  }, [lines]);
  return {
    list,
    empty,
    removing: (line: CartLine, index: number) =>
      (removed.current = { key: cartLineKey(line), index }),
  };
}

function CartLineRow({
  line,
  note,
  onRemove,
}: {
  line: CartLine;
  /** "Out of stock" when the colour sold out since it was added. */
  note: string | null;
  onRemove: () => void;
}) {
  const key = {
    itemId: line.itemId,
    selectedColor: line.selectedColor,
    imageIndex: line.imageIndex,
  };
  return (
    <li className="cart-line">
      <img src={line.image} alt="" width={72} height={72} loading="lazy" />
      <div className="cart-line-info">
        <a href={`/product/${line.itemId}`}>{line.product.productName}</a>
        <span className="muted">{line.selectedColor}</span>
        {note && (
          <span className="stock out" data-testid="line-stock">
            {note}
          </span>
        )}
        <LinePrice line={line} />
        <QuantityStepper
          value={line.quantity}
          onChange={(quantity) => void updateItem({ ...key, quantity })}
          label={`Quantity of ${line.product.productName} in ${line.selectedColor}`}
          groupLabel={`Quantity of ${line.product.productName}`}
          hideLabel
        />
      </div>
      <button
        type="button"
        className="link remove"
        onClick={() => {
          onRemove();
          void removeItem(key);
        }}
        aria-label={`Remove ${line.product.productName} (${line.selectedColor})`}
      >
        Remove
      </button>
    </li>
  );
}
