import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { serveApi } from '../../scripts/serve-api.ts';
import { DEFAULT_BODY_BYTES } from '../../src/lib/contract/endpoints.ts';
import { MAX_UPLOAD_BYTES } from '../../src/lib/product-form.ts';
import { seedIfEmpty } from '../../src/server/catalogue/catalogue.ts';
import { getStore } from '../../src/server/store/index.ts';
import { enrol } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let cleanup: () => Promise<void>;
let server: http.Server;
let base = '';
beforeAll(async () => {
  ({ cleanup } = await useTempDataDir());
  await seedIfEmpty(await getStore());
  server = http.createServer(async (req, res) => {
    if (!(await serveApi(req, res))) res.writeHead(418).end('static');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await cleanup();
});

describe('serveApi', () => {
  it('sends the product list brotli-compressed to a browser that accepts br, gzip to one that accepts only gzip', async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/api/product/list`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    const gzip = await raw('gzip');
    const plain = await raw('identity');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // Every photo is named by its SHA-256 in hex, which compresses little: the demo list (438
    // photo names) comes to about a third of its size.
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length * 0.4);
  });

  it('answers a function at its spec path with the handler of that path', async () => {
    const res = await fetch(`${base}/api/product/list`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect(((await res.json()) as { products: unknown[] }).products.length).toBeGreaterThanOrEqual(
      48,
    );
  });

  it('passes the POST body through to the handler', async () => {
    const res = await fetch(`${base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Route Test',
        email: `route-${Date.now()}@example.com`,
        password: 'correct horse battery',
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, user: { name: 'Route Test' } });
  });

  it('serves every path a function declares, such as /api/order/cod for /api/order/COD', async () => {
    for (const path of ['/api/order/COD', '/api/order/cod']) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, message: 'Please log in to continue.' });
    }
  });

  it("answers an unknown /api/ path, for any method, with the catch-all function's JSON 404 and the API security headers", async () => {
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${base}/api/nothing/here`, {
        method,
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await res.json()).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('answers 413 to a chunked body over 100 KB, keeps running, and the client can go on', async () => {
    const register = await fetch(`${base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Big Body',
        email: `big-${Date.now()}@example.com`,
        password: 'correct horse battery',
      }),
    });
    const { token } = (await register.json()) as { token: string };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (path: string, chunks: number) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          `${base}${path}`,
          { method: 'POST', agent, headers: { token, 'content-type': 'application/json' } },
          (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        // No Content-Length: Node sends the body chunked, 16 KB at a time.
        if (chunks === 0) return void req.end('{}');
        req.write('{"cartData":{"x":"');
        for (let i = 0; i < chunks; i++) req.write('x'.repeat(16 * 1024));
        req.end('"}}');
      });
    for (const path of ['/api/cart/merge', '/api/cart/get', '/api/order/COD']) {
      const refused = await post(path, 10);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({
        success: false,
        message: 'Request body is too large',
      });
      const next = await post('/api/cart/get', 0);
      expect(next.status).toBe(200);
    }
    agent.destroy();
    expect((await fetch(`${base}/api/product/list`)).status).toBe(200);
  });

  it("takes a real camera photo at the photo call, up to that call's own 4 MB, as production does", async () => {
    const owner = await enrol('owner');
    // Noise does not compress: an 800 × 800 PNG of it is a photo-sized body (about 1.9 MB).
    const photo = await sharp({
      create: {
        width: 800,
        height: 800,
        channels: 3,
        background: '#8a5a2b',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(DEFAULT_BODY_BYTES);
    expect(photo.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const upload = (body: Buffer) =>
      fetch(`${base}/api/desk/products/photo`, {
        method: 'POST',
        headers: { 'content-type': 'image/png', token: owner.token, 'x-photo-name': 'bag.png' },
        body: new Blob([new Uint8Array(body)]),
      });
    const taken = await upload(photo);
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as { path: string }).path).toMatch(
      /^\/photos\/[0-9a-f]{64}\.png$/,
    );
    const tooLarge = await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    // Every other call keeps the 100 KB limit.
    const json = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.pk', password: 'x'.repeat(DEFAULT_BODY_BYTES) }),
    });
    expect(json.status).toBe(413);
  }, 60_000);

  it('logs a webhook body over its 64 KB as a refused call, as the function logs it', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    try {
      const answer = await fetch(`${base}/api/payments/safepay/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(65 * 1024) }),
      });
      expect(answer.status).toBe(413);
    } finally {
      spy.mockRestore();
    }
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'api',
        method: 'POST',
        path: '/api/payments/safepay/webhook',
        status: 413,
        reason: `body over ${64 * 1024} bytes`,
      }),
    );
  });

  it('leaves every other path to the static site', async () => {
    const res = await fetch(`${base}/Collections`);
    expect(res.status).toBe(418);
    expect(await res.text()).toBe('static');
  });
});
