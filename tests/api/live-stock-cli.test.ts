// `npm run shop -- catalogue import <file> --replace`: the products the file leaves out
// are listed first, then archived (hidden, kept for orders and the desk) after the import, each
// with an audit entry by the CLI; a file that fails its checks lists and archives nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../src/lib/product.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import { loadShop, shopInProcess } from '../fixtures/cli.ts';
import { makeProduct } from '../fixtures/products.ts';

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'shop-sheet-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function sheet(name: string, products: unknown[]): string {
  const file = path.join(work, name);
  writeFileSync(file, JSON.stringify(products));
  return file;
}

const shop = (...args: string[]) =>
  shopInProcess({ DATA_DIR: path.join(work, 'db'), PHOTOS_DIR: path.join(work, 'p') }, ...args);

async function inStore<T>(read: (store: ReturnType<typeof openSqliteStore>) => Promise<T>) {
  const store = openSqliteStore(path.join(work, 'db'));
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

const bag = (id: string, productName: string): Product => makeProduct({ _id: id, productName });
const three = [
  bag('city-tote', 'City Tote'),
  bag('metro-sleeve', 'Metro Sleeve'),
  bag('old-satchel', 'Old Satchel'),
];

describe('npm run shop -- catalogue import --replace', () => {
  // Loading the CLI's modules is seconds of CPU, more on a loaded machine: a minute only catches a hang.
  beforeAll(loadShop, 60_000);

  it('lists the products missing from the file before writing, then archives them with an audit entry', async () => {
    expect((await shop('catalogue', 'import', sheet('all.json', three))).status).toBe(0);
    const run = await shop(
      'catalogue',
      'import',
      sheet('two.json', three.slice(0, 2)),
      '--replace',
    );
    expect(run.err).toBe('');
    expect(run.status).toBe(0);
    expect(run.out.split('\n')).toEqual([
      '--replace: archiving 1 product(s) missing from the file:',
      '  old-satchel  Old Satchel',
      expect.stringMatching(
        /: 0 new, 2 updated; photos: 0 stored, 0 already there \(the folder [^)]+\)\. Archived 1\.$/,
      ),
      // The import is published; the archived product leaves the version.
      'Version 2 published (2 products, 1 changed). A running shop (npm start) builds and serves it within seconds; otherwise the next npm start or npm run build shows it.',
    ]);
    await inStore(async (store) => {
      expect((await store.products.list()).map((p) => p._id)).toEqual([
        'city-tote',
        'metro-sleeve',
      ]);
      expect((await store.products.states(['old-satchel']))[0]?.archivedAt).toMatch(/^\d{4}-/);
      expect(await store.audit.list({ target: 'product:old-satchel' })).toMatchObject([
        {
          action: 'product.archive',
          actor: { id: 'cli' },
          before: { archived: false },
          after: { archived: true },
        },
      ]);
    });
  });

  it('says nothing is archived when the file holds every live product, and leaves archived ones archived', async () => {
    await shop('catalogue', 'import', sheet('all.json', three));
    await shop('catalogue', 'import', sheet('two.json', three.slice(0, 2)), '--replace');
    const run = await shop(
      'catalogue',
      'import',
      sheet('again.json', three.slice(0, 2)),
      '--replace',
    );
    expect(run.out.split('\n')[0]).toBe(
      '--replace: every live product is in the file; nothing to archive.',
    );
    expect(run.out).toMatch(/Archived 0\.\nVersion 3 published \(2 products, 0 changed\)\./);
  });

  it('lists and archives nothing when the file fails its checks', async () => {
    await shop('catalogue', 'import', sheet('all.json', three));
    const run = await shop(
      'catalogue',
      'import',
      sheet('bad.json', [{ ...three[0], price: -1 }]),
      '--replace',
    );
    expect(run.status).toBe(1);
    expect(run.out).toBe('');
    expect(run.err.split('\n').at(-1)).toBe('Nothing was imported.');
    await inStore(async (store) => {
      expect(await store.products.list()).toHaveLength(3);
    });
  });

  it('archives nothing without --replace', async () => {
    await shop('catalogue', 'import', sheet('all.json', three));
    const run = await shop('catalogue', 'import', sheet('one.json', three.slice(0, 1)));
    expect(run.out).not.toMatch(/replace|Archived/);
    await inStore(async (store) => {
      expect(await store.products.list()).toHaveLength(3);
    });
  });
});
