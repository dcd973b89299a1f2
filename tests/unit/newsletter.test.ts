import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeToNewsletter } from '../../src/client/newsletter.ts';

let sent: { url: string; init: RequestInit }[] = [];

/** Answers POST /api/newsletter with `body` and `status`. */
function answer(body: string, status = 200) {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(body, { status });
  });
}
afterEach(() => vi.unstubAllGlobals());

describe('subscribeToNewsletter', () => {
  it('posts the e-mail as JSON and answers the server’s message when it accepts', async () => {
    answer('{"success":true,"message":"Check your inbox to confirm your subscription."}');
    expect(await subscribeToNewsletter('sana@example.com')).toEqual({
      network: false,
      ok: true,
      message: 'Check your inbox to confirm your subscription.',
    });
    expect(sent).toEqual([
      {
        url: '/api/newsletter',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"email":"sana@example.com"}',
        },
      },
    ]);
  });

  it('answers a refusal with the server’s message', async () => {
    answer('{"success":false,"message":"Too many sign-ups from your network."}', 429);
    expect(await subscribeToNewsletter('sana@example.com')).toEqual({
      network: false,
      ok: false,
      message: 'Too many sign-ups from your network.',
    });
  });

  it('answers no message for an answer that is not JSON', async () => {
    answer('<!doctype html><title>Bad gateway</title>', 502);
    expect(await subscribeToNewsletter('sana@example.com')).toEqual({
      network: false,
      ok: false,
      message: null,
    });
  });

  it('answers a network failure when nothing comes back', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    expect(await subscribeToNewsletter('sana@example.com')).toEqual({ network: true });
  });
});
