import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ACCOUNT_ANSWERS, ACCOUNT_MESSAGES } from '../../src/lib/messages.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import account from '../../netlify/functions/account.mts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call, signUp } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeGoogle } from '../fixtures/fake-google.ts';
import { codeIn, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
beforeAll(async () => {
  env = await useTempDataDir();
});
afterAll(async () => {
  await settleBackground();
  await env.cleanup();
});

const PASSWORD = 'correct horse battery';
const loginFrom = (ip: string, email: string, password: string) =>
  call(account, '/api/user/login', { body: { email, password }, ip });
/** The dev outbox's mails to one address. */
function outboxTo(email: string): string[] {
  const dir = path.join(env.dir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((f) => f.endsWith(`-${email}.txt`))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

describe('POST /api/user/register', () => {
  it('creates an account and answers success, msg, token and the user', async () => {
    const answer = await call(account, '/api/user/register', {
      body: { name: 'Ayesha Malik', email: 'Ayesha@Example.com', password: PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      msg: ACCOUNT_ANSWERS.registered,
      user: { email: 'ayesha@example.com', name: 'Ayesha Malik' },
    });
    expect(answer.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('refuses the same e-mail in another letter case', async () => {
    const answer = await call(account, '/api/user/register', {
      body: { name: 'Someone', email: 'AYESHA@example.com', password: PASSWORD },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      success: false,
      message: ACCOUNT_ANSWERS.emailTaken,
      msg: ACCOUNT_ANSWERS.emailTaken,
    });
  });

  it('refuses an object where the e-mail belongs and ignores extra fields such as role', async () => {
    const bad = await call(account, '/api/user/register', {
      body: { name: 'X', email: { $gt: '' }, password: PASSWORD },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const extra = await call(account, '/api/user/register', {
      body: { name: 'Role Seeker', email: 'role@example.com', password: PASSWORD, role: 'admin' },
    });
    expect(extra.status).toBe(200);
    expect(extra.body.user).toEqual({ email: 'role@example.com', name: 'Role Seeker' });
  });

  it('answers 405 to a GET, 400 to broken JSON and 413 to a body over 100 KB', async () => {
    expect((await call(account, '/api/user/register', { method: 'GET' })).status).toBe(405);
    const broken = await call(account, '/api/user/register', { rawBody: '{"name":' });
    expect(broken).toMatchObject({
      status: 400,
      body: { success: false, message: 'Request body must be valid JSON' },
    });
    const huge = await call(account, '/api/user/register', {
      body: { name: 'x'.repeat(101 * 1024), email: 'h@example.com', password: PASSWORD },
    });
    expect(huge.status).toBe(413);
  });
});

describe('POST /api/user/login', () => {
  it('signs in with the right password', async () => {
    const answer = await call(account, '/api/user/login', {
      body: { email: 'ayesha@example.com', password: PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      msg: ACCOUNT_MESSAGES.loggedIn,
      user: { email: 'ayesha@example.com' },
    });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const wrong = await call(account, '/api/user/login', {
      body: { email: 'ayesha@example.com', password: 'nope nope' },
      ip: '192.0.2.1',
    });
    const unknown = await call(account, '/api/user/login', {
      body: { email: 'nobody@example.com', password: 'nope nope' },
      ip: '192.0.2.1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.msg).toBe(ACCOUNT_ANSWERS.badCredentials);
  });

  it('lets the owner in from their own address whatever an outsider tried at their e-mail', async () => {
    const { email } = await signUp();
    // The outsider retries as soon as Retry-After allows, on a clock that moves by exactly that.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const statuses: number[] = [];
    for (let wrong = 0; wrong < 12;) {
      const answer = await loginFrom(`203.0.113.${60 + (wrong % 2)}`, email, 'wrong-password');
      statuses.push(answer.status);
      if (answer.status === 429)
        vi.setSystemTime(Date.now() + Number(answer.headers.get('retry-after')) * 1000);
      else wrong += 1;
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(12);
    // The owner, on their phone, right after the outsider's last try.
    const owner = await loginFrom('198.51.100.200', email, PASSWORD);
    expect({ status: owner.status, msg: owner.body.msg }).toEqual({
      status: 200,
      msg: ACCOUNT_MESSAGES.loggedIn,
    });
  });

  it('refuses a sixth wrong password for one e-mail from one address for 15 minutes', async () => {
    const { email } = await signUp();
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (let i = 0; i < 5; i++)
      expect((await loginFrom('203.0.113.67', email, 'wrong-password')).status).toBe(401);
    const sixth = await loginFrom('203.0.113.67', email, PASSWORD);
    expect({ status: sixth.status, message: sixth.body.message }).toEqual({
      status: 429,
      message: ACCOUNT_ANSWERS.tooManyLogins,
    });
    expect(sixth.headers.get('retry-after')).toBe('900');
    // Another e-mail from that address is not held back, nor this e-mail from another address.
    const other = await signUp();
    expect((await loginFrom('203.0.113.67', other.email, PASSWORD)).status).toBe(200);
    expect((await loginFrom('203.0.113.68', email, PASSWORD)).status).toBe(200);
    vi.setSystemTime(Date.now() + 900_000);
    expect((await loginFrom('203.0.113.67', email, PASSWORD)).status).toBe(200);
  });

  it('counts 12 parallel wrong passwords from one address: 5 are checked, 7 refused', async () => {
    const { email } = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => loginFrom('203.0.113.69', email, 'wrong-password')),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array(5).fill(401),
      ...Array(7).fill(429),
    ]);
  });

  it('mails the owner once when logins to their account keep failing, saying from where', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 12; i++) await loginFrom(`203.0.113.${100 + (i % 4)}`, email, 'wrong');
    await settleBackground();
    const mails = outboxTo(email).filter((m) => m.includes('Subject: Failed logins to your'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(
      `Someone failed to log in to your Bastaa account (${email}) 5 times in the last 60 minutes, most recently from the address 203.0.113.100 on `,
    );
    expect(mails[0]).toContain('Nobody got in, and you can still log in as usual.');
    // An e-mail nobody has is counted alike, and mailed nothing.
    for (let i = 0; i < 6; i++) await loginFrom('203.0.113.104', 'ghost@example.com', 'wrong');
    await settleBackground();
    expect(outboxTo('ghost@example.com')).toEqual([]);
  });
});

describe('POST /api/user/login from one shared address', () => {
  it('lets more than 20 successful sign-ins through in 15 minutes: only failures count per address', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 21; i++) {
      expect(
        (
          await call(account, '/api/user/login', {
            body: { email, password: PASSWORD },
            ip: '198.51.100.7',
          })
        ).status,
      ).toBe(200);
    }
  }, 60_000);
});

describe('POST /api/user/google-login', () => {
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  beforeAll(async () => {
    google = await startFakeGoogle();
    process.env.GOOGLE_CLIENT_ID = google.clientId;
    process.env.GOOGLE_JWKS_URL = google.jwksUrl;
  });
  afterAll(async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_JWKS_URL;
    await google.close();
  });

  it('creates the account from a valid ID token without storing a password', async () => {
    const answer = await call(account, '/api/user/google-login', {
      body: { token: await google.sign() },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      user: { email: 'zara@example.com', name: 'Zara Khan' },
    });
    const user = await (await getStore()).users.findByEmail('zara@example.com');
    expect(user?.passwordHash).toBeNull();
  });

  it('links an existing password account by its verified e-mail', async () => {
    const { email } = await signUp('Linked Shopper');
    const answer = await call(account, '/api/user/google-login', {
      body: { token: await google.sign({ email, sub: 'sub-linked' }) },
    });
    expect(answer.body.user).toEqual({ email, name: 'Linked Shopper' });
    expect((await (await getStore()).users.findByEmail(email))?.googleSub).toBe('sub-linked');
  });

  it('refuses a wrong audience, a wrong issuer and an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    for (const claims of [
      { aud: 'someone-else' },
      { iss: 'https://evil.example.com' },
      { exp: past, iat: past - 60 },
    ]) {
      const answer = await call(account, '/api/user/google-login', {
        body: { token: await google.sign(claims) },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, message: 'Google sign-in failed' });
    }
  });
});

describe('password reset over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    process.env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await smtp.close();
  });
  // A test's mails still on their way (a password-changed notice) belong to it, not the next one.
  afterEach(async () => {
    await settleBackground();
    smtp.mails.splice(0);
  });

  it('mails a six-digit code, sets the new password with it and ends older sessions', async () => {
    const { token, email } = await signUp();
    expect((await call(account, '/api/cart/get', { token })).status).toBe(200);
    const requested = await call(account, '/api/user/reset-password-request', {
      body: { email },
    });
    expect(requested.body).toEqual({ success: true, msg: 'OTP sent to your email.' });
    await settleBackground();
    const mail = smtp.mails.find((m) => m.to.includes(email));
    const otp = codeIn(mail?.raw ?? '');
    expect(otp).toMatch(/^\d{6}$/);
    const reset = await call(account, '/api/user/verify-otp-reset-password', {
      body: { email, otp, newPassword: 'a brand new secret' },
    });
    expect(reset.body).toEqual({
      success: true,
      msg: 'Password updated successfully. Please log in.',
    });
    const old = await call(account, '/api/cart/get', { token });
    expect(old.status).toBe(401);
    expect(
      (
        await call(account, '/api/user/login', {
          body: { email, password: 'a brand new secret' },
        })
      ).status,
    ).toBe(200);
    const again = await call(account, '/api/user/verify-otp-reset-password', {
      body: { email, otp, newPassword: 'yet another secret' },
    });
    expect(again.status).toBe(400);
  });

  it('answers an unknown e-mail like a known one and sends nothing', async () => {
    const answer = await call(account, '/api/user/reset-password-request', {
      body: { email: 'ghost@example.com' },
    });
    expect(answer.body).toEqual({ success: true, msg: 'OTP sent to your email.' });
    await settleBackground();
    expect(smtp.mails).toHaveLength(0);
  });

  it('burns the code after 5 wrong attempts', async () => {
    const { email } = await signUp();
    await call(account, '/api/user/reset-password-request', { body: { email } });
    await settleBackground();
    const otp = codeIn(smtp.mails.at(-1)?.raw ?? '') as string;
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const answer = await call(account, '/api/user/verify-otp-reset-password', {
        body: { email, otp: wrong, newPassword: 'another secret!' },
      });
      expect(answer.body).toMatchObject({ success: false, msg: ACCOUNT_ANSWERS.badOtp });
    }
    const right = await call(account, '/api/user/verify-otp-reset-password', {
      body: { email, otp, newPassword: 'another secret!' },
    });
    expect(right.status).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { email } = await signUp();
    await call(account, '/api/user/reset-password-request', { body: { email } });
    await settleBackground();
    const otp = codeIn(smtp.mails.at(-1)?.raw ?? '') as string;
    const store = await getStore();
    const record = await store.otps.get(email);
    await store.otps.put({ ...record!, expiresAt: Date.now() - 1 });
    const answer = await call(account, '/api/user/verify-otp-reset-password', {
      body: { email, otp, newPassword: 'another secret!' },
    });
    expect(answer).toMatchObject({ status: 400, body: { msg: ACCOUNT_ANSWERS.badOtp } });
  });
});

describe('the dev outbox', () => {
  it('writes the reset mail under DATA_DIR/outbox when SMTP_URL is unset', async () => {
    const { email } = await signUp();
    await call(account, '/api/user/reset-password-request', { body: { email } });
    await settleBackground();
    const outbox = path.join(env.dir, 'outbox');
    const file = readdirSync(outbox).find((f) => f.includes(email.replace('@', '@')));
    expect(file).toBeDefined();
    expect(readFileSync(path.join(outbox, file!), 'utf8')).toMatch(/reset code is \d{6}/);
  });
});
