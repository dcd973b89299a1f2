import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importCatalogueFile } from '../../src/server/catalogue/catalogue-import.ts';
import { catalogueToCsv, CSV_COLUMNS } from '../../src/server/catalogue/catalogue-csv.ts';
import { csvToCatalogue } from '../../src/server/catalogue/catalogue-csv-read.ts';
import type { Store } from '../../src/server/store/port.ts';
import { folderPhotoStore } from '../../src/server/catalogue/photo-store/folder.ts';
import type { PhotoStore } from '../../src/server/catalogue/photo-store/port.ts';
import { makeProduct } from '../fixtures/products.ts';
import { tempSqliteStore } from '../fixtures/store.ts';

let store: Store;
let cleanup: () => Promise<void>;
let work: string;
let shots: string;
let photos: string;
let photoStore: PhotoStore;
beforeEach(() => {
  ({ store, cleanup } = tempSqliteStore());
  work = mkdtempSync(path.join(tmpdir(), 'shop-photos-'));
  shots = path.join(work, 'shots');
  photos = path.join(work, 'store');
  photoStore = folderPhotoStore(photos);
  mkdirSync(shots);
});
afterEach(async () => {
  await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** Writes a real JPEG (or PNG) of the given size, made by sharp, and returns its bytes. */
async function photo(name: string, width: number, height: number, hue = 90): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: hue, g: 60, b: 200 - hue / 2 } },
  });
  const bytes = await (name.endsWith('.png') ? image.png() : image.jpeg()).toBuffer();
  writeFileSync(path.join(shots, name), bytes);
  return bytes;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PNG that declares width × height in its header, with one row of pixel data (never decoded here). */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const stored = () => {
  try {
    return readdirSync(photos).sort();
  } catch {
    return [];
  }
};

/** A two-product catalogue whose colours name photo files in the folder. */
function catalogue(file = 'catalogue.json'): string {
  const bag = (id: string, images: string[][]) => {
    const p = makeProduct({ _id: id, colors: ['Black', 'Navy'] });
    return { ...p, colorImages: p.colors.map((color, i) => ({ color, images: images[i] })) };
  };
  const data = [
    bag('bag-a', [['front.jpg', 'small.jpg'], ['front.jpg']]),
    bag('bag-b', [['notes.jpg'], ['missing.jpg']]),
  ];
  const target = path.join(work, file);
  writeFileSync(target, JSON.stringify(data));
  return target;
}

describe('catalogue import with photos', () => {
  it('reports a photo too small, a file that is not an image and a missing one, one line each, and writes nothing', async () => {
    await photo('front.jpg', 1200, 900);
    await photo('small.jpg', 640, 480);
    writeFileSync(path.join(shots, 'notes.jpg'), 'not a picture at all');
    const result = await importCatalogueFile(store, catalogue(), {
      images: shots,
      photos: photoStore,
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        'record 1 (_id "bag-a"): image small.jpg is 640 × 480 px; the shorter side must be at least 800 px',
        'record 2 (_id "bag-b"): image notes.jpg is not a JPEG, PNG or WebP image',
        'record 2 (_id "bag-b"): image missing.jpg was not found',
      ],
      warnings: [],
    });
    expect(await store.products.count()).toBe(0);
    expect(stored()).toEqual([]);
  });

  it('once the photos are fixed, imports the products with each photo stored once under its SHA-256', async () => {
    const front = await photo('front.jpg', 1200, 900);
    const small = await photo('small.jpg', 800, 1000, 30);
    const notes = await photo('notes.jpg', 900, 900, 150);
    const missing = await photo('missing.jpg', 1000, 800, 200);
    const result = await importCatalogueFile(store, catalogue(), {
      images: shots,
      photos: photoStore,
    });
    expect(result).toEqual({
      ok: true,
      inserted: 2,
      updated: 0,
      photosAdded: 4,
      photosKept: 0,
      warnings: [],
    });
    const a = await store.products.get('bag-a');
    expect(a?.colorImages).toEqual([
      { color: 'Black', images: [`/photos/${sha(front)}.jpg`, `/photos/${sha(small)}.jpg`] },
      { color: 'Navy', images: [`/photos/${sha(front)}.jpg`] },
    ]);
    expect(stored()).toEqual([front, small, notes, missing].map((b) => `${sha(b)}.jpg`).sort());
    expect(readFileSync(path.join(photos, `${sha(front)}.jpg`)).equals(front)).toBe(true);
  });

  it('re-importing the same photos under other names adds no duplicate originals', async () => {
    for (const [name, hue] of [
      ['front.jpg', 10],
      ['small.jpg', 60],
      ['notes.jpg', 110],
      ['missing.jpg', 160],
    ] as const)
      await photo(name, 900, 900, hue);
    await importCatalogueFile(store, catalogue(), { images: shots, photos: photoStore });
    const before = stored();
    rmSync(shots, { recursive: true });
    mkdirSync(shots);
    for (const [name, hue] of [
      ['front.jpg', 60],
      ['small.jpg', 10],
      ['notes.jpg', 160],
      ['missing.jpg', 110],
    ] as const)
      await photo(name, 900, 900, hue);
    const again = await importCatalogueFile(store, catalogue(), {
      images: shots,
      photos: photoStore,
    });
    expect(again).toEqual({
      ok: true,
      inserted: 0,
      updated: 2,
      photosAdded: 0,
      photosKept: 4,
      warnings: [],
    });
    expect(stored()).toEqual(before);
    expect(before).toHaveLength(4);
  });

  /** A real PNG beside the images folder, not in it. */
  async function privatePhoto(): Promise<void> {
    const image = sharp({
      create: { width: 900, height: 900, channels: 3, background: { r: 9, g: 9, b: 9 } },
    });
    writeFileSync(path.join(work, 'private.png'), await image.png().toBuffer());
  }

  /** A one-product catalogue (bag-e, one colour) naming these photos. */
  function oneBag(images: string[]): string {
    const p = makeProduct({ _id: 'bag-e', colors: ['Black'] });
    const file = path.join(work, 'one.json');
    writeFileSync(file, JSON.stringify([{ ...p, colorImages: [{ color: 'Black', images }] }]));
    return file;
  }

  it('refuses a photo name that leaves the images folder, naming the product, and stores nothing', async () => {
    await privatePhoto();
    const result = await importCatalogueFile(store, oneBag(['../private.png']), {
      images: shots,
      photos: photoStore,
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        `record 1 (_id "bag-e"): image ../private.png is outside the images folder ${shots}`,
      ],
      warnings: [],
    });
    expect(await store.products.count()).toBe(0);
    expect(stored()).toEqual([]);
  });

  it('refuses a link inside the images folder that points out of it, naming the product, and stores nothing', async () => {
    await privatePhoto();
    symlinkSync(path.join(work, 'private.png'), path.join(shots, 'link.png'));
    const result = await importCatalogueFile(store, oneBag(['link.png']), {
      images: shots,
      photos: photoStore,
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        `record 1 (_id "bag-e"): image link.png is a link to a file outside the images folder ${shots}`,
      ],
      warnings: [],
    });
    expect(await store.products.count()).toBe(0);
    expect(stored()).toEqual([]);
  });

  it('accepts an images folder reached through a link, and a link to another photo inside it', async () => {
    const front = await photo('front.jpg', 900, 900);
    mkdirSync(path.join(shots, 'more'));
    symlinkSync(path.join(shots, 'front.jpg'), path.join(shots, 'more', 'same.jpg'));
    symlinkSync(shots, path.join(work, 'shots-link'));
    const result = await importCatalogueFile(store, oneBag(['front.jpg', 'more/same.jpg']), {
      images: path.join(work, 'shots-link'),
      photos: photoStore,
    });
    expect(result).toEqual({
      ok: true,
      inserted: 1,
      updated: 0,
      photosAdded: 1,
      photosKept: 0,
      warnings: [],
    });
    expect(stored()).toEqual([`${sha(front)}.jpg`]);
  });

  it('refuses a 30000 × 30000 PNG as too large, not as a file of the wrong format', async () => {
    writeFileSync(path.join(shots, 'huge.png'), pngHeaderOnly(30_000, 30_000));
    expect(
      await importCatalogueFile(store, oneBag(['huge.png']), { images: shots, photos: photoStore }),
    ).toEqual({
      ok: false,
      errors: [
        'record 1 (_id "bag-e"): image huge.png is 30000 × 30000 px, too large: at most 268,402,689 pixels (16383 × 16383) can be processed',
      ],
      warnings: [],
    });
    expect(stored()).toEqual([]);
  });

  it('refuses a stored photo path whose original is not in the photo store', async () => {
    const file = path.join(work, 'stored.json');
    const ghost = `/photos/${'a'.repeat(64)}.jpg`;
    const p = makeProduct({ _id: 'bag-c', colors: ['Black'] });
    writeFileSync(
      file,
      JSON.stringify([{ ...p, colorImages: [{ color: 'Black', images: [ghost] }] }]),
    );
    expect(await importCatalogueFile(store, file, { photos: photoStore })).toEqual({
      ok: false,
      errors: [`record 1 (_id "bag-c"): image ${ghost} is not in the folder ${photos}`],
      warnings: [],
    });
  });
});

/** The fields of one CSV line (quoted fields unquoted), as a spreadsheet reads them. */
function parseCsvLine(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/""/g, '"') : (m[2] ?? ''),
  );
}

describe('catalogue CSV', () => {
  const header = CSV_COLUMNS.join(',');
  const specs =
    'Polyester,Fits 15.6 inch laptops,Smooth,Zip,Two,YKK,Padded,30 cm,12 cm,44 cm,0.8 kg';
  const row = (colour: string, images: string, price = '4500') =>
    `bag-d,"Dera Roll-Top, Waxed",Test Makers,bagpacks,${price},10,3800,yes,no,"A ""waxed"" roll-top.",${specs},${colour},${images}`;

  it('imports one row per product and colour, and exports the same CSV back', async () => {
    const front = await photo('front.jpg', 1000, 1000);
    await photo('side.png', 1000, 1000, 20);
    const file = path.join(work, 'catalogue.csv');
    writeFileSync(
      file,
      [header, row('Black', 'front.jpg|side.png'), row('Olive', 'front.jpg')].join('\n'),
    );
    const result = await importCatalogueFile(store, file, { images: shots, photos: photoStore });
    expect(result).toMatchObject({ ok: true, inserted: 1, photosAdded: 2 });
    const bag = await store.products.get('bag-d');
    expect(bag).toMatchObject({
      productName: 'Dera Roll-Top, Waxed',
      colors: ['Black', 'Olive'],
      price: 4500,
      wholesalePrice: 3800,
      stock: true,
      bestSeller: false,
      para: 'A "waxed" roll-top.',
    });
    expect(bag?.colorImages[1]).toEqual({ color: 'Olive', images: [`/photos/${sha(front)}.jpg`] });
    const csv = catalogueToCsv([bag!]);
    const exported = path.join(work, 'exported.csv');
    writeFileSync(exported, csv);
    expect(csv.split('\r\n')[0]).toBe(header);
    expect(await importCatalogueFile(store, exported, { photos: photoStore })).toEqual({
      ok: true,
      inserted: 0,
      updated: 1,
      photosAdded: 0,
      photosKept: 0,
      warnings: [],
    });
    expect(await store.products.get('bag-d')).toEqual(bag);
  });

  it('exports a cell starting with =, +, - or @ behind a leading apostrophe, and imports it back unchanged', () => {
    const base = makeProduct({ _id: 'bag-f', colors: ['Black'] });
    const product = {
      ...base,
      productName: '=HYPERLINK("https://evil.example","Click")',
      maker: '@SUM(A1:A9)',
      para: "+92 300 1234567 is the shop's number; '=1+1' stays as written.",
      specs: { ...base.specs, zips: '-', strap: "'=already quoted", closure: "'90s clasp" },
    };
    const csv = catalogueToCsv([product]);
    const cells = parseCsvLine(csv.split('\r\n')[1]!);
    const at = (column: (typeof CSV_COLUMNS)[number]) => cells[CSV_COLUMNS.indexOf(column)];
    expect(at('productName')).toBe('\'=HYPERLINK("https://evil.example","Click")');
    expect(at('maker')).toBe("'@SUM(A1:A9)");
    expect(at('para')).toBe("'+92 300 1234567 is the shop's number; '=1+1' stays as written.");
    expect(at('zips')).toBe("'-");
    expect(at('strap')).toBe("''=already quoted");
    expect(at('closure')).toBe("'90s clasp");
    expect(csvToCatalogue(csv)).toEqual({ ok: true, data: [product], rows: [[2]], warnings: [] });
  });

  it('reports a row whose product columns differ from the product’s first row, and writes nothing', async () => {
    await photo('front.jpg', 1000, 1000);
    const file = path.join(work, 'catalogue.csv');
    writeFileSync(
      file,
      [header, row('Black', 'front.jpg'), row('Olive', 'front.jpg', '4700')].join('\n'),
    );
    expect(await importCatalogueFile(store, file, { images: shots, photos: photoStore })).toEqual({
      ok: false,
      errors: [
        "row 3, price: '4700' differs from '4500' on row 2, the first row of bag-d; leave it blank or make them the same",
      ],
      warnings: [],
    });
    expect(await store.products.count()).toBe(0);
    expect(stored()).toEqual([]);
  });
});

describe('npm run shop -- catalogue import --images', () => {
  // A fresh Node process is the subject here; its start alone took over 20 s on a loaded 2-core
  // machine (load 12), so the limit is a minute. The work itself takes about a second.
  it(
    'prints each photo problem on its own line, exits 1 and writes nothing',
    { timeout: 60_000 },
    async () => {
      await photo('front.jpg', 1200, 900);
      await photo('small.jpg', 640, 480);
      writeFileSync(path.join(shots, 'notes.jpg'), 'not a picture at all');
      const run = spawnSync(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          'scripts/shop.ts',
          'catalogue',
          'import',
          catalogue(),
          '--images',
          shots,
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, DATA_DIR: path.join(work, 'db'), PHOTOS_DIR: photos },
        },
      );
      expect(run.stderr.trim().split('\n')).toEqual([
        'record 1 (_id "bag-a"): image small.jpg is 640 × 480 px; the shorter side must be at least 800 px',
        'record 2 (_id "bag-b"): image notes.jpg is not a JPEG, PNG or WebP image',
        'record 2 (_id "bag-b"): image missing.jpg was not found',
        'Nothing was imported.',
      ]);
      expect(run.status).toBe(1);
      expect(stored()).toEqual([]);
    },
  );
});
