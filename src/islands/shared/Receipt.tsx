// One receipt's parts, drawn the same on the thank-you popup and on the order page: the lines (each
// in the order's currency by the one money rule, src/lib/orders/receipt.ts) and the delivery address.
import type { Receipt } from '../../lib/orders/receipt.ts';
import './receipt.css';

/**
 * The ordered lines: name, colour and quantity, then, as the cart showed them, the quantity × the
 * unit price and the line's amount when the order has them.
 */
export function ReceiptLines({ placed, label }: { placed: Receipt; label?: string }) {
  return (
    <ul className="receipt-lines" aria-label={label}>
      {placed.lines.map((line) => (
        <li key={line.key}>
          <span>
            {line.name}
            <span className="muted">
              {' '}
              · Colour: {line.colour} · Qty: {line.quantity}
            </span>
          </span>
          {line.amount && (
            <span className="receipt-line-price">
              {line.unit && (
                <span className="muted" data-testid="line-unit">
                  {line.unit}
                </span>
              )}
              <span className="receipt-line-amount">{line.amount}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The delivery address as a postal block, one line each. */
export function ReceiptAddress({ placed }: { placed: Receipt }) {
  return (
    <address className="receipt-address">
      {placed.address.map((part, i) => (
        <span key={i}>
          {part}
          <br />
        </span>
      ))}
    </address>
  );
}
