import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/http.ts';
import { LOGIN_PER_ADDRESS, LOGIN_PER_EMAIL, throttle } from '../../src/server/services/throttle.ts';
import type { Store } from '../../src/server/store/port.ts';
import { tempSqliteStore } from '../fixtures/store.ts';

let store: Store;
let cleanup: () => Promise<void>;
beforeEach(() => ({ store, cleanup } = tempSqliteStore()));
afterEach(async () => cleanup());

const hits = async (n: number, check: () => Promise<void>) => {
  for (let i = 0; i < n; i++) await check();
};

describe('throttle', () => {
  it('refuses the 21st login from one address in 15 minutes with 429 and Retry-After', async () => {
    const now = 1_000_000;
    const check = () => throttle(store, [[LOGIN_PER_ADDRESS, '203.0.113.9']], 'Too many', { now });
    await hits(20, check);
    const error = await check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, message: 'Too many', headers: { 'Retry-After': '900' } });
  });

  it('scales per-address limits by the address factor but never per-e-mail ones', async () => {
    const now = 2_000_000;
    await hits(40, () => throttle(store, [[LOGIN_PER_ADDRESS, '198.51.100.1']], 'Too many', { now, addressFactor: 2 }));
    await expect(throttle(store, [[LOGIN_PER_ADDRESS, '198.51.100.1']], 'Too many', { now, addressFactor: 2 })).rejects.toThrow('Too many');
    await hits(5, () => throttle(store, [[LOGIN_PER_EMAIL, 'a@example.com']], 'Too many', { now, addressFactor: 50 }));
    await expect(throttle(store, [[LOGIN_PER_EMAIL, 'a@example.com']], 'Too many', { now, addressFactor: 50 })).rejects.toThrow('Too many');
  });

  it('starts counting again after the window', async () => {
    const check = (now: number) => throttle(store, [[LOGIN_PER_EMAIL, 'b@example.com']], 'Too many', { now });
    await hits(5, () => check(0));
    await expect(check(0)).rejects.toThrow();
    await expect(check(15 * 60_000 + 1)).resolves.toBeUndefined();
  });
});
