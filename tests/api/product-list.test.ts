import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shop from '../../netlify/functions/shop.mts';
import { SPEC_PRODUCT_FIELDS } from '../fixtures/spec.ts';
import { seedIfEmpty } from '../../src/server/catalogue/catalogue.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';
import { scratchDir } from '../fixtures/scratch.ts';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTempDataDir());
  await seedIfEmpty(await getStore());
});
afterAll(async () => cleanup());

describe('GET /api/product/list', () => {
  it('answers success with at least 48 products carrying every spec field', async () => {
    const res = await shop(apiRequest('/api/product/list'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; products: Record<string, unknown>[] };
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThanOrEqual(48);
    for (const product of body.products) {
      for (const field of SPEC_PRODUCT_FIELDS) expect(product).toHaveProperty(field);
      expect(product.name).toBe(product.productName);
    }
  });

  it('is cacheable at the CDN', async () => {
    const res = await shop(apiRequest('/api/product/list'));
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=\d+/);
  });

  it('refuses other methods with 405 and the failure shape', async () => {
    const res = await shop(apiRequest('/api/product/list', { method: 'POST', body: {} }));
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ success: false, message: 'Method not allowed; use GET' });
  });
});

describe('GET /api/product/list when the store is unavailable', () => {
  it('answers a 503 with success false and a message, quickly', async () => {
    const { closeStore } = await import('../../src/server/store/index.ts');
    await closeStore();
    const previous = process.env.DATA_DIR;
    // A regular file where the store's folder should be: the database cannot be opened.
    const blocked = path.join(scratchDir('shop-blocked-'), 'not-a-folder');
    writeFileSync(blocked, 'x');
    process.env.DATA_DIR = blocked;
    const started = Date.now();
    const res = await shop(apiRequest('/api/product/list'));
    expect(res.status).toBe(503);
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body).toEqual({
      success: false,
      message: 'The shop is temporarily unavailable. Please try again shortly.',
      reference: expect.stringMatching(/^[0-9A-Z]{6}$/),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    // The operator's outage mail is tried now, while the folder is still blocked (it cannot be
    // written there), not after the scratch folder is gone (it made the folder again, and wrote).
    await settleBackground();
    await closeStore();
    process.env.DATA_DIR = previous;
  });
});
