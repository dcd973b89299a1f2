// What counts as a change to publish, and the words of the desk's Publish bar.
import { describe, expect, it } from 'vitest';
import { changedProducts } from '../../src/lib/catalogue-version.ts';
import { deployLine, deployPending, unpublishedLine } from '../../src/lib/publish.ts';
import { makeProduct } from '../fixtures/products.ts';

const a = makeProduct({ _id: 'a' });
const b = makeProduct({ _id: 'b' });

describe('changedProducts', () => {
  it('counts every product against no version, and none against the same catalogue', () => {
    expect(changedProducts(null, [a, b])).toBe(2);
    expect(changedProducts([a, b], [a, b])).toBe(0);
  });

  it('counts a product added, one removed and one changed, once each', () => {
    const c = makeProduct({ _id: 'c' });
    expect(changedProducts([a, b], [{ ...a, price: 4600 }, c])).toBe(3);
  });

  it('ignores the stock flag (live, never published) and the order of keys', () => {
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as typeof a;
    expect(changedProducts([a], [{ ...reordered, stock: false }])).toBe(0);
  });

  it('counts a change deep inside a product (a spec, a colour’s images)', () => {
    const spec = { ...a, specs: { ...a.specs, zips: 'Brass' } };
    const images = { ...a, colorImages: [...a.colorImages].reverse() };
    expect(changedProducts([a], [spec])).toBe(1);
    expect(changedProducts([a], [images])).toBe(1);
  });
});

describe('the Publish bar’s words', () => {
  const at = '2026-11-24T09:05:00.000Z'; // 14:05 in Karachi
  const version = { number: 7, stateAt: at, message: null, liveAt: null };

  it('says each deploy state, the live time in Karachi as HH:MM, and a failure’s reason', () => {
    expect(deployLine({ ...version, state: 'queued' })).toBe('Version 7: publishing…');
    expect(deployLine({ ...version, state: 'building' })).toBe('Version 7: building the site…');
    expect(deployLine({ ...version, state: 'live', liveAt: at })).toBe('Version 7 live at 14:05');
    expect(
      deployLine({
        ...version,
        state: 'failed',
        message: 'The build hook answered 404 Not Found.',
      }),
    ).toBe('Version 7 failed: The build hook answered 404 Not Found.');
    expect(deployLine({ ...version, state: 'superseded' })).toBe(
      'Version 7: replaced by a newer publish before it went live',
    );
    expect(deployLine({ ...version, state: 'retired' })).toBe('Version 7: was live until 14:05');
  });

  it('polls only while a deploy is under way, and counts unpublished changes in words', () => {
    expect(['queued', 'building', 'live', 'failed'].map(deployPending)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([0, 1, 3].map(unpublishedLine)).toEqual([
      'No unpublished changes',
      '1 unpublished change',
      '3 unpublished changes',
    ]);
  });
});
