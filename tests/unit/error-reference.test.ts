// The reference a shopper can quote: appended to a server's message only on an
// unexpected failure (5xx) that carries one; every expected message stays word for word.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, withReference } from '../../src/client/api.ts';
import { ORDER_MESSAGES, SERVER_MESSAGES } from '../../src/lib/messages.ts';

afterEach(() => vi.unstubAllGlobals());

/** Makes the next fetch answer `body` with `status`. */
function answer(status: number, body: unknown): void {
  vi.stubGlobal('fetch', async () => Response.json(body, { status }));
}

describe('withReference', () => {
  it('appends the reference to a 5xx message', () => {
    expect(withReference(SERVER_MESSAGES.failed, 500, '7F3K2Q')).toBe(
      `${SERVER_MESSAGES.failed} Reference: 7F3K2Q`,
    );
  });

  it('keeps a 4xx message word for word, even with a reference', () => {
    expect(withReference(ORDER_MESSAGES.placed, 409, '7F3K2Q')).toBe(ORDER_MESSAGES.placed);
  });

  it('ignores a reference that is not six characters of the reference alphabet', () => {
    for (const bad of ['7f3k2q', '7F3K2', '7F3K2QQ', 'I0O1LU', '<b>x</b>', 42, null])
      expect(withReference(SERVER_MESSAGES.failed, 500, bad)).toBe(SERVER_MESSAGES.failed);
  });

  it('leaves a missing message missing', () => {
    expect(withReference(null, 502, '7F3K2Q')).toBeNull();
  });
});

describe('a call that fails unexpectedly', () => {
  it('shows the server’s message with the reference the shopper can quote', async () => {
    answer(500, { success: false, message: SERVER_MESSAGES.failed, reference: 'MRX741' });
    const error = await api.rates().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 500,
      message: `${SERVER_MESSAGES.failed} Reference: MRX741`,
      serverMessage: `${SERVER_MESSAGES.failed} Reference: MRX741`,
    });
  });

  it('shows an outage (503) with its reference too', async () => {
    answer(503, { success: false, message: SERVER_MESSAGES.unavailable, reference: 'A1B2C3' });
    const error = await api.productList().catch((e: unknown) => e);
    expect((error as ApiError).serverMessage).toBe(
      `${SERVER_MESSAGES.unavailable} Reference: A1B2C3`,
    );
  });

  it('keeps an expected refusal’s message as the server wrote it', async () => {
    answer(400, { success: false, message: 'Invalid email', msg: 'Invalid email' });
    const error = await api.login({ email: 'x', password: 'y' }).catch((e: unknown) => e);
    expect((error as ApiError).serverMessage).toBe('Invalid email');
  });
});
