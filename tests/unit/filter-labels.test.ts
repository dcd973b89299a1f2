// The filter panel's words with their counts (src/lib/filter-labels.ts), said alike by the island's
// panel and by the counts its first-tap copy keeps before the island comes.
import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  colourLabel,
  inStockLabel,
  resultsLabel,
} from '../../src/lib/filter-labels.ts';

describe('the filter panel’s words', () => {
  it('say each choice with its count in brackets, a category capitalised', () => {
    expect(inStockLabel(12)).toBe('In stock only (12)');
    expect(categoryLabel('handbags', 20)).toBe('Handbags (20)');
    expect(categoryLabel('sleeves', 0)).toBe('Sleeves (0)');
    expect(colourLabel('Navy', 7)).toBe('Navy (7)');
  });

  it('say the results button uncounted before a tick, then one product or many', () => {
    expect(resultsLabel(null)).toBe('Show products');
    expect(resultsLabel(0)).toBe('Show 0 products');
    expect(resultsLabel(1)).toBe('Show 1 product');
    expect(resultsLabel(54)).toBe('Show 54 products');
  });
});
