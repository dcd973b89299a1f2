// The desk's keys in the tab's sessionStorage, read through their schemas like the shop's: a value
// that is not what the key holds (a tampered token, a carried message with control characters)
// counts as absent, and the desk neither sends it nor shows it.
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

describe("the desk's stored token", () => {
  for (const stored of [
    'eyJh.eyJz.c2ln\nX-Other: header',
    '{"token":"eyJh.eyJz.c2ln"}',
    '<script>alert(1)</script>',
    'x'.repeat(5000),
  ]) {
    it(`is ignored, not sent, when it is not a token (${JSON.stringify(stored.slice(0, 30))})`, async () => {
      tab.setItem(DESK_KEYS.token, stored);
      const { $deskToken, $deskStaff, loadSession } = await freshDesk();
      expect($deskToken.get()).toBeNull();
      await loadSession();
      expect(calls).toEqual([]);
      expect($deskStaff.get()).toBeNull();
    });
  }

  it('is read and sent in the token header when it is one', async () => {
    tab.setItem(DESK_KEYS.token, 'eyJh.eyJz.c2ln');
    const { $deskToken, loadSession } = await freshDesk();
    expect($deskToken.get()).toBe('eyJh.eyJz.c2ln');
    await loadSession();
    expect(calls.map((c) => [new URL(c.url).pathname, c.headers.get('token')])).toEqual([
      ['/api/desk/me', 'eyJh.eyJz.c2ln'],
    ]);
    // The server's 401 ended the session: the tab forgets the token.
    expect(tab.getItem(DESK_KEYS.token)).toBeNull();
  });

  it('is kept under its own key when a session starts, and removed when it ends', async () => {
    const { endSession, startSession } = await freshDesk();
    const staff = { id: 's1', email: 'a@bastaa.pk', name: 'A', role: 'staff', status: 'active' };
    startSession({ token: 'eyJh.eyJz.c2ln', staff: staff as never, message: 'Signed in.' });
    expect(tab.getItem(DESK_KEYS.token)).toBe('eyJh.eyJz.c2ln');
    expect(tab.getItem('token')).toBeNull();
    endSession();
    expect(tab.getItem(DESK_KEYS.token)).toBeNull();
  });
});

describe("the desk's carried message", () => {
  it('is shown once on the next desk page', async () => {
    tab.setItem(DESK_KEYS.carriedNotice, 'Your desk account is ready. You are signed in.');
    const { $deskNotice, showCarriedNotice } = await freshDesk();
    showCarriedNotice();
    expect($deskNotice.get()).toMatchObject({
      kind: 'success',
      text: 'Your desk account is ready. You are signed in.',
    });
    expect(tab.getItem(DESK_KEYS.carriedNotice)).toBeNull();
  });

  it('is dropped unshown when it holds control characters', async () => {
    tab.setItem(DESK_KEYS.carriedNotice, 'Signed in.\u001b[2J\u0007');
    const { $deskNotice, showCarriedNotice } = await freshDesk();
    showCarriedNotice();
    expect($deskNotice.get()).toBeNull();
    expect(tab.getItem(DESK_KEYS.carriedNotice)).toBeNull();
  });
});

describe('parseStored', () => {
  it("reads the desk's keys through their schemas", () => {
    expect(parseStored(DESK_KEYS.token, 'eyJh.eyJz.c2ln')).toEqual({
      ok: true,
      value: 'eyJh.eyJz.c2ln',
    });
    expect(parseStored(DESK_KEYS.token, 'two words')).toEqual({ ok: false });
    expect(parseStored(DESK_KEYS.carriedNotice, '')).toEqual({ ok: false });
  });
});
