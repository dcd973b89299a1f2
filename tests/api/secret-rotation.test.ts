// Rotating JWT_SECRET without logging everyone out: tokens name their key by a key id,
// the server accepts the current and the previous secret (JWT_SECRET_PREVIOUS) and signs with the
// current one; authenticator secrets sealed under the old secret still open and are re-sealed.
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { ACCOUNT_MESSAGES } from '../../src/lib/messages.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { keyId } from '../../src/server/secret.ts';
import { issueStaffToken } from '../../src/server/accounts/auth/staff-tokens.ts';
import { issueToken } from '../../src/server/accounts/auth/tokens.ts';
import { openTotpSecret } from '../../src/server/accounts/auth/totp.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call, signUp } from '../fixtures/api.ts';
import { deskCall, enrol, sessionCookieOf, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { codeIn, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { settleBackground } from '../../src/server/background.ts';

const OLD = 'the-old-secret-that-leaked-0123456789abcdefghijkl';
const NEW = 'the-new-secret-from-openssl-rand-9876543210zyxwvu';
const UNKNOWN = 'a-secret-this-shop-never-had-0123456789-abcdefghij';
const encode = (secret: string) => new TextEncoder().encode(secret);

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let shopper: { token: string; email: string };
let member: Member;
let lateMember: Member;
let resetter: { token: string; email: string };
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let codeBeforeRotation: string | null;
const saved = { current: process.env.JWT_SECRET, previous: process.env.JWT_SECRET_PREVIOUS };

/** Sets the secrets the server reads on its next request. */
function secrets(current: string, previous?: string): void {
  process.env.JWT_SECRET = current;
  if (previous === undefined) delete process.env.JWT_SECRET_PREVIOUS;
  else process.env.JWT_SECRET_PREVIOUS = previous;
}

const ordersOf = (token: string) => call(account, '/api/order/userorders', { token, body: {} });

beforeAll(async () => {
  env = await useTempDataDir();
  secrets(OLD);
  shopper = await signUp('Rotating Shopper');
  member = await enrol('staff', 'Rotating Staff');
  lateMember = await enrol('staff', 'Staff Who Signs In Late');
  resetter = await signUp('Resetting Shopper');
  smtp = await startSmtpCatcher();
  process.env.SMTP_URL = smtp.url;
  await call(account, '/api/user/reset-password-request', { body: { email: resetter.email } });
  await settleBackground();
  codeBeforeRotation = codeIn(smtp.mails.at(-1)?.raw ?? '');
  secrets(NEW, OLD);
}, 60_000);

afterAll(async () => {
  if (saved.current === undefined) delete process.env.JWT_SECRET;
  else process.env.JWT_SECRET = saved.current;
  if (saved.previous === undefined) delete process.env.JWT_SECRET_PREVIOUS;
  else process.env.JWT_SECRET_PREVIOUS = saved.previous;
  delete process.env.SMTP_URL;
  await smtp.close();
  await env.cleanup();
});

describe('rotating JWT_SECRET with JWT_SECRET_PREVIOUS set', () => {
  it('keeps a shopper signed in with a token signed by the previous secret', async () => {
    expect(decodeProtectedHeader(shopper.token).kid).toBe(keyId(encode(OLD)));
    const answer = await ordersOf(shopper.token);
    expect(answer.status).toBe(200);
  });

  it('keeps a desk session signed by the previous secret open', async () => {
    const answer = await deskCall('me', { token: member.token });
    expect(answer.status).toBe(200);
    expect(answer.body.staff.id).toBe(member.id);
  });

  it('refuses a shopper token signed with a secret the shop never had', async () => {
    const user = await (await getStore()).users.findByEmail(shopper.email);
    const forged = await issueToken({ userId: user!.id, tokenVersion: 0 }, encode(UNKNOWN));
    const answer = await ordersOf(forged);
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 401,
      message: ACCOUNT_MESSAGES.sessionExpired,
    });
  });

  it('refuses a desk token signed with a secret the shop never had', async () => {
    const forged = await issueStaffToken(
      { staffId: member.id, role: 'staff', sessionVersion: 0 },
      encode(UNKNOWN),
    );
    const answer = await deskCall('me', { token: forged });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 401,
      message: DESK_ANSWERS.sessionEnded,
    });
  });

  it('refuses a token whose key id is the previous secret’s but whose signature is another key’s', async () => {
    const user = await (await getStore()).users.findByEmail(shopper.email);
    const forged = await issueToken({ userId: user!.id, tokenVersion: 0 }, encode(UNKNOWN));
    const [, payload, signature] = forged.split('.');
    const header = Buffer.from(
      JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: keyId(encode(OLD)) }),
    ).toString('base64url');
    const answer = await ordersOf(`${header}.${payload}.${signature}`);
    expect(answer.status).toBe(401);
  });

  it('signs new sessions with the current secret, naming it by an id that is not the secret', async () => {
    const answer = await deskCall('signin', {
      body: { email: member.email, password: member.password, code: member.code(1) },
      ip: '198.51.100.61',
    });
    expect(answer.status).toBe(200);
    const header = decodeProtectedHeader(sessionCookieOf(answer.headers)!);
    expect(header.kid).toBe(keyId(encode(NEW)));
    expect(JSON.stringify(header)).not.toContain(NEW.slice(0, 12));
    expect(keyId(encode(NEW))).not.toBe(keyId(encode(OLD)));
  });

  it('re-seals an authenticator secret under the current secret at its first sign-in after the rotation', async () => {
    const store = await getStore();
    const stored = await store.staff.findById(member.id);
    expect(openTotpSecret(stored!.totpSecret!, encode(NEW))).not.toBeNull();
    expect(openTotpSecret(stored!.totpSecret!, encode(OLD))).toBeNull();
    const untouched = await store.staff.findById(lateMember.id);
    expect(openTotpSecret(untouched!.totpSecret!, encode(OLD))).not.toBeNull();
  });
});

describe('a password reset code issued just before the rotation', () => {
  it('is mailed again unchanged when asked for after the rotation, and resets the password', async () => {
    expect(codeBeforeRotation).toMatch(/^\d{6}$/);
    // Past the one-mail-a-minute limit, within the code's 10 minutes.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 70_000 });
    try {
      smtp.mails.splice(0);
      await call(account, '/api/user/reset-password-request', { body: { email: resetter.email } });
      await settleBackground();
      expect(codeIn(smtp.mails.at(-1)?.raw ?? '')).toBe(codeBeforeRotation);
      const answer = await call(account, '/api/user/verify-otp-reset-password', {
        body: {
          email: resetter.email,
          otp: codeBeforeRotation,
          newPassword: 'a brand new passphrase',
        },
      });
      expect({ status: answer.status, msg: answer.body.msg }).toEqual({
        status: 200,
        msg: ACCOUNT_MESSAGES.passwordUpdated,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('after the rotation, with JWT_SECRET_PREVIOUS removed', () => {
  beforeAll(() => secrets(NEW));

  it('refuses a shopper token signed with the old secret', async () => {
    const answer = await ordersOf(shopper.token);
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 401,
      message: ACCOUNT_MESSAGES.sessionExpired,
    });
  });

  it('refuses a desk token signed with the old secret', async () => {
    const answer = await deskCall('me', { token: lateMember.token });
    expect(answer.status).toBe(401);
  });

  it('still signs in a member whose authenticator secret was re-sealed during the rotation', async () => {
    // Two minutes on: the code used at the last sign-in is behind, a fresh one is due.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    try {
      const answer = await deskCall('signin', {
        body: { email: member.email, password: member.password, code: member.code() },
        ip: '198.51.100.62',
      });
      expect(answer.status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('no longer signs in a member whose authenticator secret is still sealed under the old secret', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    try {
      const answer = await deskCall('signin', {
        body: { email: lateMember.email, password: lateMember.password, code: lateMember.code() },
        ip: '198.51.100.63',
      });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 401,
        message: DESK_ANSWERS.badSignIn,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
