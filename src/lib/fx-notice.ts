// The notice under the header when prices are not in the shopper's currency at today's rate.
import { BASE_CURRENCY, type CurrencyState } from './currency.ts';

/** The notice text, or '' when prices are in the chosen currency at a fresh rate (or in PKR by choice). */
export function fxNotice(display: Pick<CurrencyState, 'code' | 'wanted' | 'since'> | null): string {
  if (!display) return '';
  if (display.wanted)
    return `Prices are shown in PKR: the exchange rate for ${display.wanted} is not available right now.`;
  if (display.since && display.code !== BASE_CURRENCY) {
    const day = new Date(display.since).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    return `Prices in ${display.code} are approximate: converted at the exchange rate of ${day}.`;
  }
  return '';
}
