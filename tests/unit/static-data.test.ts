import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRatesSnapshot } from '../../src/client/static-data.ts';

/** Serves one answer for /rates-snapshot.json. */
function serve(body: string, status = 200) {
  vi.stubGlobal('fetch', async (url: string) => {
    expect(url).toBe('/rates-snapshot.json');
    return new Response(body, { status });
  });
}
afterEach(() => vi.unstubAllGlobals());

describe('fetchRatesSnapshot', () => {
  it('answers the dated rates the build shipped', async () => {
    serve('{"rates":{"PKR":1,"USD":0.0036},"fetchedAt":1763640000000}');
    expect(await fetchRatesSnapshot()).toEqual({
      rates: { PKR: 1, USD: 0.0036 },
      fetchedAt: 1763640000000,
    });
  });

  it('answers null for a snapshot taken while the store knew no rates', async () => {
    serve('{"rates":{},"fetchedAt":0}');
    expect(await fetchRatesSnapshot()).toBeNull();
  });

  it('answers null for a page that is not the snapshot, or a rate that is not a number', async () => {
    serve('<!doctype html><title>Not found</title>', 404);
    expect(await fetchRatesSnapshot()).toBeNull();
    serve('{"rates":{"USD":"0.0036"},"fetchedAt":1763640000000}');
    expect(await fetchRatesSnapshot()).toBeNull();
  });

  it('answers null offline', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    expect(await fetchRatesSnapshot()).toBeNull();
  });
});
