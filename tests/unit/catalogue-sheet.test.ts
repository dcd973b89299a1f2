import { describe, expect, it } from 'vitest';
import {
  colourProblems,
  KNOWN_COLOURS,
  quoted,
  readCategory,
  readColour,
  readDiscount,
  readId,
  readImages,
  readPrice,
  readStock,
  readSwatch,
  readText,
  readWholesale,
  readYesNo,
  rowProblem,
  wholesaleProblem,
} from '../../src/lib/catalogue-sheet.ts';
import { ownSwatches, swatchColour } from '../../src/lib/swatches.ts';
import { productSchema } from '../../src/lib/product.ts';
import { listProductSchema } from '../../src/lib/contract/responses.ts';
import { makeProduct } from '../fixtures/products.ts';
import { toCardProduct } from '../../src/islands/catalogue/card-product.ts';

const value = <T>(v: T) => ({ ok: true, value: v });
const problem = (p: string) => ({ ok: false, problem: p });
const KNOWN = KNOWN_COLOURS.join(', ');

describe('rowProblem', () => {
  it('names the spreadsheet row and the column before the problem', () => {
    expect(rowProblem(156, 'category', "'Handbag' is not one of handbags, bagpacks, sleeves")).toBe(
      "row 156, category: 'Handbag' is not one of handbags, bagpacks, sleeves",
    );
  });
});

describe('quoted', () => {
  it('quotes what was typed and cuts a long text to 40 characters', () => {
    expect(quoted('Handbag')).toBe("'Handbag'");
    expect(quoted('x'.repeat(50))).toBe(`'${'x'.repeat(39)}…'`);
  });
});

describe('readCategory', () => {
  it('accepts a category in any case', () => {
    expect(readCategory('Handbags')).toEqual(value('handbags'));
    expect(readCategory(' BAGPACKS ')).toEqual(value('bagpacks'));
    expect(readCategory('sleeves')).toEqual(value('sleeves'));
  });

  it('refuses anything else, quoting it and listing the categories', () => {
    expect(readCategory('Handbag')).toEqual(
      problem("'Handbag' is not one of handbags, bagpacks, sleeves"),
    );
    expect(readCategory('')).toEqual(problem('is empty; write one of handbags, bagpacks, sleeves'));
  });
});

describe('readPrice', () => {
  it('accepts the ways people write rupees', () => {
    for (const [typed, pkr] of [
      ['4500', 4500],
      ['4,500', 4500],
      ['Rs 4,500', 4500],
      ['Rs. 7800', 7800],
      ['rs.7800', 7800],
      ['PKR 4500', 4500],
      ['₨ 4,500', 4500],
      ['4500.00', 4500],
      ['4500.0', 4500],
      ['4,500/-', 4500],
      ['4500 PKR', 4500],
      ['4500Rs', 4500],
      ['1,00,000', 100_000],
      ['1,000,000', 1_000_000],
    ] as const)
      expect(readPrice(typed), typed).toEqual(value(pkr));
  });

  it('refuses paise other than .00, naming the whole rupees', () => {
    expect(readPrice('4500.50')).toEqual(
      problem("'4500.50' has paise; prices are whole rupees, such as 4500"),
    );
  });

  it('refuses text, wrong grouping, a minus sign and an empty cell, saying what is accepted', () => {
    const accepted = 'write whole rupees, such as 4500, 4,500 or Rs 4,500';
    expect(readPrice('about 4000')).toEqual(problem(`'about 4000' is not a price; ${accepted}`));
    expect(readPrice('45,00')).toEqual(problem(`'45,00' is not a price; ${accepted}`));
    expect(readPrice('-4500')).toEqual(problem(`'-4500' is not a price; ${accepted}`));
    expect(readPrice('$45')).toEqual(problem(`'$45' is not a price; ${accepted}`));
    expect(readPrice('Rs Rs 45')).toEqual(problem(`'Rs Rs 45' is not a price; ${accepted}`));
    expect(readPrice('')).toEqual(problem(`is empty; ${accepted}`));
  });

  it('refuses 0 and more than 10,000,000', () => {
    expect(readPrice('0')).toEqual(problem("'0' is not more than 0"));
    expect(readPrice('10,000,001')).toEqual(problem("'10,000,001' is more than 10,000,000"));
    expect(readPrice('10,000,000')).toEqual(value(10_000_000));
  });
});

describe('readWholesale', () => {
  it('reads blank as no wholesale price and otherwise as a price', () => {
    expect(readWholesale(' ')).toEqual(value(null));
    expect(readWholesale('Rs 3,800')).toEqual(value(3800));
    expect(readWholesale('3800.5')).toEqual(
      problem("'3800.5' has paise; prices are whole rupees, such as 3800"),
    );
  });
});

describe('wholesaleProblem', () => {
  it('holds when the wholesale price is lower than the price or absent', () => {
    expect(wholesaleProblem(3800, 4500)).toBeNull();
    expect(wholesaleProblem(null, 4500)).toBeNull();
    expect(wholesaleProblem(4500, 4500)).toBe('4500 must be lower than the price (4500)');
  });
});

describe('readDiscount', () => {
  it('accepts a number or a percentage from 0 to 90, blank as 0', () => {
    expect(readDiscount('10%')).toEqual(value(10));
    expect(readDiscount('10 %')).toEqual(value(10));
    expect(readDiscount('12.5')).toEqual(value(12.5));
    expect(readDiscount('90%')).toEqual(value(90));
    expect(readDiscount('')).toEqual(value(0));
  });

  it('refuses more than 90% and anything that is not a percentage', () => {
    expect(readDiscount('95%')).toEqual(problem("'95%' is more than 90%"));
    expect(readDiscount('ten')).toEqual(
      problem("'ten' is not a percentage; write a number from 0 to 90, such as 10 or 10%"),
    );
    expect(readDiscount('-5')).toEqual(
      problem("'-5' is not a percentage; write a number from 0 to 90, such as 10 or 10%"),
    );
  });
});

describe('readYesNo', () => {
  it('accepts yes/no, true/false, 1/0 and y/n in any case', () => {
    for (const typed of ['yes', 'YES', 'True', '1', 'y', ' Y '])
      expect(readYesNo(typed)).toEqual(value(true));
    for (const typed of ['no', 'No', 'FALSE', '0', 'n', 'N'])
      expect(readYesNo(typed)).toEqual(value(false));
  });

  it('refuses anything else naming what is accepted', () => {
    expect(readYesNo('maybe')).toEqual(
      problem("'maybe' is not yes or no; write yes or no (or true/false, 1/0, y/n)"),
    );
    expect(readYesNo('')).toEqual(problem('is empty; write yes or no (or true/false, 1/0, y/n)'));
  });
});

describe('readStock', () => {
  it('accepts in stock / out of stock and every yes/no form, in any case', () => {
    expect(readStock('In stock')).toEqual(value(true));
    expect(readStock('IN  STOCK')).toEqual(value(true));
    expect(readStock('Out of Stock')).toEqual(value(false));
    expect(readStock('yes')).toEqual(value(true));
    expect(readStock('0')).toEqual(value(false));
    expect(readStock('N')).toEqual(value(false));
  });

  it('refuses anything else naming what is accepted', () => {
    expect(readStock('few left')).toEqual(
      problem(
        "'few left' is not a stock state; write in stock, out of stock, yes or no (or true/false, 1/0, y/n)",
      ),
    );
  });
});

describe('readText', () => {
  it('trims, and refuses an empty text or one over its limit', () => {
    expect(readText('  Tote ', 60)).toEqual(value('Tote'));
    expect(readText(' ', 60)).toEqual(problem('is empty; every product needs one'));
    expect(readText('a'.repeat(61), 60)).toEqual(
      problem(`'${'a'.repeat(39)}…' is 61 characters long; at most 60 fit`),
    );
  });
});

describe('readId', () => {
  it('lowers capitals and refuses what is not an id', () => {
    expect(readId('Sahiwal-Tote')).toEqual(value('sahiwal-tote'));
    expect(readId('tote bag')).toEqual(
      problem("'tote bag' is not an id: use 3 to 64 letters, digits or hyphens"),
    );
    expect(readId('')).toEqual(problem('is empty; every row needs the id of its product'));
  });
});

describe('readSwatch', () => {
  it('accepts #rrggbb in any case, blank as none, and refuses anything else', () => {
    expect(readSwatch('#5B6B2F')).toEqual(value('#5b6b2f'));
    expect(readSwatch('')).toEqual(value(null));
    expect(readSwatch('green')).toEqual(
      problem("'green' is not a colour code; write #rrggbb, such as #5b6b2f"),
    );
    expect(readSwatch('#5b6')).toEqual(
      problem("'#5b6' is not a colour code; write #rrggbb, such as #5b6b2f"),
    );
  });
});

describe('readColour', () => {
  it('accepts a known colour in any case and spacing, as the table writes it', () => {
    expect(readColour('sky  blue', null)).toEqual(value('Sky Blue'));
    expect(readColour('BLACK', null)).toEqual(value('Black'));
  });

  it('refuses an unknown colour with the list of known colours and how to add one', () => {
    expect(readColour('Mehndi Green', null)).toEqual(
      problem(
        `'Mehndi Green' is not a known colour (${KNOWN}); for a new colour, give its paint in the swatch column as #rrggbb`,
      ),
    );
  });

  it('accepts an unknown colour that comes with its own swatch, kept as typed', () => {
    expect(readColour(' Mehndi Green ', '#5b6b2f')).toEqual(value('Mehndi Green'));
  });
});

describe('readImages', () => {
  it('splits on | and refuses none or more than eight', () => {
    expect(readImages(' a.jpg | b.png |')).toEqual(value(['a.jpg', 'b.png']));
    expect(readImages('')).toEqual(
      problem('is empty; write 1 to 8 photo file names separated by |'),
    );
    expect(readImages(Array.from({ length: 9 }, (_, i) => `${i}.jpg`).join('|'))).toEqual(
      problem('has 9 photos; at most 8 per colour'),
    );
  });
});

describe('colourProblems', () => {
  const withColour = (color: string, swatch?: string) =>
    makeProduct({
      colors: [color],
      colorImages: [{ color, images: ['/images/x.svg'], ...(swatch ? { swatch } : {}) }],
    });

  it('names a colour outside the swatch table that has no swatch, with the known colours', () => {
    expect(colourProblems(withColour('Camel'))).toEqual([
      {
        index: 0,
        problem: `'Camel' is not a known colour (${KNOWN}); for a new colour, give its entry a swatch, "#rrggbb"`,
      },
    ]);
  });

  it('accepts a table colour, or any colour with its own swatch', () => {
    expect(colourProblems(withColour('Black'))).toEqual([]);
    expect(colourProblems(withColour('Camel', '#c19a6b'))).toEqual([]);
  });

  it('leaves what is not a colour entry to the product schema', () => {
    expect(colourProblems({ colorImages: [null, { color: 5 }] })).toEqual([]);
    expect(colourProblems('not a product')).toEqual([]);
  });
});

describe('productSchema swatch', () => {
  it('accepts a colour entry with a #rrggbb swatch and refuses any other swatch', () => {
    const product = (swatch: string) =>
      makeProduct({
        colors: ['Camel'],
        colorImages: [{ color: 'Camel', images: ['/images/x.svg'], swatch }],
      });
    expect(productSchema.safeParse(product('#c19a6b')).success).toBe(true);
    const listed = { ...product('#c19a6b'), name: 'Test Commuter Backpack' };
    expect(listProductSchema.safeParse(listed).data?.colorImages[0]?.swatch).toBe('#c19a6b');
    expect(productSchema.safeParse(product('camel')).error?.issues[0]?.message).toBe(
      'must be a colour code #rrggbb',
    );
  });
});

describe('swatchColour and ownSwatches', () => {
  it('paints with the product’s own swatch first, then the table', () => {
    expect(swatchColour('Camel', '#c19a6b')).toBe('#c19a6b');
    expect(swatchColour('Black')).toBe('#2a2a2d');
  });

  it('lists only the colours that carry their own swatch, or nothing', () => {
    expect(ownSwatches([{ color: 'Black' }, { color: 'Camel', swatch: '#c19a6b' }])).toEqual({
      Camel: '#c19a6b',
    });
    expect(ownSwatches([{ color: 'Black' }])).toBeUndefined();
  });
});

describe('toCardProduct swatches', () => {
  it('carries the paint of the colours with their own swatch, and nothing for table colours', () => {
    const own = makeProduct({ colors: ['Black', 'Camel'] });
    own.colorImages[1] = { ...own.colorImages[1]!, swatch: '#c19a6b' };
    expect(toCardProduct(own).swatches).toEqual({ Camel: '#c19a6b' });
    expect('swatches' in toCardProduct(makeProduct())).toBe(false);
  });
});
