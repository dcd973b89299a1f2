import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../fixtures/memory-storage.ts';

const calls: { url: string; token: string | null; keepalive: boolean | undefined }[] = [];

beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
  vi.stubGlobal('window', {});
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    // A real fetch refuses such a header value before sending anything.
    const token = new Headers(init.headers).get('token');
    calls.push({ url, token, keepalive: init.keepalive });
    return new Response(
      JSON.stringify({ success: true, msg: 'Signed out successfully', cartData: {} }),
      { status: 200 },
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

function storeSession(token: string) {
  localStorage.setItem('token', token);
  localStorage.setItem('email', 'sana@example.com');
  localStorage.setItem('name', 'Sana');
}

describe('signOut', () => {
  it('ends the session on the server with the old token (keepalive) and clears this browser at once', async () => {
    storeSession('eyJh.eyJz.c2ln');
    const { signOut } = await import('../../src/stores/account.ts');
    signOut();
    expect(calls).toEqual([{ url: '/api/user/logout', token: 'eyJh.eyJz.c2ln', keepalive: true }]);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('startAccount with a token no header can carry', () => {
  for (const token of ['eyJh.eyJz.c2ln\nX', 'eyJh.eyJz.c2ln€']) {
    it(`signs out and says the session expired, calling nothing (${JSON.stringify(token)})`, async () => {
      storeSession(token);
      const { startAccount } = await import('../../src/stores/account.ts');
      const { $notices } = await import('../../src/stores/notices.ts');
      const { $session } = await import('../../src/stores/session.ts');
      await startAccount();
      expect(calls).toEqual([]);
      expect($session.get().token).toBe('');
      expect(['token', 'email', 'name'].map((k) => localStorage.getItem(k))).toEqual([
        null,
        null,
        null,
      ]);
      expect($notices.get().map((n) => n.text)).toEqual([
        'Your session has expired. Please log in again.',
      ]);
    });
  }
});

describe('request', () => {
  it('answers a token that cannot be sent as an expired session (401), not as a network error', async () => {
    const { api, ApiError } = await import('../../src/client/api.ts');
    const error = await api.cartGet('abc\ndef').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      network: false,
      message: 'Your session has expired. Please log in again.',
    });
    expect(calls).toEqual([]);
  });
});
