// Cart lines in the chosen currency, apart from the currency store so that only the pages that show
// cart lines (the cart panel, /Cart, /Checkout) load the line rule (src/lib/orders/money.ts).
import type { CurrencyState } from '../lib/currency.ts';
import { formatMoney } from '../lib/money.ts';
import { convertLineAmount, linesSubtotal, type PricedLine } from '../lib/orders/money.ts';
import { $currency } from './currency.ts';

/**
 * A line's total shown in the chosen currency: its unit price as showPrice shows it × its quantity,
 * exactly (src/lib/orders/money.ts), so "30 × AED 72.43" reads AED 2,172.90.
 */
export function showLineTotal(line: PricedLine, currency: CurrencyState = $currency.get()): string {
  return formatMoney(
    convertLineAmount(line.unitPrice, line.quantity, currency.rate, currency.code),
    currency.code,
  );
}

/**
 * The sum of lines shown in the chosen currency: each line as showLineTotal shows it, then added,
 * so the lines on the page add up to the figure shown (src/lib/orders/money.ts).
 */
export function showLinesTotal(
  lines: readonly PricedLine[],
  currency: CurrencyState = $currency.get(),
): string {
  return formatMoney(linesSubtotal(lines, currency.rate, currency.code), currency.code);
}
