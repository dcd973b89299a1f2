// The words of the filter panel's choices and its results button, with their counts: the island's
// panel (src/islands/catalogue/FilterPanel.tsx) and the counts a first-tap copy of it keeps before
// the island comes (src/client/filter-shell-counts.ts) say them alike.
import type { Category } from './product.ts';

/** "In stock only (12)". */
export const inStockLabel = (count: number): string => `In stock only (${count})`;

/** A category's choice: "Handbags (20)". */
export const categoryLabel = (category: Category, count: number): string =>
  `${category.charAt(0).toUpperCase()}${category.slice(1)} (${count})`;

/** A colour's choice: "Navy (7)". */
export const colourLabel = (colour: string, count: number): string => `${colour} (${count})`;

/** The results button: how many products the filters keep (null: not counted). */
export function resultsLabel(results: number | null): string {
  if (results === null) return 'Show products';
  return results === 1 ? 'Show 1 product' : `Show ${results} products`;
}
