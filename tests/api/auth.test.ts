import { SignJWT, generateKeyPair, base64url } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '../../src/lib/messages.ts';
import { verifyGoogleIdToken } from '../../src/server/accounts/auth/google.ts';
import { isCommonPassword } from '../../src/server/accounts/auth/common-passwords.ts';
import {
  hashOtp,
  newOtpNonce,
  otpFor,
  otpMatches,
  sixDigits,
} from '../../src/server/accounts/auth/otp.ts';
import {
  hashPassword,
  hashingLoad,
  verifyPassword,
} from '../../src/server/accounts/auth/passwords.ts';
import { QueueFullError, boundedQueue } from '../../src/server/bounded-queue.ts';
import {
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  issueToken,
  readToken,
  tokenFromRequest,
} from '../../src/server/accounts/auth/tokens.ts';
import { configProblems, DEPLOYED_ENV } from '../fixtures/config.ts';
import { startFakeGoogle } from '../fixtures/fake-google.ts';

const key = new TextEncoder().encode('a-test-secret-that-is-long-enough-to-sign');

/** The shop's own cost, not the suites' PASSWORD_HASH_COST=test (vitest.config.ts). */
function atTheRealCost() {
  beforeEach(() => {
    vi.stubEnv('PASSWORD_HASH_COST', undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
}

describe('hashPassword', () => {
  atTheRealCost();

  it('stores scrypt at N=2^17, r=8, p=1 with a random salt', async () => {
    const [a, b] = await Promise.all([
      hashPassword('correct horse'),
      hashPassword('correct horse'),
    ]);
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
  });
});

describe("the test suites' cost (PASSWORD_HASH_COST=test)", () => {
  it('stores the same scrypt at N=2^12, and a hash of either cost verifies under the other', async () => {
    const cheap = await hashPassword('correct horse');
    expect(cheap).toMatch(/^scrypt\$4096\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    vi.stubEnv('PASSWORD_HASH_COST', undefined);
    try {
      const real = await hashPassword('correct horse');
      expect(await verifyPassword('correct horse', cheap)).toBe(true);
      vi.stubEnv('PASSWORD_HASH_COST', 'test');
      expect(await verifyPassword('correct horse', real)).toBe(true);
      expect(await verifyPassword('correct horsE', real)).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
    // Two hashes at the real cost (about 0.3 s each alone; many seconds on a busy machine).
  }, 60_000);

  it('is refused on Netlify and beside MongoDB, and any other value is refused everywhere', () => {
    const weak =
      'PASSWORD_HASH_COST: "test" weakens every stored password; it is for the test suites only, so remove it here';
    expect(configProblems({ PASSWORD_HASH_COST: 'test' })).toEqual([]);
    expect(
      configProblems({ PASSWORD_HASH_COST: 'test', MONGODB_URI: 'mongodb://127.0.0.1:27017' }),
    ).toEqual([weak]);
    expect(configProblems({ ...DEPLOYED_ENV, PASSWORD_HASH_COST: 'test' })).toEqual([weak]);
    expect(configProblems({ PASSWORD_HASH_COST: 'low' })).toEqual([
      'PASSWORD_HASH_COST: may only be "test" (for the test suites), or unset',
    ]);
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('s3cret-pass');
    expect(await verifyPassword('s3cret-pass', stored)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', stored)).toBe(false);
  });

  it('never matches a missing or malformed hash', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});

describe('boundedQueue', () => {
  it('runs at most its concurrency at once, queues up to its waiting cap and refuses the rest at once', async () => {
    const queue = boundedQueue(2, 3);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs = Array.from({ length: 5 }, () => queue.run(() => gate));
    expect(queue.load()).toEqual({ running: 2, waiting: 3, peak: 2 });
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFullError);
    release();
    await Promise.all(runs);
    expect(queue.load()).toEqual({ running: 0, waiting: 0, peak: 2 });
  });

  it('frees the slot of a task that failed', async () => {
    const queue = boundedQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});

// The queue bounds how many hashes run, whatever each costs: at the suites' cost the burst's ten
// verifications take a fraction of a second, where ten at the real cost took a minute on a busy
// two-core machine and ran out of time.
describe('password hashing under a burst', () => {
  it('runs at most 2 hashes at once, queues 8 and answers the rest 503 with Retry-After', async () => {
    const stored = await hashPassword('the real one');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => verifyPassword('a guess', stored)),
    );
    expect(hashingLoad().peak).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({
        kind: 'unavailable',
        message: SERVER_MESSAGES.hashingBusy,
        retryAfterSeconds: 2,
      });
    }
  }, 60_000);
});

describe('isCommonPassword', () => {
  it('finds passwords from the maintained list in any letter case', () => {
    for (const password of ['12345678', 'password', 'Password1', 'QWERTYUIOP', 'iloveyou'])
      expect(isCommonPassword(password)).toBe(true);
  });

  it('lets an uncommon passphrase through', () => {
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });
});

describe('readToken', () => {
  it('reads back the user id and token version of an issued token', async () => {
    const token = await issueToken({ userId: 'u1', tokenVersion: 3 }, key);
    expect(await readToken(token, key)).toEqual({ userId: 'u1', tokenVersion: 3 });
  });

  it('refuses an unsigned token with alg none', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const now = Math.floor(Date.now() / 1000);
    const payload = base64url.encode(
      JSON.stringify({ sub: 'u1', tv: 0, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: now + 60 }),
    );
    expect(await readToken(`${header}.${payload}.`, key)).toBeNull();
  });

  it('refuses a token whose payload was tampered with', async () => {
    const [h, , s] = (await issueToken({ userId: 'u1', tokenVersion: 0 }, key)).split('.');
    const forged = base64url.encode(
      JSON.stringify({ sub: 'admin', tv: 0, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: 9e9 }),
    );
    expect(await readToken(`${h}.${forged}.${s}`, key)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const token = await issueToken(
      { userId: 'u1', tokenVersion: 0 },
      key,
      Date.now() - 8 * 24 * 3600 * 1000,
    );
    expect(await readToken(token, key)).toBeNull();
  });

  it('refuses a token for another audience or issuer', async () => {
    const sign = (iss: string, aud: string) =>
      new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u1')
        .setIssuer(iss)
        .setAudience(aud)
        .setExpirationTime('1h')
        .sign(key);
    expect(await readToken(await sign(TOKEN_ISSUER, 'someone-else'), key)).toBeNull();
    expect(await readToken(await sign('evil', TOKEN_AUDIENCE), key)).toBeNull();
  });

  it('refuses a token signed with another secret or algorithm', async () => {
    const other = await issueToken(
      { userId: 'u1', tokenVersion: 0 },
      new TextEncoder().encode('x'.repeat(40)),
    );
    expect(await readToken(other, key)).toBeNull();
    const { privateKey } = await generateKeyPair('RS256');
    const rs = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('u1')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(privateKey);
    expect(await readToken(rs, key)).toBeNull();
  });
});

describe('tokenFromRequest', () => {
  it('reads the token header and the Authorization bearer form', () => {
    expect(tokenFromRequest(new Request('http://x', { headers: { token: 'abc' } }))).toBe('abc');
    expect(
      tokenFromRequest(new Request('http://x', { headers: { authorization: 'Bearer def' } })),
    ).toBe('def');
    expect(tokenFromRequest(new Request('http://x'))).toBeNull();
  });
});

describe('otpFor', () => {
  it('makes six digits, the same for the same e-mail and nonce, whatever the letter case', () => {
    const nonce = newOtpNonce();
    expect(otpFor('a@example.com', nonce, key)).toMatch(/^\d{6}$/);
    expect(otpFor('A@Example.com', nonce, key)).toBe(otpFor('a@example.com', nonce, key));
  });

  it('makes a different code for another nonce, another e-mail or another server key', () => {
    const codes = new Set(
      Array.from({ length: 200 }, () => otpFor('a@example.com', newOtpNonce(), key)),
    );
    expect(codes.size).toBeGreaterThan(190);
    const nonce = newOtpNonce();
    const other = new TextEncoder().encode('another-secret-that-is-long-enough-too');
    const mine = otpFor('a@example.com', nonce, key);
    expect(otpFor('b@example.com', nonce, key)).not.toBe(mine);
    expect(otpFor('a@example.com', nonce, other)).not.toBe(mine);
  });

  it('spreads codes evenly: each leading digit takes about a tenth of 20,000 codes', () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i++)
      counts[Number(otpFor('spread@example.com', String(i), key)[0])]! += 1;
    // Chi-square with 9 degrees of freedom: 27.9 is the 0.1 % tail.
    const chi = counts.reduce((sum, n) => sum + (n - 2000) ** 2 / 2000, 0);
    expect(chi).toBeLessThan(27.9);
  });
});

describe('sixDigits', () => {
  it('rejects 32-bit chunks at or above the last whole million below 2^32 and takes the next one', () => {
    const mac = Buffer.alloc(8);
    mac.writeUInt32BE(4_294_000_000, 0);
    mac.writeUInt32BE(4_293_999_999, 4);
    expect(sixDigits(mac)).toBe('999999');
    mac.writeUInt32BE(7, 4);
    expect(sixDigits(mac)).toBe('000007');
  });

  it('gives nothing when every chunk is rejected', () => {
    expect(sixDigits(Buffer.alloc(32, 0xff))).toBeNull();
  });
});

describe('otpMatches', () => {
  it('matches only the same code for the same e-mail', () => {
    const stored = hashOtp('a@example.com', '012345', key);
    expect(otpMatches('A@example.com', '012345', stored, key)).toBe(true);
    expect(otpMatches('a@example.com', '012346', stored, key)).toBe(false);
    expect(otpMatches('b@example.com', '012345', stored, key)).toBe(false);
  });
});

describe('verifyGoogleIdToken', () => {
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  beforeAll(async () => (google = await startFakeGoogle()));
  afterAll(async () => google.close());
  const verify = (token: string) =>
    verifyGoogleIdToken(token, { clientId: google.clientId, jwksUrl: google.jwksUrl });

  it('accepts a valid token with either issuer spelling', async () => {
    expect(await verify(await google.sign())).toEqual({
      sub: 'google-sub-123',
      email: 'zara@example.com',
      name: 'Zara Khan',
    });
    expect(await verify(await google.sign({ iss: 'accounts.google.com' }))).not.toBeNull();
  });

  it('refuses a wrong audience, a wrong issuer and an expired token', async () => {
    expect(await verify(await google.sign({ aud: 'other-client' }))).toBeNull();
    expect(await verify(await google.sign({ iss: 'https://evil.example.com' }))).toBeNull();
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect(await verify(await google.sign({ iat: past - 600, exp: past }))).toBeNull();
  });

  it('refuses a token signed by a key Google does not publish, and an unverified e-mail', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect(await verify(await google.sign({}, privateKey))).toBeNull();
    expect(await verify(await google.sign({ email_verified: false }))).toBeNull();
  });
});
