// The filters a shopper sets in the filter panel's first-tap copy, before React comes, become the
// listing's: what the copy's fields say turns into the listing's own actions, and nothing else.
import { describe, expect, it } from 'vitest';
import { shellActions } from '../../src/islands/catalogue/listing-state.ts';

const bounds = { min: 900, max: 12_000 };

describe('shellActions', () => {
  it('turns a tick of stock, a category and a colour into the listing’s own filters', () => {
    expect(
      shellActions(
        [
          ['stock', 'on'],
          ['category', 'bagpacks'],
          ['colour', 'Navy'],
          ['min', '900'],
          ['max', '12000'],
        ],
        bounds,
      ),
    ).toEqual([
      { type: 'stock', on: true },
      { type: 'category', category: 'bagpacks', on: true },
      { type: 'colour', colour: 'Navy', on: true },
    ]);
  });

  it('moves the price range only where the sliders left their bounds', () => {
    expect(
      shellActions(
        [
          ['min', '2000'],
          ['max', '12000'],
        ],
        bounds,
      ),
    ).toEqual([{ type: 'range', range: { min: 2000, max: 12_000 }, moved: 'min' }]);
  });

  it('ignores a field it does not know, a category no shop has and a value that is not a number', () => {
    expect(
      shellActions(
        [
          ['q', 'maroon'],
          ['category', 'suitcases'],
          ['min', 'cheap'],
          ['max', ''],
          ['colour', ''],
        ],
        bounds,
      ),
    ).toEqual([]);
    expect(shellActions(null, bounds)).toEqual([]);
  });
});
