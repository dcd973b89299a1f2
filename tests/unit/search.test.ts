import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../src/demo/catalogue/products.ts';
import { CATEGORIES, type Product } from '../../src/lib/product.ts';
import {
  allowedEdits,
  QUERY_MAX_CHARS,
  searchHeading,
  searchProducts,
  searchSuggestions,
  searchWords,
  withinEdits,
} from '../../src/lib/search.ts';
import { makeProduct } from '../fixtures/products.ts';

const ids = (products: readonly Product[]) => products.map((p) => p._id);
const demo = demoCatalogue();

const tote = makeProduct({
  _id: 'tote',
  productName: 'Executive Tote',
  maker: 'Ravi Leatherworks',
  category: 'handbags',
  colors: ['Black', 'Tan'],
});
const pack = makeProduct({
  _id: 'pack',
  productName: 'Commuter Bagpack',
  maker: 'Indus Stitch Co.',
  category: 'bagpacks',
  colors: ['Navy', 'Maroon'],
});
const maroonTote = makeProduct({
  _id: 'maroon-tote',
  productName: 'Maroon Velvet Tote',
  maker: 'Anarkali Atelier',
  category: 'handbags',
  colors: ['Black'],
});
const sleeve = makeProduct({
  _id: 'sleeve',
  productName: 'Slim Sleeve 15.6-inch',
  maker: 'Karakoram Gear Works',
  category: 'sleeves',
  colors: ['Grey', 'Sky Blue'],
});
const list: readonly Product[] = [tote, pack, maroonTote, sleeve];

/** The optimal-string-alignment distance in full, as a textbook writes it: the reference. */
function osaDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** One typing slip at `at` in `word`: a letter changed, dropped, doubled or swapped with the next. */
function slip(word: string, kind: number, at: number): string {
  const i = at % word.length;
  const next = (c: string) => (c === 'z' ? 'a' : String.fromCharCode(c.charCodeAt(0) + 1));
  switch (kind) {
    case 0:
      return word.slice(0, i) + next(word[i]!) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default: {
      const j = Math.min(i, word.length - 2);
      return word.slice(0, j) + word[j + 1] + word[j] + word.slice(j + 2);
    }
  }
}

const words = fc.stringMatching(/^[a-z]{1,10}$/);
const products = fc
  .array(
    fc.record({
      name: fc.array(words, { minLength: 1, maxLength: 4 }),
      maker: fc.array(words, { minLength: 1, maxLength: 3 }),
      colors: fc.uniqueArray(fc.constantFrom('Black', 'Maroon', 'Sky Blue', 'Tan', 'Grey'), {
        minLength: 1,
        maxLength: 3,
      }),
      category: fc.constantFrom(...CATEGORIES),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((rows) =>
    rows.map((r, i) =>
      makeProduct({
        _id: `p-${i}`,
        productName: r.name.join(' '),
        maker: r.maker.join(' '),
        colors: r.colors,
        category: r.category,
      }),
    ),
  );

describe('searchProducts', () => {
  it('finds a product by its colour, in any case, as well as by its name', () => {
    expect(ids(searchProducts(list, 'MAROON'))).toEqual(['maroon-tote', 'pack']);
    expect(ids(searchProducts(list, 'sky blue'))).toEqual(['sleeve']);
  });

  it('finds a product by its maker', () => {
    expect(ids(searchProducts(list, 'ravi'))).toEqual(['tote']);
    expect(ids(searchProducts(list, 'karakoram gear'))).toEqual(['sleeve']);
  });

  it('finds a category by the words shoppers use for it', () => {
    expect(ids(searchProducts(list, 'handbag'))).toEqual(['tote', 'maroon-tote']);
    expect(ids(searchProducts(list, 'backpack'))).toEqual(['pack']);
    expect(ids(searchProducts(list, 'bagpacks'))).toEqual(['pack']);
    expect(ids(searchProducts(list, 'sleeve'))).toEqual(['sleeve']);
    expect(ids(searchProducts(list, 'laptop bag'))).toEqual(['pack', 'tote', 'maroon-tote']);
  });

  it('needs every word to find something: a colour and a category together narrow the list', () => {
    expect(ids(searchProducts(list, 'maroon handbag'))).toEqual(['maroon-tote']);
    expect(ids(searchProducts(list, 'maroon sleeve'))).toEqual([]);
  });

  it('matches a word by the start of a word of the product, not inside one', () => {
    expect(ids(searchProducts(list, 'comm'))).toEqual(['pack']);
    expect(ids(searchProducts(list, 'ote'))).toEqual([]);
  });

  it('forgives one slip in a word of 4 to 7 letters and two from 8 letters', () => {
    expect(ids(searchProducts(list, 'marron'))).toEqual(['maroon-tote', 'pack']);
    expect(ids(searchProducts(list, 'bagpak'))).toEqual(['pack']);
    expect(ids(searchProducts(list, 'mraoon'))).toEqual(['maroon-tote', 'pack']);
    expect(ids(searchProducts(list, 'marrron'))).toEqual([]);
    expect(ids(searchProducts(list, 'exectuvie'))).toEqual(['tote']);
    expect(ids(searchProducts(list, 'tun'))).toEqual([]);
  });

  it('ranks name matches before colour, maker and category matches, and exact words before slips', () => {
    // Maroon is the tote's name and the bagpack's colour.
    expect(ids(searchProducts(list, 'maroon'))).toEqual(['maroon-tote', 'pack']);
    const exactColour = makeProduct({
      _id: 'navy-colour',
      productName: 'Plain Tote',
      colors: ['Navy'],
    });
    const slipName = makeProduct({ _id: 'nayv-name', productName: 'Nayv Tote', colors: ['Black'] });
    expect(ids(searchProducts([slipName, exactColour], 'navy'))).toEqual([
      'navy-colour',
      'nayv-name',
    ]);
  });

  it('finds nothing for a query without a word', () => {
    expect(searchProducts(list, '')).toEqual([]);
    expect(searchProducts(list, '   ')).toEqual([]);
    expect(searchProducts(list, '🎒👜 —!?')).toEqual([]);
  });

  it('reads a query as text: markup and signs are only separators between words', () => {
    expect(searchProducts(list, '<script>alert(1)</script>')).toEqual([]);
    expect(new Set(ids(searchProducts(list, '<b>maroon</b>')))).toEqual(
      new Set(['maroon-tote', 'pack']),
    );
    expect(ids(searchProducts(list, '🎒 maroon!!'))).toEqual(['maroon-tote', 'pack']);
  });

  it('reads only the first 200 characters of a 2,000-character query, at once', () => {
    const started = performance.now();
    expect(searchProducts(demo, 'a'.repeat(2000))).toEqual([]);
    expect(searchProducts(demo, `maroon ${'x'.repeat(QUERY_MAX_CHARS)}`)).toEqual([]);
    expect(searchProducts(demo, `maroon${' '.repeat(QUERY_MAX_CHARS)}zzzz`).length).toBe(10);
    expect(searchProducts(demo, 'maroon tote '.repeat(200)).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('drops accents', () => {
    expect(ids(searchProducts(list, 'Exécutive'))).toEqual(['tote']);
  });

  it('finds, in the demo catalogue, the ten bags that come in Maroon and only those', () => {
    const found = searchProducts(demo, 'maroon');
    expect(found).toHaveLength(10);
    for (const p of found) expect(p.colors).toContain('Maroon');
    expect(new Set(ids(found))).toEqual(
      new Set(ids(demo.filter((p) => p.colors.includes('Maroon')))),
    );
  });

  it('finds every product by each word of its name, its maker, each colour and its category', () => {
    fc.assert(
      fc.property(products, fc.nat(), (catalogue, pick) => {
        const p = catalogue[pick % catalogue.length]!;
        for (const q of [
          p.productName,
          p.maker,
          ...p.colors,
          { handbags: 'handbag', bagpacks: 'backpack', sleeves: 'sleeve' }[p.category],
          ...searchWords(p.productName),
        ])
          expect(searchProducts(catalogue, q)).toContain(p);
      }),
    );
  });

  it('finds a product after one slip in a word of 4+ letters of its name', () => {
    fc.assert(
      fc.property(products, fc.nat(), fc.nat(3), fc.nat(), (catalogue, pick, kind, at) => {
        const p = catalogue[pick % catalogue.length]!;
        const word = searchWords(p.productName).find((w) => w.length >= 4);
        fc.pre(word !== undefined);
        const typed = slip(word!, kind, at);
        // The slip is forgiven by the length of what was typed: "abcd" less a letter is 3 letters.
        fc.pre(typed.length >= 4);
        expect(searchProducts(catalogue, typed)).toContain(p);
      }),
    );
  });

  it('ignores case: any query and its upper case find the same products in the same order', () => {
    fc.assert(
      fc.property(products, fc.stringMatching(/^[a-z ]{0,20}$/), (catalogue, q) => {
        expect(ids(searchProducts(catalogue, q.toUpperCase()))).toEqual(
          ids(searchProducts(catalogue, q)),
        );
      }),
    );
  });

  it('never finds more with one more word', () => {
    fc.assert(
      fc.property(products, fc.stringMatching(/^[a-z ]{0,12}$/), words, (catalogue, q, w) => {
        const fewer = new Set(searchProducts(catalogue, q));
        for (const p of searchProducts(catalogue, `${q} ${w}`)) {
          if (searchWords(q).length > 0) expect(fewer.has(p)).toBe(true);
        }
      }),
    );
  });
});

describe('withinEdits', () => {
  it('counts a changed, dropped, added or swapped letter as one edit', () => {
    expect(withinEdits('maroon', 'marron', 1)).toBe(true);
    expect(withinEdits('maroon', 'maron', 1)).toBe(true);
    expect(withinEdits('maroon', 'marooon', 1)).toBe(true);
    expect(withinEdits('maroon', 'mraoon', 1)).toBe(true);
    expect(withinEdits('maroon', 'mroaon', 1)).toBe(false);
    expect(withinEdits('maroon', 'maroon', 0)).toBe(true);
  });

  it('agrees with the full optimal-string-alignment distance for any two words and bound', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[abc]{0,9}$/),
        fc.stringMatching(/^[abc]{0,9}$/),
        fc.nat(3),
        (a, b, k) => {
          expect(withinEdits(a, b, k)).toBe(osaDistance(a, b) <= k);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('answers at once for a 2,000-letter word', () => {
    expect(withinEdits('a'.repeat(2000), 'a'.repeat(1999), 2)).toBe(true);
    expect(withinEdits('a'.repeat(2000), 'maroon', 2)).toBe(false);
  });
});

describe('allowedEdits', () => {
  it('forgives nothing up to 3 letters, one slip from 4 and two from 8', () => {
    expect([1, 3, 4, 7, 8, 12].map((n) => allowedEdits('x'.repeat(n)))).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('searchSuggestions', () => {
  it('suggests, for "mar" in the demo catalogue, only words that find bags, maroon first', () => {
    const suggested = searchSuggestions(demo, 'mar');
    expect(suggested[0]).toBe('maroon');
    expect(suggested).toContain('margalla');
    for (const s of suggested) expect(searchProducts(demo, s).length).toBeGreaterThan(0);
  });

  it('completes the word being typed, most products first, from names, makers, colours and categories', () => {
    expect(searchSuggestions(list, 'ma')).toEqual(['maroon']);
    expect(searchSuggestions(list, 'sk')).toEqual(['sky']);
    expect(searchSuggestions(list, 'kar')).toEqual(['karakoram']);
    expect(searchSuggestions(list, 'back')).toEqual(['backpack']);
  });

  it('keeps the words already typed and completes the last one among the products they find', () => {
    expect(searchSuggestions(list, 'Maroon  ha')).toEqual(['Maroon handbag']);
    expect(searchSuggestions(list, 'maroon sle')).toEqual([]);
    expect(searchSuggestions(list, '15.6-in')).toEqual(['15.6-inch']);
  });

  it('suggests nothing for an empty query, a word typed in full or a query ending in a sign', () => {
    expect(searchSuggestions(list, '  ')).toEqual([]);
    expect(searchSuggestions(list, 'maroon')).toEqual([]);
    expect(searchSuggestions(list, 'handbag')).toEqual([]);
    expect(searchSuggestions(list, '<script>')).toEqual([]);
    expect(searchSuggestions(list, '🎒')).toEqual([]);
  });

  it('gives at most `limit` suggestions', () => {
    expect(searchSuggestions(demo, 'b', 2)).toHaveLength(2);
    expect(searchSuggestions(demo, 'b', 0)).toEqual([]);
  });

  it('only suggests what finds something: every suggestion for any prefix finds a product', () => {
    const vocabulary = [
      ...new Set(
        demo.flatMap((p) => searchWords(`${p.productName} ${p.maker} ${p.colors.join(' ')}`)),
      ),
    ];
    const prefix = fc
      .tuple(fc.constantFrom(...vocabulary), fc.nat())
      .map(([w, n]) => w.slice(0, 1 + (n % w.length)));
    const query = fc.oneof(
      prefix,
      fc.tuple(fc.constantFrom(...vocabulary), prefix).map(([w, p]) => `${w} ${p}`),
      fc.tuple(prefix, prefix, prefix).map((ps) => ps.join(' ')),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(query, (q) => {
        for (const s of searchSuggestions(demo, q)) {
          expect(searchProducts(demo, s).length, `"${q}" suggested "${s}"`).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('only suggests what finds something in any catalogue', () => {
    fc.assert(
      fc.property(products, fc.stringMatching(/^[a-z ]{1,8}$/), (catalogue, q) => {
        for (const s of searchSuggestions(catalogue, q))
          expect(searchProducts(catalogue, s).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('searchHeading', () => {
  it('names the query as typed, spaces tidied', () => {
    expect(searchHeading('maroon')).toBe('Search results for "maroon"');
    expect(searchHeading('  Maroon   tote ')).toBe('Search results for "Maroon tote"');
    expect(searchHeading('<script>alert(1)</script>')).toBe(
      'Search results for "<script>alert(1)</script>"',
    );
  });

  it('says Search results for no query', () => {
    expect(searchHeading('')).toBe('Search results');
    expect(searchHeading(' \n ')).toBe('Search results');
  });

  it('repeats 80 characters of a longer query, then "…", never splitting an emoji', () => {
    expect(searchHeading('a'.repeat(2000))).toBe(`Search results for "${'a'.repeat(80)}…"`);
    expect(searchHeading('🎒'.repeat(100))).toBe(`Search results for "${'🎒'.repeat(80)}…"`);
  });
});
