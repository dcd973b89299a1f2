import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { SERVER_MESSAGES } from '../../../lib/messages.ts';
import { boundedQueue, QueueFullError, type QueueLoad } from '../../bounded-queue.ts';
import { loadConfig } from '../../config.ts';
import { unavailable } from '../../errors.ts';

// OWASP ASVS 5.0 / Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
// PASSWORD_HASH_COST=test (the test suites; config refuses it on Netlify and beside MongoDB): the
// same scrypt at 1/32 of the work, so the thousands of sign-ups and logins the tests make cost
// CPU-minutes less. Every hash names its own cost, so verifying is the same either way.
const TEST_PARAMS = { N: 2 ** 12, r: 8, p: 1 } as const;
const params = () => (loadConfig().PASSWORD_HASH_COST === 'test' ? TEST_PARAMS : PARAMS);
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes (128 MiB here); Node's default cap is 32 MiB.
const MAX_MEM = 256 * 1024 * 1024;

/** Hashes that may run at once per instance (one per core), and how many more may wait for one. */
export const HASHING_CONCURRENCY = 2;
export const HASHING_MAX_WAITING = 8;

// Each hash takes ~0.4 s of a core and 128 MiB: unbounded, a burst of bad logins starves every
// genuine one and the memory. Beyond the waiting line a request is told to come back at once.
const queue = boundedQueue(HASHING_CONCURRENCY, HASHING_MAX_WAITING);

/** How many password hashes run and wait on this instance, and the most that ever ran at once. */
export const hashingLoad = (): QueueLoad => queue.load();

async function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  try {
    return await queue.run(
      () =>
        new Promise<Buffer>((resolve, reject) =>
          scrypt(
            password.normalize('NFKC'),
            salt,
            KEY_LENGTH,
            { ...options, maxmem: MAX_MEM },
            (error, key) => (error ? reject(error) : resolve(key)),
          ),
        ),
    );
  } catch (error) {
    if (error instanceof QueueFullError) throw unavailable(SERVER_MESSAGES.hashingBusy, 2);
    throw error;
  }
}

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const cost = params();
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Checks a password against a stored hash in constant time; malformed hashes never match. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts;
  const expected = Buffer.from(key ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, Buffer.from(salt ?? '', 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

// A fixed hash to verify against when the e-mail is unknown, so both paths cost the same time:
// one per cost, so a process whose cost changes (a test) still compares like with like.
const decoys = new Map<number, Promise<string>>();
/** A valid hash of a random password, used to equalise timing for unknown accounts. */
export function decoyHash(): Promise<string> {
  const { N } = params();
  let decoy = decoys.get(N);
  if (!decoy) {
    // A failed first hash (a full queue, say) must not be remembered as the decoy.
    decoy = hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
      decoys.delete(N);
      throw error;
    });
    decoys.set(N, decoy);
  }
  return decoy;
}
