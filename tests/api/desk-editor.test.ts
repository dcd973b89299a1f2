// The desk's product editor through the desk router with real Requests: adding a product
// (its id from its name, never one in use), editing one over the version read (a second editor of
// the same version is told and overwrites nothing), every field read by the import's own rules and
// messages, each problem beside its field with nothing saved, photo uploads through the import's
// checks into the photo store, the audit log, and the attacks kept as tests.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import desk from '../../netlify/functions/desk.mts';
import {
  readCategory,
  readColour,
  readDiscount,
  readPrice,
  readSwatch,
  readText,
  unknownColourProblem,
  wholesaleProblem,
} from '../../src/lib/catalogue-sheet.ts';
import { SERVER_MESSAGES, STOCK_ANSWERS } from '../../src/lib/messages.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import {
  EDITOR_ANSWERS,
  MAX_UPLOAD_BYTES,
  emptyForm,
  productToForm,
  type ProductForm,
} from '../../src/lib/product-form.ts';
import { getStore } from '../../src/server/store/index.ts';
import { productVersion } from '../../src/server/store/product-version.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { deskCall, enrol, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { makeProduct, storedPhoto, withStoredPhotos } from '../fixtures/products.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let shopper: { token: string; email: string };
let photoJpeg: Buffer;
/** Stored photos by label (the editor accepts only photos the shop holds). */
const photo: Record<string, string> = {};

beforeAll(async () => {
  env = await useTempDataDir();
  await stockShelves([
    await withStoredPhotos(
      makeProduct({ _id: 'kept-tote', productName: 'Kept Tote', colors: ['Black', 'Tan'] }),
    ),
    await withStoredPhotos(makeProduct({ _id: 'old-satchel', productName: 'Old Satchel' })),
  ]);
  for (const label of [
    'ravi-black',
    'ravi-green',
    'a',
    'b',
    'c',
    ...Array.from({ length: 9 }, (_, i) => `p${i}`),
  ])
    photo[label] = await storedPhoto(label);
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Staff');
  shopper = await signUp('Ayesha');
  photoJpeg = await sharp({
    create: { width: 900, height: 800, channels: 3, background: '#8a5a2b' },
  })
    .jpeg()
    .toBuffer();
}, 60_000);
afterAll(async () => env.cleanup());

const store = () => getStore();
const lastAudit = async (target: string) =>
  (await (await store()).audit.list({ target, limit: 1 }))[0];

/** A complete, valid form as a phone user types it. */
function form(overrides: Partial<ProductForm> = {}): ProductForm {
  return {
    productName: 'Ravi Canvas Tote',
    maker: 'Ravi Leather Works',
    category: 'Handbags',
    price: 'Rs 4,500',
    discountPercent: '10%',
    wholesalePrice: '3,900',
    bestSeller: true,
    para: 'A roomy canvas tote for a 14 inch laptop.',
    specs: {
      material: 'Canvas',
      compatibility: 'Up to 14 inch laptops',
      texture: 'Woven',
      closure: 'Zip',
      compartment: 'Two',
      zips: 'YKK',
      strap: 'Double handle',
      length: '38 cm',
      width: '12 cm',
      height: '30 cm',
      weight: '0.7 kg',
    },
    colours: [
      { color: 'black', swatch: '', images: [photo['ravi-black']!] },
      { color: 'Mehndi Green', swatch: '#5B6B2F', images: [photo['ravi-green']!] },
    ],
    ...overrides,
  };
}

const save = (token: string | undefined, body: object) =>
  deskCall('products/save', { token, body });
const edit = (token: string | undefined, productId: string) =>
  deskCall('products/edit', { token, body: { productId } });

/** Sends a photo's bytes to the upload call, as the desk's form does. */
async function upload(
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  init: { token?: string; type?: string; name?: string; length?: number } = {},
) {
  const headers: Record<string, string> = { 'content-type': init.type ?? 'image/jpeg' };
  if (init.token) headers.token = init.token;
  if (init.name) headers['x-photo-name'] = init.name;
  if (init.length !== undefined) headers['content-length'] = String(init.length);
  const req = new Request('http://localhost/api/desk/products/photo', {
    method: 'POST',
    headers,
    body: bytes,
    ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const res = await desk(req, { ip: '203.0.113.9' });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('adding a product', () => {
  it('reads every field as the import reads a sheet cell, makes the id from the name, and audits it', async () => {
    const answer = await save(staff.token, { product: form() });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      EDITOR_ANSWERS.created('Ravi Canvas Tote', 'ravi-canvas-tote'),
    );
    expect(answer.body.message).toContain('Not live until the owner publishes;');
    expect(answer.body.created).toBe(true);
    const stored = (await (await store()).products.states(['ravi-canvas-tote']))[0]!;
    expect(stored.product).toEqual({
      _id: 'ravi-canvas-tote',
      productName: 'Ravi Canvas Tote',
      maker: 'Ravi Leather Works',
      category: 'handbags',
      colors: ['Black', 'Mehndi Green'],
      colorImages: [
        { color: 'Black', images: [photo['ravi-black']!] },
        { color: 'Mehndi Green', images: [photo['ravi-green']!], swatch: '#5b6b2f' },
      ],
      price: 4500,
      discountPercent: 10,
      wholesalePrice: 3900,
      stock: true,
      bestSeller: true,
      para: 'A roomy canvas tote for a 14 inch laptop.',
      specs: form().specs,
    });
    expect(answer.body.version).toBe(productVersion(stored.product));
    const entry = await lastAudit('product:ravi-canvas-tote');
    expect(entry).toMatchObject({
      action: 'product.create',
      actor: { id: staff.id, email: staff.email },
      before: null,
      after: stored.product,
    });
  });

  it('never takes an id in use: the same name again becomes -2, then -3', async () => {
    const second = await save(staff.token, { product: form() });
    const third = await save(owner.token, { product: form() });
    expect([second.body.product._id, third.body.product._id]).toEqual([
      'ravi-canvas-tote-2',
      'ravi-canvas-tote-3',
    ]);
    expect((await (await store()).products.get('ravi-canvas-tote'))?.maker).toBe(
      'Ravi Leather Works',
    );
  });

  it('skips an archived product’s id too', async () => {
    const s = await store();
    await s.products.archive('old-satchel', '2030-01-01T00:00:00.000Z');
    const answer = await save(staff.token, { product: form({ productName: 'Old Satchel' }) });
    expect(answer.body.product._id).toBe('old-satchel-2');
    expect((await s.products.states(['old-satchel']))[0]?.product.productName).toBe('Old Satchel');
  });

  it('puts each problem beside its field in the import’s own words, and saves nothing', async () => {
    const s = await store();
    const before = await s.products.count();
    const bad = form({
      productName: '   ',
      category: 'Wallets',
      price: '45.50',
      discountPercent: '95%',
      wholesalePrice: '',
      specs: { ...form().specs, weight: 'x'.repeat(41) },
      colours: [
        { color: 'Camel', swatch: '', images: [photo.a!] },
        { color: 'Teal', swatch: 'teal', images: [] },
        { color: 'Black', swatch: '', images: [photo.b!] },
        { color: 'BLACK', swatch: '', images: [photo.c!] },
      ],
    });
    const answer = await save(staff.token, { product: bad });
    expect(answer.status).toBe(400);
    const problem = (cell: { ok: boolean; problem?: string }) => cell.problem;
    expect(answer.body).toEqual({
      success: false,
      message: EDITOR_ANSWERS.problems(9),
      problems: {
        productName: problem(readText('   ', 120)),
        category: problem(readCategory('Wallets')),
        price: problem(readPrice('45.50')),
        discountPercent: problem(readDiscount('95%')),
        'specs.weight': problem(readText('x'.repeat(41), 40)),
        'colours.0.color': problem(readColour('Camel', null)),
        'colours.1.swatch': problem(readSwatch('teal')),
        'colours.1.images': 'is empty; write 1 to 8 photo file names separated by |',
        'colours.3.color': "'Black' is already colour 3",
      },
    });
    expect(answer.body.problems['colours.0.color']).toBe(
      unknownColourProblem('Camel', 'give its paint in the swatch column as #rrggbb'),
    );
    expect(await s.products.count()).toBe(before);
  });

  it('refuses a wholesale price not below the price, as the import does', async () => {
    const answer = await save(staff.token, {
      product: form({ price: '4,000', wholesalePrice: 'Rs 4,000' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual({ wholesalePrice: wholesaleProblem(4000, 4000) });
  });

  it('refuses a colour with no photo, more than 8 photos, or a product without colours', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => photo[`p${i}`]!);
    const many = await save(staff.token, {
      product: form({ colours: [{ color: 'Black', swatch: '', images: nine }] }),
    });
    expect(many.body.problems).toEqual({
      'colours.0.images': 'has 9 photos; at most 8 per colour',
    });
    const none = await save(staff.token, { product: form({ colours: [] }) });
    expect(none.body.problems).toEqual({ colours: 'has no colour; a product has 1 to 8 colours' });
  });

  it('refuses a photo path that the photo store does not hold, and one that leaves the site', async () => {
    const missing = `/photos/${'a'.repeat(64)}.jpg`;
    const answer = await save(staff.token, {
      product: form({
        colours: [
          { color: 'Black', swatch: '', images: [missing] },
          { color: 'Tan', swatch: '', images: ['//evil.example/x.png'] },
        ],
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual({
      'colours.0.images': EDITOR_ANSWERS.notStored(missing),
      'colours.1.images': 'must be a site-relative path (one leading /, no .. segments)',
    });
  });
  it('refuses any site path that is not a photo the shop holds, naming each, and saves nothing', async () => {
    const before = (await (await store()).products.list()).length;
    const paths = ['/images/nope.jpg', '/api/desk/staff/list', '/desk/index.html', '/favicon.svg'];
    const answer = await save(staff.token, {
      product: form({
        productName: 'Broken Pictures Tote',
        colours: paths.map((site, i) => ({
          color: ['Black', 'Tan', 'Navy', 'Grey'][i]!,
          swatch: '',
          images: [site],
        })),
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(EDITOR_ANSWERS.problems(4));
    expect(answer.body.problems).toEqual(
      Object.fromEntries(
        paths.map((site, i) => [`colours.${i}.images`, EDITOR_ANSWERS.notPhotoPath(site)]),
      ),
    );
    expect((await (await store()).products.list()).length).toBe(before);
  });

  it('refuses a stored photo’s name bent into another path: a query, a variant, another folder', async () => {
    const held = photo.a!;
    const hash = held.slice('/photos/'.length, -'.jpg'.length);
    for (const site of [
      `${held}?v=1`,
      `/photos/${hash}-720.webp`,
      `/photos/${hash}.JPG`,
      `/images/${hash}.jpg`,
      `/photos/${hash}.png`,
    ]) {
      const answer = await save(staff.token, {
        product: form({ colours: [{ color: 'Black', swatch: '', images: [site] }] }),
      });
      expect({ site, status: answer.status }).toEqual({ site, status: 400 });
      expect(Object.keys(answer.body.problems)).toEqual(['colours.0.images']);
    }
  });
});

describe('editing a product', () => {
  it('reads a product with its version, and saves a change over it: audited before and after', async () => {
    const read = await edit(staff.token, 'kept-tote');
    expect(read.status).toBe(200);
    expect(read.body.version).toBe(productVersion(read.body.product));
    expect(read.body.archived).toBe(false);
    const changed = { ...productToForm(read.body.product), price: '5,200' };
    const answer = await save(staff.token, {
      productId: 'kept-tote',
      version: read.body.version,
      product: changed,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(EDITOR_ANSWERS.saved('Kept Tote'));
    expect(answer.body.created).toBe(false);
    expect((await (await store()).products.get('kept-tote'))?.price).toBe(5200);
    const entry = await lastAudit('product:kept-tote');
    expect(entry).toMatchObject({ action: 'product.edit', actor: { id: staff.id } });
    expect((entry?.before as { price: number }).price).toBe(4500);
    expect((entry?.after as { price: number }).price).toBe(5200);
  });

  it('tells the second of two staff who opened the same version that it changed, and keeps the first’s save', async () => {
    const opened = await edit(staff.token, 'kept-tote');
    const alsoOpened = await edit(owner.token, 'kept-tote');
    const base = productToForm(opened.body.product);
    const first = await save(staff.token, {
      productId: 'kept-tote',
      version: opened.body.version,
      product: { ...base, maker: 'First Maker' },
    });
    const second = await save(owner.token, {
      productId: 'kept-tote',
      version: alsoOpened.body.version,
      product: { ...base, maker: 'Second Maker' },
    });
    expect(first.status).toBe(200);
    expect({ status: second.status, message: second.body.message }).toEqual({
      status: 409,
      message: EDITOR_ANSWERS.changedSince,
    });
    expect((await (await store()).products.get('kept-tote'))?.maker).toBe('First Maker');
  });

  it('lets exactly one of two saves of the same version sent at the same moment through', async () => {
    const opened = await edit(staff.token, 'kept-tote');
    const base = productToForm(opened.body.product);
    const answers = await Promise.all(
      ['Race One', 'Race Two'].map((maker) =>
        save(staff.token, {
          productId: 'kept-tote',
          version: opened.body.version,
          product: { ...base, maker },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!.body.product.maker;
    expect((await (await store()).products.get('kept-tote'))?.maker).toBe(won);
  });

  it('says so when nothing changed, and writes no audit entry', async () => {
    const opened = await edit(staff.token, 'kept-tote');
    const before = await lastAudit('product:kept-tote');
    const answer = await save(staff.token, {
      productId: 'kept-tote',
      version: opened.body.version,
      product: productToForm(opened.body.product),
    });
    expect(answer.body.message).toBe(EDITOR_ANSWERS.unchanged(opened.body.product.productName));
    expect((await lastAudit('product:kept-tote'))?.id).toBe(before?.id);
  });

  it('keeps a colour marked sold out and an archived product archived through an edit', async () => {
    const s = await store();
    await s.products.setColourStock('kept-tote', 'Tan', false);
    await s.products.archive('kept-tote', '2030-02-02T00:00:00.000Z');
    const opened = await edit(staff.token, 'kept-tote');
    expect(opened.body.archived).toBe(true);
    await save(staff.token, {
      productId: 'kept-tote',
      version: opened.body.version,
      product: { ...productToForm(opened.body.product), para: 'Edited while archived.' },
    });
    const [state] = await s.products.states(['kept-tote']);
    expect(state).toMatchObject({ soldOut: ['Tan'], archivedAt: '2030-02-02T00:00:00.000Z' });
    expect(state?.product.para).toBe('Edited while archived.');
    await s.products.restore('kept-tote');
  });

  it('answers No such product. for an unknown id, to read and to save, and needs the version read', async () => {
    expect((await edit(staff.token, 'no-such-bag')).body.message).toBe(
      STOCK_ANSWERS.productNotFound,
    );
    const unknown = await save(staff.token, {
      productId: 'no-such-bag',
      version: '0'.repeat(64),
      product: form(),
    });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({
      status: 404,
      message: STOCK_ANSWERS.productNotFound,
    });
    expect(await (await store()).products.states(['no-such-bag'])).toEqual([]);
    const noVersion = await save(staff.token, { productId: 'kept-tote', product: form() });
    expect({ status: noVersion.status, message: noVersion.body.message }).toEqual({
      status: 400,
      message: EDITOR_ANSWERS.versionNeeded,
    });
  });

  it('keeps the id of the product being edited, whatever the name becomes', async () => {
    const opened = await edit(staff.token, 'kept-tote');
    const answer = await save(staff.token, {
      productId: 'kept-tote',
      version: opened.body.version,
      product: { ...productToForm(opened.body.product), productName: 'Renamed Tote' },
    });
    expect(answer.body.product._id).toBe('kept-tote');
    expect(await (await store()).products.states(['renamed-tote'])).toEqual([]);
  });
});

describe('adding a product in under a minute', () => {
  const five = (name: string) => ({
    productName: name,
    category: 'Sleeves',
    price: '2,950',
    colours: [{ color: 'Black', swatch: '', images: [photo.a!] }],
  });

  it('saves a product sent with only the five fields (name, category, price, one colour with one photo): no maker, description or specifications stored', async () => {
    const answer = await save(staff.token, { product: five('Quick Neoprene Sleeve') });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      EDITOR_ANSWERS.created('Quick Neoprene Sleeve', 'quick-neoprene-sleeve'),
    );
    const stored = (await (await store()).products.states(['quick-neoprene-sleeve']))[0]!;
    expect(stored.product).toEqual({
      _id: 'quick-neoprene-sleeve',
      productName: 'Quick Neoprene Sleeve',
      maker: '',
      category: 'sleeves',
      colors: ['Black'],
      colorImages: [{ color: 'Black', images: [photo.a!] }],
      price: 2950,
      discountPercent: 0,
      wholesalePrice: null,
      stock: true,
      bestSeller: false,
      para: '',
      specs: {},
    });
    const reopened = await edit(staff.token, 'quick-neoprene-sleeve');
    expect(reopened.body.product.specs).toEqual({});
  });

  it('stores only the specifications given: empty and blank ones are left out', async () => {
    const answer = await save(staff.token, {
      product: {
        ...five('Quick Padded Sleeve'),
        specs: { material: ' Neoprene ', length: '   ', width: '' },
      },
    });
    expect(answer.status).toBe(200);
    const stored = (await (await store()).products.states(['quick-padded-sleeve']))[0]!;
    expect(stored.product.specs).toEqual({ material: 'Neoprene' });
  });

  it('still refuses a product without a name, a category, a price or a photo, each by its field, and saves nothing', async () => {
    const s = await store();
    const before = await s.products.count();
    const answer = await save(staff.token, {
      product: {
        productName: '',
        category: '',
        price: '',
        colours: [{ color: 'Black', swatch: '', images: [] }],
      },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.problems).sort()).toEqual([
      'category',
      'colours.0.images',
      'price',
      'productName',
    ]);
    expect(await s.products.count()).toBe(before);
  });

  it('refuses a specification longer than its column as the import does, beside that field', async () => {
    const answer = await save(staff.token, {
      product: { ...five('Quick Long Sleeve'), specs: { material: 'n'.repeat(121) } },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.problems)).toEqual(['specs.material']);
  });
});

describe('malformed and hostile bodies', () => {
  it('refuses a body missing a field, a number where text belongs, or an unknown field: 400, nothing saved', async () => {
    const s = await store();
    const before = await s.products.count();
    const { productName: _name, ...noName } = form();
    const cases = [
      { product: noName },
      { product: { ...form(), specs: { ...form().specs, colour: 'Red' } } },
      { product: { ...form(), specs: { material: 7 } } },
      { product: { ...form(), specs: { material: 'x'.repeat(1001) } } },
      { product: { ...form(), price: 4500 } },
      { product: form(), admin: true },
      { product: { ...form(), colours: 'Black' } },
      { productId: { $ne: null }, version: '0'.repeat(64), product: form() },
      { productId: 'kept-tote', version: 'not-a-version', product: form() },
    ];
    for (const body of cases) {
      const answer = await save(staff.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await s.products.count()).toBe(before);
  });

  it('refuses a body over 100 KB with 413', async () => {
    const answer = await save(staff.token, { product: form({ para: 'x'.repeat(110 * 1024) }) });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 413,
      message: SERVER_MESSAGES.bodyTooLarge,
    });
  });

  it('keeps shoppers and strangers out: 403 for a shopper token, 401 without a token', async () => {
    const s = await store();
    const before = await s.products.count();
    const asShopper = await call(desk, '/api/desk/products/save', {
      token: shopper.token,
      body: { product: form() },
    });
    expect({ status: asShopper.status, message: asShopper.body.message }).toEqual({
      status: 403,
      message: DESK_ANSWERS.shopperToken,
    });
    const anonymous = await save(undefined, { product: form() });
    expect({ status: anonymous.status, message: anonymous.body.message }).toEqual({
      status: 401,
      message: DESK_ANSWERS.signInRequired,
    });
    const photo = await upload(photoJpeg, { token: shopper.token });
    expect(photo.status).toBe(403);
    expect((await upload(photoJpeg)).status).toBe(401);
    expect(await s.products.count()).toBe(before);
  });
});

describe('uploading a photo', () => {
  const photosDir = () => path.join(env.dir, 'photos');

  it('checks it as the import does, keeps it in the photo store by its content, and audits it', async () => {
    const answer = await upload(photoJpeg, { token: staff.token, name: 'IMG_2041.jpg' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Photo IMG_2041.jpg uploaded.',
      width: 900,
      height: 800,
    });
    expect(answer.body.path).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    const name = answer.body.path.slice('/photos/'.length);
    expect(existsSync(path.join(photosDir(), name))).toBe(true);
    expect(await lastAudit(`photo:${name}`)).toMatchObject({
      action: 'product.photo',
      actor: { id: staff.id },
      before: null,
      after: { path: answer.body.path, bytes: photoJpeg.byteLength, width: 900, height: 800 },
    });
  });

  it('names a photo sent without a file name only as a photo, never by its hash', async () => {
    const answer = await upload(photoJpeg, { token: staff.token });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Photo uploaded.');
  });

  it('lets a product name an uploaded photo, which a save then accepts', async () => {
    const uploaded = await upload(photoJpeg, { token: staff.token });
    const answer = await save(staff.token, {
      product: form({
        productName: 'Photo Tote',
        colours: [{ color: 'Black', swatch: '', images: [uploaded.body.path] }],
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.product.colorImages[0].images).toEqual([uploaded.body.path]);
  });

  it('refuses bytes that are no image, in the import’s words with the file’s name', async () => {
    const answer = await upload(new TextEncoder().encode('not a photo at all'), {
      token: staff.token,
      name: 'notes.jpg',
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 400,
      message: 'image notes.jpg is not a JPEG, PNG or WebP image',
    });
  });

  it('refuses a photo under 800 px on its shorter side', async () => {
    const small = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#222222' },
    })
      .png()
      .toBuffer();
    const answer = await upload(small, {
      token: staff.token,
      type: 'image/png',
      name: 'small.png',
    });
    expect(answer.body.message).toBe(
      'image small.png is 640 × 480 px; the shorter side must be at least 800 px',
    );
    expect(answer.status).toBe(400);
  });

  it('refuses a GIF, as the import does', async () => {
    const gif = await sharp({
      create: { width: 900, height: 900, channels: 3, background: '#222222' },
    })
      .gif()
      .toBuffer();
    const answer = await upload(gif, { token: staff.token, type: 'image/png', name: 'a.gif' });
    expect(answer.body.message).toBe('image a.gif is GIF; use JPEG, PNG or WebP');
  });

  it('refuses a body that is not sent as a photo, and an empty one', async () => {
    const asText = await upload(photoJpeg, { token: staff.token, type: 'text/plain' });
    expect({ status: asText.status, message: asText.body.message }).toEqual({
      status: 400,
      message: EDITOR_ANSWERS.notImage,
    });
    const empty = await upload(new Uint8Array(0), { token: staff.token });
    expect(empty.body.message).toBe(EDITOR_ANSWERS.uploadEmpty);
  });

  it('refuses an upload declared over the limit with 413 before reading it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const answer = await upload(body, { token: staff.token, length: MAX_UPLOAD_BYTES + 1 });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 413,
      message: EDITOR_ANSWERS.uploadTooLarge(MAX_UPLOAD_BYTES),
    });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('stops reading an upload without a length as soon as it passes the limit', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024));
        if (sent > 64 * 1024 * 1024) controller.close();
      },
    });
    const answer = await upload(body, { token: staff.token });
    expect(answer.status).toBe(413);
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 1024 * 1024);
  });
});

describe('the empty form', () => {
  it('is refused with a problem for each of the five required fields (name, category, price, a colour and its photo) and nothing saved', async () => {
    const answer = await save(staff.token, { product: emptyForm() });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.problems).sort()).toEqual(
      ['productName', 'category', 'price', 'colours.0.color', 'colours.0.images'].sort(),
    );
  });
});
