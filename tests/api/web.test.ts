// The web layer (src/server/web.ts) as a foreign page or a careless client meets it: what a
// browser on another site can send without a CORS preflight (a form, text/plain) is refused before
// any service runs, and an unknown path or method gets a JSON answer, never a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import shop from '../../netlify/functions/shop.mts';
import { SERVER_MESSAGES } from '../../src/lib/messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import { call, signUp } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startSmtpCatcher } from '../fixtures/smtp-catcher.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
const saved = { SMTP_URL: process.env.SMTP_URL, SITE_URL: process.env.SITE_URL };
beforeAll(async () => {
  env = await useTempDataDir();
  smtp = await startSmtpCatcher();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await settleBackground();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await smtp.close();
  await env.cleanup();
});

describe('a POST whose body is not declared as JSON', () => {
  it('is refused with 415 before anything is mailed (a foreign form posting text/plain)', async () => {
    const answer = await call(shop, '/api/newsletter', {
      rawBody: JSON.stringify({ email: 'victim+1@example.com' }),
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
    });
    expect(answer).toMatchObject({
      status: 415,
      body: { success: false, message: SERVER_MESSAGES.notJson },
    });
    await settleBackground();
    expect(smtp.mails).toEqual([]);
  });

  it('is refused with 415 on a reset-code request sent as a form', async () => {
    const answer = await call(account, '/api/user/reset-password-request', {
      rawBody: 'email=victim%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer).toMatchObject({
      status: 415,
      body: { success: false, message: SERVER_MESSAGES.notJson, msg: SERVER_MESSAGES.notJson },
    });
  });

  it('is accepted with a charset after the JSON type', async () => {
    const answer = await call(shop, '/api/newsletter', {
      body: { email: 'charset@example.com' },
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(answer.status).toBe(200);
  });
});

describe('a POST from another site', () => {
  it('is refused with 403 even as JSON, and changes nothing', async () => {
    const { token } = await signUp();
    const answer = await call(account, '/api/user/logout', {
      token,
      headers: { origin: 'https://evil.example' },
    });
    expect(answer).toMatchObject({
      status: 403,
      body: { success: false, message: SERVER_MESSAGES.foreignOrigin },
    });
    expect((await call(account, '/api/cart/get', { token })).status).toBe(200);
  });

  it("is served from the shop's own origin and from SITE_URL's", async () => {
    const { token } = await signUp();
    const same = await call(account, '/api/cart/get', {
      token,
      headers: { origin: 'http://localhost' },
    });
    expect(same.status).toBe(200);
    process.env.SITE_URL = 'https://bastaa.pk';
    const site = await call(account, '/api/cart/get', {
      token,
      headers: { origin: 'https://bastaa.pk' },
    });
    delete process.env.SITE_URL;
    expect(site.status).toBe(200);
  });
});

describe('a path or method no call declares', () => {
  it('answers a JSON 404 from whichever router the path reaches', async () => {
    for (const [router, path] of [
      [shop, '/api/nothing/here'],
      [account, '/api/cart/nothing'],
    ] as const) {
      const answer = await call(router, path, { method: 'GET' });
      expect(answer).toMatchObject({
        status: 404,
        body: { success: false, message: SERVER_MESSAGES.notFound },
      });
    }
  });

  it('answers 405 with Allow naming the method the call takes', async () => {
    const answer = await call(account, '/api/cart/get', { method: 'GET' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.body).toEqual({
      success: false,
      message: SERVER_MESSAGES.methodNotAllowed('POST'),
    });
  });
});
