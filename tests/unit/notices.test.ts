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

  it('shows one message at a time: a newer one replaces it, with its own 7 seconds', async () => {
    const { notify, $notices } = await load();
    notify('Invalid code', 'error');
    vi.advanceTimersByTime(5000);
    notify('Password updated successfully. Please log in.', 'success');
    expect($notices.get().map((n) => n.text)).toEqual([
      'Password updated successfully. Please log in.',
    ]);
    vi.advanceTimersByTime(6999);
    expect($notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notices.get()).toEqual([]);
  });

  it('has a dialog opening with a message say it inside, while older messages count as heard', async () => {
    const { notify, noticesHeard, heardBeforeDialog } = await load();
    const old = notify('This Product Has Been Added To Your Favourites', 'success');
    noticesHeard(old);
    vi.advanceTimersByTime(3000);
    // Shown in the region 3 s ago: a drawer the shopper opens now need not repeat it.
    expect(heardBeforeDialog()).toBe(old);
    const capped = notify('Only 40 added: 100 is the most per line, and your cart now holds 100.');
    noticesHeard(capped);
    // Raised by the tap that opens the cart panel: the panel says it.
    expect(heardBeforeDialog()).toBe(capped - 1);
    vi.advanceTimersByTime(1000);
    expect(heardBeforeDialog()).toBe(capped);
  });

  it('remembers which messages a dialog showed, until they go', async () => {
    const { notify, shownInDialog, $inDialog, dismiss } = await load();
    const id = notify('Please login to place your order.', 'error');
    expect($inDialog.get().has(id)).toBe(false);
    shownInDialog(id);
    expect($inDialog.get().has(id)).toBe(true);
    dismiss(id);
    expect($inDialog.get().has(id)).toBe(false);
  });

  it('tells the region when a closing dialog gives a message back, so the region can show it', async () => {
    const { notify, shownInDialog, $inDialog } = await load();
    const id = notify('Your return request has been sent. We will e-mail you once it is reviewed.');
    shownInDialog(id);
    const heard: boolean[] = [];
    const stop = $inDialog.listen((ids) => heard.push(ids.has(id)));
    shownInDialog(id, false);
    // Said again with nothing changed: no news for the region.
    shownInDialog(id, false);
    stop();
    expect(heard).toEqual([false]);
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
