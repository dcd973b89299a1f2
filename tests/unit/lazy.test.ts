// A value made on first use (src/lib/lazy.ts): the desk's and the shop's Intl formatters are made
// when first needed, not as the scripts start.
import { describe, expect, it } from 'vitest';
import { lazily } from '../../src/lib/lazy.ts';
import { karachiTime } from '../../src/lib/desk.ts';

describe('lazily', () => {
  it('makes nothing until first asked, then makes the value once and returns that same value', () => {
    let made = 0;
    const get = lazily(() => ({ made: ++made }));
    expect(made).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(made).toBe(1);
  });

  it('keeps a made value that is falsy (0, empty text, null) instead of making it again', () => {
    let made = 0;
    const get = lazily(() => {
      made += 1;
      return null;
    });
    expect(get()).toBeNull();
    expect(get()).toBeNull();
    expect(made).toBe(1);
  });

  it('serves the Karachi clock made on first use: UTC midnight is 05:00 in Karachi', () => {
    expect(karachiTime('2026-11-27T19:00:00Z')).toBe('2026-11-28 00:00');
    expect(karachiTime(Date.UTC(2026, 10, 28, 0, 0))).toBe('2026-11-28 05:00');
  });
});
