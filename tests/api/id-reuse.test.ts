// An id is never reused: an id any published catalogue version holds is never given to a new
// product, and a version sells a product only if that product was in its draft when published.
// The attack kept: the owner deletes a published product no order holds, staff add one of the
// same name ("Not live until the owner publishes"), and the deleted bag must not come back on
// sale at its old price, name and photos; nor may a plain "delete and import again" sell it early.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import shop from '../../netlify/functions/shop.mts';
import { ORDER_ANSWERS } from '../../src/lib/messages.ts';
import { EDITOR_ANSWERS, productToForm } from '../../src/lib/product-form.ts';
import { settleBackground } from '../../src/server/background.ts';
import { forgetProductList, importCatalogue } from '../../src/server/catalogue/catalogue.ts';
import { getStore } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { deskCall, enrol, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { makeProduct, withStoredPhotos } from '../fixtures/products.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let shopper: { token: string; email: string };

beforeAll(async () => {
  env = await useTempDataDir();
  await stockShelves([
    await withStoredPhotos(
      makeProduct({ _id: 'city-tote', productName: 'City Tote', colors: ['Black'], price: 4500 }),
    ),
    await withStoredPhotos(
      makeProduct({ _id: 'night-clutch', productName: 'Night Clutch', colors: ['Black'] }),
    ),
  ]);
  owner = await enrol('owner');
  staff = await enrol('staff');
  shopper = await signUp('Ayesha');
}, 60_000);
afterAll(async () => {
  await settleBackground();
  await env.cleanup();
});

const onSale = async () =>
  (
    (await call(shop, '/api/product/list', { method: 'GET' })).body.products as { _id: string }[]
  ).map((p) => p._id);
const order = (productId: string) =>
  call(account, '/api/order/COD', {
    token: shopper.token,
    body: {
      items: [{ productId, selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
      address: lahoreAddress(),
      currency: 'PKR',
      paymentMethod: 'COD',
    },
  });

describe('a deleted product', () => {
  it('does not come back on sale when staff add a product of the same name: the new one gets another id', async () => {
    expect(await onSale()).toContain('city-tote');
    const form = productToForm((await getStore().then((s) => s.products.get('city-tote')))!);
    const deleted = await deskCall('products/delete', {
      body: { productId: 'city-tote' },
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect(await onSale()).not.toContain('city-tote');

    const added = await deskCall('products/save', {
      body: { product: { ...form, price: '9,900' } },
      token: staff.token,
    });
    expect({ status: added.status, message: added.body.message }).toEqual({
      status: 200,
      message: EDITOR_ANSWERS.created('City Tote', 'city-tote-2'),
    });
    expect(await onSale()).not.toContain('city-tote');
    expect(await onSale()).not.toContain('city-tote-2');
    const refused = await order('city-tote');
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 400,
      message: ORDER_ANSWERS.unknownProduct,
    });
  });

  it('imported again under its old id, is not sold at the old version’s price until published', async () => {
    const deleted = await deskCall('products/delete', {
      body: { productId: 'night-clutch' },
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    const again = await withStoredPhotos(
      makeProduct({
        _id: 'night-clutch',
        productName: 'Night Clutch, new',
        colors: ['Black'],
        price: 7000,
      }),
    );
    const imported = await importCatalogue(await getStore(), [again]);
    expect(imported.ok).toBe(true);
    expect(await onSale()).not.toContain('night-clutch');
    const refused = await order('night-clutch');
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 400,
      message: ORDER_ANSWERS.unknownProduct,
    });

    const published = await deskCall('catalogue/publish', { token: owner.token });
    expect(published.status).toBe(200);
    forgetProductList(); // this instance's 10-second copy of the list; another instance has none
    const list = (await call(shop, '/api/product/list', { method: 'GET' })).body.products as {
      _id: string;
      productName: string;
      price: number;
    }[];
    expect(list.find((p) => p._id === 'night-clutch')).toMatchObject({
      productName: 'Night Clutch, new',
      price: 7000,
    });
  });
});
