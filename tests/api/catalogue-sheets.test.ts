// The catalogue import as a shop owner's spreadsheet feeds it: one test per message, through importCatalogueFile on real files, and through
// `npm run shop -- catalogue import|export` where the printed lines matter (in this process, and
// each command once in a fresh process).
import { openDemoPhotoStore } from '../../src/demo/photos/open.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KNOWN_COLOURS } from '../../src/lib/catalogue-sheet.ts';
import { ANSI_WARNING } from '../../src/server/catalogue/catalogue-csv-read.ts';
import { catalogueToCsv, REQUIRED_COLUMNS } from '../../src/server/catalogue/catalogue-csv.ts';
import { imagesHint, importCatalogueFile } from '../../src/server/catalogue/catalogue-import.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import type { Store } from '../../src/server/store/port.ts';
import { makeProduct } from '../fixtures/products.ts';
import { tempSqliteStore } from '../fixtures/store.ts';
import { loadShop, runShop, shopInProcess } from '../fixtures/cli.ts';
import { bag, bareSheet, excelSheet, sheet, type Cells } from '../fixtures/sheets.ts';

let store: Store;
let cleanup: () => Promise<void>;
let work: string;
beforeEach(() => {
  ({ store, cleanup } = tempSqliteStore());
  work = mkdtempSync(path.join(tmpdir(), 'shop-sheets-'));
});
afterEach(async () => {
  await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** Writes a file into the work folder and returns its path. */
function file(name: string, content: string | Buffer): string {
  const target = path.join(work, name);
  writeFileSync(target, content);
  return target;
}

const importSheet = (rows: Cells[], columns?: string[], sep?: string) =>
  importCatalogueFile(store, file('catalogue.csv', sheet(rows, columns, sep)));

const cliEnv = (dataDir: string) => ({ DATA_DIR: dataDir, PHOTOS_DIR: path.join(work, 'photos') });
/** Runs an operator CLI command in this process over a store in `dataDir`. */
const shop = (dataDir: string, ...args: string[]) => shopInProcess(cliEnv(dataDir), ...args);
/** The same in a fresh process, as an operator starts it. */
const shopProcess = (dataDir: string, ...args: string[]) => runShop(cliEnv(dataDir), ...args);

describe('spreadsheet import messages', () => {
  it('name the spreadsheet row, the column and the value typed, and what is accepted, all at once, and nothing is written', async () => {
    const result = await importSheet([
      bag({ _id: 'good-bag' }),
      bag({ category: 'Handbag', price: 'Rs 45OO', stock: 'maybe' }),
      bag({ _id: 'third-bag', discountPercent: '95%', bestSeller: 'often' }),
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [
        "row 3, category: 'Handbag' is not one of handbags, bagpacks, sleeves",
        "row 3, price: 'Rs 45OO' is not a price; write whole rupees, such as 4500, 4,500 or Rs 4,500",
        "row 3, stock: 'maybe' is not a stock state; write in stock, out of stock, yes or no (or true/false, 1/0, y/n)",
        "row 4, discountPercent: '95%' is more than 90%",
        "row 4, bestSeller: 'often' is not yes or no; write yes or no (or true/false, 1/0, y/n)",
      ],
      warnings: [],
    });
    expect(await store.products.count()).toBe(0);
  });

  it('count rows as a spreadsheet shows them: blank rows and line breaks inside a cell do not shift them', async () => {
    const text = sheet([
      bag({ _id: 'first-bag', para: 'Two lines:\nstill row 2.' }),
      {},
      bag({ _id: 'third-row-bag', category: 'Wallets' }),
    ]);
    const result = await importCatalogueFile(store, file('rows.csv', text));
    expect(result).toEqual({
      ok: false,
      errors: ["row 4, category: 'Wallets' is not one of handbags, bagpacks, sleeves"],
      warnings: [],
    });
  });

  it('keep "record N" for a JSON file, and quote the value given', async () => {
    const target = file(
      'catalogue.json',
      JSON.stringify([
        makeProduct(),
        { ...makeProduct({ _id: 'bag-b' }), category: 'Wallets', price: -5, wholesalePrice: null },
        { ...makeProduct({ _id: 'bag-c' }), stock: 'yes' },
      ]),
    );
    expect(await importCatalogueFile(store, target)).toEqual({
      ok: false,
      errors: [
        'record 2 (_id "bag-b"): category: \'Wallets\' is not one of handbags, bagpacks, sleeves',
        'record 2 (_id "bag-b"): price: -5 refused: Too small: expected number to be >0',
        'record 3 (_id "bag-c"): stock: \'yes\' refused: Invalid input: expected boolean, received string',
      ],
      warnings: [],
    });
  });

  it('report a product column that differs between its rows, with both values and rows', async () => {
    const result = await importSheet([
      bag(),
      bag({ color: 'Tan', price: '4,700', images: '/images/products/dera-tote-tan-1.svg' }),
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [
        "row 3, price: '4,700' differs from '4500' on row 2, the first row of dera-tote; leave it blank or make them the same",
      ],
      warnings: [],
    });
  });

  it('treat the same price written two ways on two rows as the same price', async () => {
    const result = await importSheet([
      bag({ price: 'Rs 4,500' }),
      bag({ color: 'Tan', price: '4500', images: '/images/products/dera-tote-tan-1.svg' }),
    ]);
    expect(result).toMatchObject({ ok: true, inserted: 1 });
  });

  it('refuse a required column left blank on every row of its product, naming its first row', async () => {
    expect(await importSheet([bag({ productName: ' ' })])).toEqual({
      ok: false,
      errors: ['row 2, productName: is empty; every product needs one'],
      warnings: [],
    });
  });

  it('accept a product with its maker, description and specifications left blank, and write them back blank', async () => {
    const blanks = Object.fromEntries(
      ['maker', 'para', 'material', 'compatibility', 'texture', 'closure', 'compartment']
        .concat(['zips', 'strap', 'length', 'width', 'height', 'weight'])
        .map((c) => [c, '']),
    );
    expect(await importSheet([bag({ ...blanks, material: 'Canvas' })])).toMatchObject({
      ok: true,
      inserted: 1,
    });
    const stored = (await store.products.get('dera-tote'))!;
    expect({ maker: stored.maker, para: stored.para, specs: stored.specs }).toEqual({
      maker: '',
      para: '',
      specs: { material: 'Canvas' },
    });
    // Written back with the blank cells blank, so the sheet reads in again as it came.
    const [, row] = catalogueToCsv([stored]).split(/\r?\n/);
    expect(row).toMatch(/^dera-tote,Dera Tote,,handbags,.*,,Canvas,{11}Black,/);
  });

  it('refuse a wholesale price that is not below the price, on the row it was typed', async () => {
    expect(await importSheet([bag({ wholesalePrice: 'Rs 4,500' })])).toEqual({
      ok: false,
      errors: ['row 2, wholesalePrice: 4500 must be lower than the price (4500)'],
      warnings: [],
    });
  });

  it('refuse a colour given twice for one product, naming the row it is already on', async () => {
    expect(await importSheet([bag(), bag({ color: 'black' })])).toEqual({
      ok: false,
      errors: ["row 3, color: 'Black' is already on row 2 for dera-tote"],
      warnings: [],
    });
  });

  it('refuse a header without the catalogue columns, naming them', async () => {
    const columns = REQUIRED_COLUMNS.filter((c) => c !== 'maker' && c !== 'stock');
    expect(await importSheet([bag()], columns)).toEqual({
      ok: false,
      errors: [
        'row 1: missing column(s) maker, stock; the first row must name the columns (README, "Catalogue CSV")',
      ],
      warnings: [],
    });
  });
});

describe('the shape of the sheet', () => {
  it('refuses a row with more cells than the header has columns, and a column named twice', async () => {
    const text = sheet([bag()]).replace(/\r\n$/, ',surplus\r\n');
    expect(await importCatalogueFile(store, file('wide.csv', text))).toEqual({
      ok: false,
      errors: ['row 2: more cells than the header has columns'],
      warnings: [],
    });
    expect(await importSheet([bag()], [...REQUIRED_COLUMNS, 'Price'])).toEqual({
      ok: false,
      errors: ['row 1: column price appears twice'],
      warnings: [],
    });
  });

  it('names the row and the product when a rule only the product schema holds is broken', async () => {
    expect(await importSheet([bag({ images: '/images/../private.png' })])).toEqual({
      ok: false,
      errors: [
        'row 2 (_id "dera-tote"): colorImages.0.images.0: must be a site-relative path (one leading /, no .. segments)',
      ],
      warnings: [],
    });
  });

  it('reports an empty file', async () => {
    expect(await importCatalogueFile(store, file('empty.csv', '\r\n'))).toEqual({
      ok: false,
      errors: ['the CSV file is empty'],
      warnings: [],
    });
  });
});

describe('reading the file', () => {
  it('keeps a stray inch mark in a cell as typed, and reads every row after it', async () => {
    const text = bareSheet([
      bag({ _id: 'kohat-sleeve', compatibility: 'Fits 15.6" laptops' }),
      bag({ _id: 'quetta-sleeve', length: '15.6"' }),
      bag({ _id: 'swat-sleeve' }),
    ]);
    expect(await importCatalogueFile(store, file('inch.csv', text))).toMatchObject({
      ok: true,
      inserted: 3,
    });
    const specs = (await store.products.list()).map((p) => [
      p._id,
      p.specs.compatibility,
      p.specs.length,
    ]);
    expect(specs).toEqual([
      ['kohat-sleeve', 'Fits 15.6" laptops', '30 cm'],
      ['quetta-sleeve', 'Fits 14 inch laptops', '15.6"'],
      ['swat-sleeve', 'Fits 14 inch laptops', '30 cm'],
    ]);
  });

  it('names the row and column of a problem after a stray inch mark', async () => {
    const text = bareSheet([
      bag({ _id: 'kohat-sleeve', length: '15.6"' }),
      bag({ _id: 'quetta-sleeve', category: 'Wallets' }),
    ]);
    expect(await importCatalogueFile(store, file('inch.csv', text))).toEqual({
      ok: false,
      errors: ["row 3, category: 'Wallets' is not one of handbags, bagpacks, sleeves"],
      warnings: [],
    });
  });

  it('names the row and column of a quote that opens a cell and is never closed, and imports nothing', async () => {
    const text = bareSheet([
      bag({ _id: 'kohat-sleeve' }),
      bag({ _id: 'quetta-sleeve', para: '"Fits 15.6 inch laptops' }),
      bag({ _id: 'swat-sleeve' }),
    ]);
    expect(await importCatalogueFile(store, file('open-quote.csv', text))).toEqual({
      ok: false,
      errors: [
        'row 3, para: a quote (") opens this cell and is never closed, so the rest of the file would be read into it; take the quote out or close it',
      ],
      warnings: [],
    });
    expect(await store.products.count()).toBe(0);
  });

  it('reads a UTF-8 file with a byte-order mark and CRLF line ends, a line break inside a cell kept as LF', async () => {
    const text = sheet([bag({ para: 'Two lines:\nthe second.' }), bag({ _id: 'swat-sleeve' })]);
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    expect(await importCatalogueFile(store, file('bom.csv', bytes))).toMatchObject({
      ok: true,
      inserted: 2,
      warnings: [],
    });
    expect(await store.products.get('dera-tote')).toMatchObject({
      para: 'Two lines:\nthe second.',
      colorImages: [{ color: 'Black', images: ['/images/products/dera-tote-black-1.svg'] }],
    });
  });

  it('reads a sheet of 10,000 rows whole', { timeout: 60_000 }, async () => {
    // 5,000 products of two colours each. The limit is generous on purpose: the import validates
    // and writes every product on a machine that may be running other suites (under 2 s alone).
    const rows = Array.from({ length: 5_000 }, (_, i) => [
      bag({ _id: `bag-${i}` }),
      bag({ _id: `bag-${i}`, color: 'Tan', images: '/images/products/dera-tote-tan-1.svg' }),
    ]).flat();
    expect(await importSheet(rows)).toMatchObject({ ok: true, inserted: 5_000 });
    expect(await store.products.count()).toBe(5_000);
  });

  it(
    'imports nothing from a sheet of 10,000 rows with one bad cell, and names its row and column',
    // Reading and checking only, well under a second alone; generous for a busy machine.
    { timeout: 60_000 },
    async () => {
      const rows = Array.from({ length: 10_000 }, (_, i) => bag({ _id: `bag-${i}` }));
      rows[9_997] = bag({ _id: 'bag-9997', price: '45OO' });
      expect(await importSheet(rows)).toEqual({
        ok: false,
        errors: [
          "row 9999, price: '45OO' is not a price; write whole rupees, such as 4500, 4,500 or Rs 4,500",
        ],
        warnings: [],
      });
      expect(await store.products.count()).toBe(0);
    },
  );
});

describe('categories', () => {
  it('are accepted in any case', async () => {
    expect(await importSheet([bag({ category: 'Handbags' })])).toMatchObject({ ok: true });
    expect((await store.products.get('dera-tote'))?.category).toBe('handbags');
  });
});

describe('prices and discounts', () => {
  it('accept 4,500, Rs 4,500, Rs. 7800, PKR 4500 and 4500.00, and 10% for a discount', async () => {
    const rows = [
      bag({ _id: 'bag-a', price: '4,500', discountPercent: '10%' }),
      bag({ _id: 'bag-b', price: 'Rs 4,500', wholesalePrice: 'Rs. 3,800' }),
      bag({ _id: 'bag-c', price: 'Rs. 7800' }),
      bag({ _id: 'bag-d', price: 'PKR 4500' }),
      bag({ _id: 'bag-e', price: '4500.00', discountPercent: '' }),
    ];
    expect(await importSheet(rows)).toMatchObject({ ok: true, inserted: 5 });
    const saved = await store.products.list();
    expect(saved.map((p) => [p._id, p.price, p.discountPercent, p.wholesalePrice])).toEqual([
      ['bag-a', 4500, 10, null],
      ['bag-b', 4500, 0, 3800],
      ['bag-c', 7800, 0, null],
      ['bag-d', 4500, 0, null],
      ['bag-e', 4500, 0, null],
    ]);
  });

  it('refuse a fraction other than .00 with a clear line', async () => {
    expect(await importSheet([bag({ price: '4500.50' })])).toEqual({
      ok: false,
      errors: ["row 2, price: '4500.50' has paise; prices are whole rupees, such as 4500"],
      warnings: [],
    });
  });
});

describe('stock and best seller', () => {
  it('accept yes/no, true/false, 1/0, y/n and, for stock, in stock/out of stock, in any case', async () => {
    const forms = [
      ['Yes', 'TRUE', true, true],
      ['no', 'false', false, false],
      ['1', '0', true, false],
      ['0', '1', false, true],
      ['Y', 'n', true, false],
      ['N', 'y', false, true],
      ['In stock', 'No', true, false],
      ['OUT OF STOCK', 'yes', false, true],
    ] as const;
    const rows = forms.map(([stock, bestSeller], i) => bag({ _id: `bag-${i}`, stock, bestSeller }));
    expect(await importSheet(rows)).toMatchObject({ ok: true, inserted: forms.length });
    const saved = await store.products.list();
    expect(saved.map((p) => [p.stock, p.bestSeller])).toEqual(forms.map(([, , s, b]) => [s, b]));
  });

  it('refuse anything else, naming what is accepted', async () => {
    expect(await importSheet([bag({ stock: 'In-stock', bestSeller: 'si' })])).toEqual({
      ok: false,
      errors: [
        "row 2, stock: 'In-stock' is not a stock state; write in stock, out of stock, yes or no (or true/false, 1/0, y/n)",
        "row 2, bestSeller: 'si' is not yes or no; write yes or no (or true/false, 1/0, y/n)",
      ],
      warnings: [],
    });
  });
});

describe('separators', () => {
  it('reads a semicolon sheet as Excel saves "CSV UTF-8" in many locales, its separator found from the header row', async () => {
    const text = excelSheet([
      bag({
        productName: 'Dera Tote, Large',
        price: 'Rs 4,500',
        para: 'Roomy; light.\nWipe clean.',
      }),
      bag({
        color: 'Tan',
        images: '/images/products/dera-tote-tan-1.svg',
        productName: '',
        para: '',
      }),
      bag({ _id: 'kohat-sleeve', category: 'sleeves', compatibility: 'Fits 15.6" laptops' }),
    ]);
    expect(text.split('\r\n')[1]).toContain(';Dera Tote, Large;Test Makers;handbags;Rs 4,500;');
    const result = await importCatalogueFile(store, file('excel.csv', text));
    expect(result).toMatchObject({ ok: true, inserted: 2, warnings: [] });
    expect(await store.products.get('dera-tote')).toMatchObject({
      productName: 'Dera Tote, Large',
      price: 4500,
      para: 'Roomy; light.\nWipe clean.',
      colors: ['Black', 'Tan'],
    });
    expect((await store.products.get('kohat-sleeve'))?.specs.compatibility).toBe(
      'Fits 15.6" laptops',
    );
  });

  it('detects a tab-separated file, and reads Excel’s UTF-16 "Unicode Text"', async () => {
    const text = sheet([bag({ productName: 'Café Tote' })], undefined, '\t');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(await importCatalogueFile(store, file('unicode.csv', utf16))).toMatchObject({
      ok: true,
      inserted: 1,
      warnings: [],
    });
    expect((await store.products.get('dera-tote'))?.productName).toBe('Café Tote');
  });
});

describe('text encoding', () => {
  it('reads a file that is not UTF-8 as Windows-1252, with a warning that says how to save as CSV UTF-8', async () => {
    // Windows-1252 bytes: Latin-1 for é, 0x96 for "–" and 0x80 for "€".
    const cp1252: Record<string, number> = { '–': 0x96, '€': 0x80 };
    const text = sheet([bag({ productName: 'Café Tote – €' })]);
    const bytes = Buffer.from([...text].map((ch) => cp1252[ch] ?? ch.charCodeAt(0)));
    expect(await importCatalogueFile(store, file('ansi.csv', bytes))).toEqual({
      ok: true,
      inserted: 1,
      updated: 0,
      photosAdded: 0,
      photosKept: 0,
      warnings: [ANSI_WARNING],
    });
    expect(ANSI_WARNING).toBe(
      'The file is not UTF-8, so it was read as Windows-1252 ("ANSI", what Excel\'s plain "CSV" writes): check accented letters. To avoid this, save it in Excel with Save As › "CSV UTF-8 (Comma delimited) (*.csv)".',
    );
    expect((await store.products.get('dera-tote'))?.productName).toBe('Café Tote – €');
  });

  it('refuses text that already lost a letter to a wrong encoding (�), naming the row and column', async () => {
    expect(await importSheet([bag({ productName: 'Caf\uFFFD Tote' })])).toEqual({
      ok: false,
      errors: [
        'row 2, productName: \'Caf\uFFFD Tote\' holds �, a letter lost to a wrong encoding; retype it and save the file as "CSV UTF-8"',
      ],
      warnings: [],
    });
    expect(await store.products.count()).toBe(0);
  });

  it('warns about text that looks decoded twice ("CafÃ©")', async () => {
    const result = await importSheet([bag({ productName: 'CafÃ© Tote' })]);
    expect(result).toMatchObject({
      ok: true,
      warnings: [
        'row 2, productName: \'CafÃ© Tote\' looks garbled by a wrong encoding ("Ã©" for "é"); check it',
      ],
    });
  });

  it('refuses a JSON file that is not UTF-8', async () => {
    const json = Buffer.from(JSON.stringify([makeProduct({ productName: 'Café' })]), 'latin1');
    const target = file('ansi.json', json);
    expect(await importCatalogueFile(store, target)).toEqual({
      ok: false,
      errors: [`${target} is not UTF-8 text; save it as UTF-8`],
      warnings: [],
    });
  });
});

describe('colours', () => {
  const known = KNOWN_COLOURS.join(', ');

  it('refuses an unknown colour name with the list of known colours and how to add one', async () => {
    const result = await importSheet([
      bag({ color: 'Mehndi Green' }),
      bag({ color: 'Camel', images: '/images/products/dera-tote-camel-1.svg' }),
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [
        `row 2, color: 'Mehndi Green' is not a known colour (${known}); for a new colour, give its paint in the swatch column as #rrggbb`,
        `row 3, color: 'Camel' is not a known colour (${known}); for a new colour, give its paint in the swatch column as #rrggbb`,
      ],
      warnings: [],
    });
  });

  it('in a JSON file, refuses a colour with neither a swatch-table name nor a swatch', async () => {
    const product = makeProduct({ _id: 'bag-j', colors: ['Black', 'Camel'] });
    const target = file('catalogue.json', JSON.stringify([product]));
    expect(await importCatalogueFile(store, target)).toEqual({
      ok: false,
      errors: [
        `record 1 (_id "bag-j"): colorImages.1.color: 'Camel' is not a known colour (${known}); for a new colour, give its entry a swatch, "#rrggbb"`,
      ],
      warnings: [],
    });
    const painted = product.colorImages.map((c) =>
      c.color === 'Camel' ? { ...c, swatch: '#c19a6b' } : c,
    );
    writeFileSync(target, JSON.stringify([{ ...product, colorImages: painted }]));
    expect(await importCatalogueFile(store, target)).toMatchObject({ ok: true, inserted: 1 });
  });

  it('accepts a known colour in any case, as the swatch table writes it', async () => {
    expect(await importSheet([bag({ color: 'sky blue' })])).toMatchObject({ ok: true });
    expect((await store.products.get('dera-tote'))?.colors).toEqual(['Sky Blue']);
  });

  it('adds a colour through the swatch column: given once, it paints that colour on every row, and export writes it back', async () => {
    const columns = [...REQUIRED_COLUMNS, 'swatch'];
    const result = await importSheet(
      [
        bag({ color: 'Mehndi Green', swatch: '#5B6B2F' }),
        bag({ _id: 'other-bag', color: 'Mehndi Green' }),
      ],
      columns,
    );
    expect(result).toMatchObject({ ok: true, inserted: 2, warnings: [] });
    const saved = await store.products.get('other-bag');
    expect(saved?.colorImages).toEqual([
      {
        color: 'Mehndi Green',
        images: ['/images/products/dera-tote-black-1.svg'],
        swatch: '#5b6b2f',
      },
    ]);
    const exported = catalogueToCsv([saved!]);
    expect(
      exported
        .split('\r\n')[1]!
        .endsWith(',Mehndi Green,/images/products/dera-tote-black-1.svg,#5b6b2f'),
    ).toBe(true);
  });

  it('refuses a swatch that is not #rrggbb, and two different swatches for one colour', async () => {
    const columns = [...REQUIRED_COLUMNS, 'swatch'];
    const result = await importSheet(
      [
        bag({ color: 'Camel', swatch: 'camel' }),
        bag({ _id: 'bag-b', color: 'Mehndi Green', swatch: '#5b6b2f' }),
        bag({ _id: 'bag-c', color: 'mehndi green', swatch: '#111111' }),
      ],
      columns,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        "row 2, swatch: 'camel' is not a colour code; write #rrggbb, such as #5b6b2f",
        "row 4, swatch: '#111111' differs from '#5b6b2f' given for mehndi green on row 3",
        `row 2, color: 'Camel' is not a known colour (${known}); for a new colour, give its paint in the swatch column as #rrggbb`,
      ],
      warnings: [],
    });
  });
});

describe('extra columns', () => {
  it('are ignored with a warning naming them, and the import goes ahead', async () => {
    const columns = ['notes', ...REQUIRED_COLUMNS, 'Supplier'];
    const result = await importSheet([bag({ notes: 'call Asif', Supplier: 'Sialkot' })], columns);
    expect(result).toEqual({
      ok: true,
      inserted: 1,
      updated: 0,
      photosAdded: 0,
      photosKept: 0,
      warnings: ['row 1: ignored column(s) notes, Supplier: not catalogue columns'],
    });
  });

  it('match the catalogue columns in any case', async () => {
    const columns = REQUIRED_COLUMNS.map((c) => c.toUpperCase());
    const upper = Object.fromEntries(Object.entries(bag()).map(([k, v]) => [k.toUpperCase(), v]));
    expect(await importSheet([upper], columns)).toMatchObject({ ok: true, warnings: [] });
  });
});

describe('npm run shop -- catalogue import', () => {
  // Loading the CLI's modules is seconds of CPU, more on a loaded machine: a minute only catches a hang.
  beforeAll(loadShop, 60_000);

  it('prints warnings, and with photos missing and no --images, one hint to pass --images <folder>', async () => {
    const rows = [
      bag({ images: 'front.jpg|side.jpg', notes: 'x' }),
      bag({ _id: 'bag-b', images: 'back.jpg' }),
    ];
    const target = file('catalogue.csv', sheet(rows, [...REQUIRED_COLUMNS, 'notes']));
    const run = await shop(path.join(work, 'db'), 'catalogue', 'import', target);
    expect(run.err.split('\n')).toEqual([
      'warning: row 1: ignored column(s) notes: not catalogue columns',
      'row 2, images: image front.jpg was not found',
      'row 2, images: image side.jpg was not found',
      'row 3, images: image back.jpg was not found',
      imagesHint(work),
      'Nothing was imported.',
    ]);
    expect(imagesHint(work)).toBe(
      `Photos were looked for beside the file, in ${work}; pass --images <folder> to name the folder that holds them.`,
    );
    expect(run.status).toBe(1);
  });

  // In a fresh process, as an operator starts it. A process costs a second or two of CPU to start
  // here, several on a loaded 2-core machine: a minute only catches a command that hangs.
  it(
    'prints warnings before the counts when the import goes ahead, in a fresh process',
    { timeout: 60_000 },
    () => {
      const target = file(
        'catalogue.csv',
        sheet([bag({ notes: 'x' })], [...REQUIRED_COLUMNS, 'notes']),
      );
      const run = shopProcess(path.join(work, 'db'), 'catalogue', 'import', target);
      expect(run.err).toBe('warning: row 1: ignored column(s) notes: not catalogue columns');
      expect(run.out).toBe(
        `Imported ${target}: 1 new, 0 updated; photos: 0 stored, 0 already there (the folder ${path.join(work, 'photos')}).\n` +
          // An import is published unless --draft.
          'Version 1 published (1 product, 1 changed). A running shop (npm start) builds and serves it within seconds; otherwise the next npm start or npm run build shows it.',
      );
      expect(run.status).toBe(0);
    },
  );

  it('gives no hint when --images was given', async () => {
    const target = file('catalogue.csv', sheet([bag({ images: 'front.jpg' })]));
    const run = await shop(path.join(work, 'db'), 'catalogue', 'import', target, '--images', work);
    expect(run.err.split('\n')).toEqual([
      'row 2, images: image front.jpg was not found',
      'Nothing was imported.',
    ]);
  });
});

describe('npm run shop -- catalogue export', () => {
  beforeAll(loadShop, 60_000);

  // In a fresh process, as an operator starts it (a minute: see the import's).
  it(
    'on a fresh store writes the demo catalogue and says so, leaving the store empty, in a fresh process',
    { timeout: 60_000 },
    async () => {
      const dataDir = path.join(work, 'fresh');
      const demo = JSON.parse(readFileSync('data/catalogue.json', 'utf8')) as { _id: string }[];
      const target = path.join(work, 'out.csv');
      const run = shopProcess(dataDir, 'catalogue', 'export', target);
      expect(run.out).toBe(
        `The store has no products yet, so this is the demo catalogue that the first npm start loads: wrote ${demo.length} products to ${target}.`,
      );
      const written = readFileSync(target, 'utf8');
      // The byte-order mark Excel needs to open the file as UTF-8.
      expect(written.startsWith('\uFEFF_id,productName,')).toBe(true);
      const rows = written.trim().split('\r\n');
      expect(rows.length).toBeGreaterThan(demo.length);
      expect(rows[1]!.startsWith(`${demo[0]!._id},`)).toBe(true);
      const fresh = openSqliteStore(dataDir);
      expect(await fresh.products.count()).toBe(0);
      await fresh.close();
      // As the CLI imports it: on the demo path, the demo photos render when first read.
      const back = await importCatalogueFile(store, target, { photos: openDemoPhotoStore() });
      expect(back).toMatchObject({ ok: true, inserted: demo.length, warnings: [] });
    },
  );

  it('on a store with products writes them and counts them', async () => {
    const dataDir = path.join(work, 'stocked');
    const source = file('one.csv', sheet([bag()]));
    expect((await shop(dataDir, 'catalogue', 'import', source)).status).toBe(0);
    const target = path.join(work, 'out.json');
    const run = await shop(dataDir, 'catalogue', 'export', target);
    expect(run.out).toBe(`Wrote 1 product to ${target}.`);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toMatchObject([{ _id: 'dera-tote' }]);
  });
});
