// A cart line's figures in the chosen currency, apart from Price so that the pages that show no cart
// line (listings, search) do not load them.
import { quantityTimesUnit, type PricedLine } from '../../lib/orders/money.ts';
import { showPrice } from '../../stores/currency.ts';
import { showLineTotal, showLinesTotal } from '../../stores/line-prices.ts';
import { useCurrency } from './Price.tsx';

/**
 * A line's total in the chosen currency: its unit price as Price shows it × its quantity, exactly.
 * It carries no `data-pkr`: the first-paint script would convert the rupee total instead.
 */
export function LineTotal({ line, className }: { line: PricedLine; className?: string }) {
  const currency = useCurrency();
  return <span className={className}>{showLineTotal(line, currency)}</span>;
}

/**
 * A line's quantity and unit price, "30 × AED 72.43", with the line's total beside it: what the
 * cart panel, the /Cart page and the checkout's review show for each line.
 */
export function LinePrice({ line }: { line: PricedLine }) {
  const currency = useCurrency();
  return (
    <span className="line-price" data-testid="line-price">
      {/* The words the receipts and the mails use too; no `data-pkr`, as LineTotal has none. */}
      <span className="muted" data-testid="line-unit">
        {quantityTimesUnit(line.quantity, showPrice(line.unitPrice, currency))}
      </span>{' '}
      <LineTotal line={line} className="line-total" />
    </span>
  );
}

/**
 * The sum of lines in the chosen currency: each line as LineTotal shows it, then added, so a
 * subtotal equals the lines above it. It carries no `data-pkr`: the first-paint script would
 * convert the rupee sum instead.
 */
export function LinesTotal({
  lines,
  className,
}: {
  lines: readonly PricedLine[];
  className?: string;
}) {
  const currency = useCurrency();
  return <span className={className}>{showLinesTotal(lines, currency)}</span>;
}
