// The waits between tries of a refused mail: the shop's 1 s and 4 s, and the test suites' 10 ms and
// 40 ms (MAIL_RETRY_WAITS=test, set by vitest.config.ts), which a deployed shop refuses. The mail
// server here accepts each connection and closes it at once, as one that is down for a moment does;
// each connection is one try.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAIL_RETRY_DELAYS_MS,
  sendMailWithRetry,
  TEST_MAIL_RETRY_DELAYS_MS,
} from '../../src/server/mail.ts';
import { configProblems, DEPLOYED_ENV } from '../fixtures/config.ts';

/** A mail server that hangs up on every connection, counting them. */
async function hangingUp() {
  const tries: number[] = [];
  const server = net.createServer((socket) => {
    tries.push(Date.now());
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mail = { to: 'ayesha@example.com', subject: 'Your order', text: 'Thank you.' };

/**
 * Records the waits of either schedule the sender asks for and cuts them short, so no test sleeps
 * five seconds; every other timer (nodemailer's own) runs as asked.
 */
function recordWaits(): number[] {
  const schedules = new Set<number>([...MAIL_RETRY_DELAYS_MS, ...TEST_MAIL_RETRY_DELAYS_MS]);
  const realSetTimeout = globalThis.setTimeout;
  const waits: number[] = [];
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    run: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    if (ms === undefined || !schedules.has(ms)) return realSetTimeout(run, ms, ...rest);
    waits.push(ms);
    return realSetTimeout(run, 0);
  }) as typeof setTimeout);
  return waits;
}

describe('the waits between tries of a refused mail', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("are the test suites' 10 ms and 40 ms under MAIL_RETRY_WAITS=test: three tries, then the failure", async () => {
    expect(TEST_MAIL_RETRY_DELAYS_MS).toEqual([10, 40]);
    const server = await hangingUp();
    const waits = recordWaits();
    try {
      const sent = sendMailWithRetry(
        {
          SMTP_URL: server.url,
          MAIL_FROM: 'shop@example.com',
          DATA_DIR: '',
          MAIL_RETRY_WAITS: 'test',
        },
        mail,
      );
      await expect(sent).rejects.toThrow();
      expect(waits).toEqual([10, 40]);
      expect(server.tries).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it("are the shop's 1 s and 4 s without it: three tries, then the failure", async () => {
    expect(MAIL_RETRY_DELAYS_MS).toEqual([1000, 4000]);
    const server = await hangingUp();
    const waits = recordWaits();
    try {
      const sent = sendMailWithRetry(
        { SMTP_URL: server.url, MAIL_FROM: 'shop@example.com', DATA_DIR: '' },
        mail,
      );
      await expect(sent).rejects.toThrow();
      expect(waits).toEqual([1000, 4000]);
      expect(server.tries).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});

describe('MAIL_RETRY_WAITS', () => {
  const tooShort =
    'MAIL_RETRY_WAITS: "test" gives a refusing mail server milliseconds to recover; it is for the test suites only, so remove it here';

  it('is taken locally, refused beside MongoDB and on Netlify, and any other value is refused everywhere', () => {
    expect(configProblems({ MAIL_RETRY_WAITS: 'test' })).toEqual([]);
    expect(
      configProblems({ MAIL_RETRY_WAITS: 'test', MONGODB_URI: 'mongodb://127.0.0.1:27017' }),
    ).toEqual([tooShort]);
    expect(configProblems({ ...DEPLOYED_ENV, MAIL_RETRY_WAITS: 'test' })).toEqual([tooShort]);
    expect(configProblems({ MAIL_RETRY_WAITS: 'fast' })).toEqual([
      'MAIL_RETRY_WAITS: may only be "test" (for the test suites), or unset',
    ]);
  });
});
