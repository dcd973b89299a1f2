import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/server/errors.ts';
import {
  LOGIN_PER_ADDRESS,
  clearSlowdown,
  slowDown,
  throttle,
  type Limit,
  type Slowdown,
} from '../../src/server/operations/throttle.ts';
import type { Store } from '../../src/server/store/port.ts';
import { tempSqliteStore } from '../fixtures/store.ts';

let store: Store;
let dir: string;
let cleanup: () => Promise<void>;
beforeEach(() => ({ store, dir, cleanup } = tempSqliteStore()));
afterEach(async () => cleanup());

const MINUTE = 60_000;
const hits = async (n: number, check: () => Promise<void>) => {
  for (let i = 0; i < n; i++) await check();
};
const perEmail: Limit = { name: 'test-email', max: 5, windowMs: 15 * MINUTE };

describe('throttle', () => {
  it('refuses the 21st login from one address in 15 minutes with 429 and Retry-After', async () => {
    const now = 1_000_000;
    const check = () => throttle(store, [[LOGIN_PER_ADDRESS, '203.0.113.9']], 'Too many', { now });
    await hits(20, check);
    const error = await check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'rate-limited',
      message: 'Too many',
      retryAfterSeconds: 900,
    });
  });

  it('scales per-address limits by the address factor but never per-e-mail ones', async () => {
    const now = 2_000_000;
    await hits(40, () =>
      throttle(store, [[LOGIN_PER_ADDRESS, '198.51.100.1']], 'Too many', { now, addressFactor: 2 }),
    );
    await expect(
      throttle(store, [[LOGIN_PER_ADDRESS, '198.51.100.1']], 'Too many', { now, addressFactor: 2 }),
    ).rejects.toThrow('Too many');
    await hits(5, () =>
      throttle(store, [[perEmail, 'a@example.com']], 'Too many', { now, addressFactor: 50 }),
    );
    await expect(
      throttle(store, [[perEmail, 'a@example.com']], 'Too many', { now, addressFactor: 50 }),
    ).rejects.toThrow('Too many');
  });

  it('starts counting again after the window', async () => {
    const check = (now: number) =>
      throttle(store, [[perEmail, 'b@example.com']], 'Too many', { now });
    await hits(5, () => check(0));
    await expect(check(0)).rejects.toThrow();
    await expect(check(15 * MINUTE + 1)).resolves.toBeUndefined();
  });
});

/** A slowdown as a sign-in might use: 5 free an hour, then 1 s, 2 s, 4 s … up to 60 s. */
const LOGIN_SLOWDOWN: Slowdown = {
  name: 'test-slowdown',
  free: 5,
  windowMs: 60 * MINUTE,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
};

describe('slowDown', () => {
  const message = (s: number) => `Wait ${s} s`;
  const attempt = (now: number, key = 'owner@example.com') =>
    slowDown(store, LOGIN_SLOWDOWN, key, message, now);
  const refusal = (now: number) =>
    attempt(now).then(
      () => null,
      (e: unknown) => e as DomainError,
    );

  it('lets 5 attempts through at once, then spaces the next ones 1 s, 2 s, 4 s … apart', async () => {
    const t0 = 10_000_000;
    await hits(5, () => attempt(t0));
    expect(await refusal(t0)).toMatchObject({
      kind: 'rate-limited',
      message: 'Wait 1 s',
      retryAfterSeconds: 1,
    });
    let now = t0;
    for (const gap of [1, 2, 4, 8, 16]) {
      now += gap * 1000;
      await attempt(now);
      expect(await refusal(now)).toMatchObject({
        kind: 'rate-limited',
        retryAfterSeconds: 2 * gap,
      });
    }
  });

  it('never makes the owner wait more than 60 s, however many tries came before', async () => {
    let now = 20_000_000;
    for (let passed = 0; passed < 20;) {
      const error = await refusal(now);
      if (error) now += Number(error.retryAfterSeconds) * 1000;
      else passed++;
    }
    expect(await refusal(now)).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 60 });
    await expect(attempt(now + 60_000)).resolves.toBeUndefined();
  });

  it('lets one of 20 parallel attempts through per gap, even with a slow store', async () => {
    const hit = store.limits.hit.bind(store.limits);
    store.limits.hit = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return hit(...args);
    };
    const t0 = 30_000_000;
    await hits(5, () => attempt(t0));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => attempt(t0 + 1000)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('keeps each e-mail apart and forgets one when cleared', async () => {
    const t0 = 40_000_000;
    await hits(5, () => attempt(t0));
    await expect(attempt(t0, 'other@example.com')).resolves.toBeUndefined();
    await clearSlowdown(store, LOGIN_SLOWDOWN, 'owner@example.com');
    await hits(4, () => attempt(t0));
  });
});

describe('expired counters', () => {
  const rows = () => {
    const db = new DatabaseSync(path.join(dir, 'shop.db'));
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM limits').get() as { n: number };
    db.close();
    return n;
  };

  it('are deleted by the next throttle or slowdown call once their window is over, at most once a minute', async () => {
    const t0 = 50_000_000;
    for (let i = 0; i < 50; i++)
      await throttle(store, [[perEmail, `tried${i}@example.com`]], 'Too many', { now: t0 });
    expect(rows()).toBe(50);
    const t1 = t0 + 15 * MINUTE + 1;
    await throttle(store, [[perEmail, 'late@example.com']], 'Too many', { now: t1 });
    expect(rows()).toBe(1);
    await store.limits.hit('brief', 1, t1);
    await throttle(store, [[perEmail, 'soon@example.com']], 'Too many', { now: t1 + 30_000 });
    expect(rows()).toBe(3);
    await throttle(store, [[perEmail, 'then@example.com']], 'Too many', { now: t1 + MINUTE });
    expect(rows()).toBe(3);
    await slowDown(store, LOGIN_SLOWDOWN, 'last@example.com', () => '', t1 + 16 * MINUTE);
    expect(rows()).toBe(1);
  });
});
