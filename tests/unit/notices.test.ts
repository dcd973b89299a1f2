import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const load = () => import('../../src/stores/notices.ts');

describe('notify', () => {
  it('hides a notice after 7 seconds when nobody points at or focuses the toasts', async () => {
    const { notify, $notices } = await load();
    notify('Hello');
    vi.advanceTimersByTime(6999);
    expect($notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notices.get()).toEqual([]);
  });

  it('keeps at most three notices, dropping the oldest', async () => {
    const { notify, $notices } = await load();
    for (const text of ['one', 'two', 'three', 'four']) notify(text);
    expect($notices.get().map((n) => n.text)).toEqual(['two', 'three', 'four']);
  });

  it('marks a notice the page shows beside its field as inline', async () => {
    const { notify, $notices } = await load();
    notify('Password must be at least 8 characters', 'error', { inline: true });
    expect($notices.get()[0]).toMatchObject({ kind: 'error', inline: true });
  });
});

describe('holdNotices', () => {
  it('stops the clock while hovered and resumes with the time that was left', async () => {
    const { notify, holdNotices, $notices } = await load();
    notify('Hello');
    vi.advanceTimersByTime(3000);
    holdNotices('hover', true);
    vi.advanceTimersByTime(60_000);
    expect($notices.get()).toHaveLength(1);
    holdNotices('hover', false);
    vi.advanceTimersByTime(3999);
    expect($notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notices.get()).toEqual([]);
  });

  it('keeps every clock stopped until both hover and focus have left', async () => {
    const { notify, holdNotices, $notices } = await load();
    notify('Hello');
    holdNotices('focus', true);
    holdNotices('hover', true);
    holdNotices('hover', false);
    vi.advanceTimersByTime(10_000);
    expect($notices.get()).toHaveLength(1);
    holdNotices('focus', false);
    vi.advanceTimersByTime(7000);
    expect($notices.get()).toEqual([]);
  });

  it('gives a notice that arrives during a hold its full 7 seconds after the hold ends', async () => {
    const { notify, holdNotices, $notices } = await load();
    holdNotices('hover', true);
    notify('Arrived while hovered');
    vi.advanceTimersByTime(20_000);
    holdNotices('hover', false);
    vi.advanceTimersByTime(6999);
    expect($notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notices.get()).toEqual([]);
  });
});
