// The desk's keys in the browser's storage, read through their schemas like the shop's: a value
// that is not what the key holds (a carried message with control characters) counts as absent,
// and the desk never shows it. No token is ever stored: the session is an HttpOnly cookie.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESK_KEYS } from '../../src/lib/storage-keys.ts';
import { parseStored } from '../../src/lib/stored-values.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';

const calls: Request[] = [];
let tab: MemoryStorage;

beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
  tab = new MemoryStorage();
  vi.stubGlobal('sessionStorage', tab);
  vi.stubGlobal('localStorage', new MemoryStorage());
  // Any call the desk makes is kept and answered as the server answers a token it does not know.
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    calls.push(new Request(new URL(input, 'http://localhost'), init));
    return Response.json(
      { success: false, message: 'Your desk session has ended. Please sign in again.' },
      { status: 401 },
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The desk's session store as a fresh page loads it. */
const freshDesk = () => import('../../src/stores/desk.ts');

describe("the desk's session in the browser", () => {
  it('is never held by a script: a stored token of an older desk is neither read nor sent', async () => {
    tab.setItem('deskToken', 'eyJh.eyJz.c2ln');
    const { $deskSession, loadSession } = await freshDesk();
    expect($deskSession.get()).toBeNull();
    await loadSession();
    expect(calls.map((c) => [new URL(c.url).pathname, c.headers.get('token')])).toEqual([
      ['/api/desk/me', null],
    ]);
  });

  it('starts with no token kept anywhere, and only a flag that this browser signed in', async () => {
    const { $deskSession, endSession, startSession } = await freshDesk();
    const staff = { id: 's1', email: 'a@bastaa.pk', name: 'A', role: 'staff', status: 'active' };
    startSession({ staff: staff as never, message: 'Signed in.' });
    expect($deskSession.get()).not.toBeNull();
    expect(localStorage.getItem(DESK_KEYS.signedIn)).toBe('true');
    expect(tab.getItem('deskToken')).toBeNull();
    endSession();
    expect($deskSession.get()).toBeNull();
  });

  it('says the session ended when a browser that had one finds none', async () => {
    localStorage.setItem(DESK_KEYS.signedIn, 'true');
    const { $deskNotice, $deskStaff, loadSession } = await freshDesk();
    await loadSession();
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toMatchObject({
      kind: 'error',
      text: 'Your desk session has ended. Please sign in again.',
    });
    expect(localStorage.getItem(DESK_KEYS.signedIn)).toBeNull();
  });
});

describe("the desk's carried message", () => {
  it('is shown once on the next desk page', async () => {
    tab.setItem(DESK_KEYS.carriedNotice, 'Your desk account is ready. You are signed in.');
    const { $deskNotice, carryingAddress, showCarriedNotice } = await freshDesk();
    const address = `https://bastaa.pk${carryingAddress('/desk/#/orders')}`;
    expect(address).toBe('https://bastaa.pk/desk/?carried#/orders');
    expect(showCarriedNotice(address)).toBe('https://bastaa.pk/desk/#/orders');
    expect($deskNotice.get()).toMatchObject({
      kind: 'success',
      text: 'Your desk account is ready. You are signed in.',
    });
    expect(tab.getItem(DESK_KEYS.carriedNotice)).toBeNull();
  });

  it("is left unread when the address does not say it was kept for this page (the tab's storage is not touched)", async () => {
    tab.setItem(DESK_KEYS.carriedNotice, 'Your desk account is ready. You are signed in.');
    const read = vi.spyOn(tab, 'getItem');
    const { $deskNotice, showCarriedNotice } = await freshDesk();
    expect(showCarriedNotice('https://bastaa.pk/desk/#/orders')).toBe(
      'https://bastaa.pk/desk/#/orders',
    );
    expect(read).not.toHaveBeenCalled();
    expect($deskNotice.get()).toBeNull();
  });

  it('keeps the rest of the address when it marks it', async () => {
    const { carryingAddress, showCarriedNotice } = await freshDesk();
    expect(carryingAddress('/desk/?x=1#/orders/AB12CD34')).toBe(
      '/desk/?x=1&carried#/orders/AB12CD34',
    );
    expect(showCarriedNotice('https://bastaa.pk/desk/?x=1&carried#/orders/AB12CD34')).toBe(
      'https://bastaa.pk/desk/?x=1#/orders/AB12CD34',
    );
  });

  it('is dropped unshown when it holds control characters', async () => {
    tab.setItem(DESK_KEYS.carriedNotice, 'Signed in.\u001b[2J\u0007');
    const { $deskNotice, showCarriedNotice } = await freshDesk();
    showCarriedNotice('https://bastaa.pk/desk/?carried#/orders');
    expect($deskNotice.get()).toBeNull();
    expect(tab.getItem(DESK_KEYS.carriedNotice)).toBeNull();
  });
});

describe('parseStored', () => {
  it("reads the desk's keys through their schemas", () => {
    expect(parseStored(DESK_KEYS.signedIn, 'true')).toEqual({ ok: true, value: 'true' });
    expect(parseStored(DESK_KEYS.signedIn, 'eyJh.eyJz.c2ln')).toEqual({ ok: false });
    expect(parseStored(DESK_KEYS.carriedNotice, '')).toEqual({ ok: false });
  });
});
