import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../scripts/csp.ts';
import { netlifyHeadersFor } from '../../scripts/netlify-headers.ts';
import { NEWSLETTER_MESSAGES, SERVER_MESSAGES } from '../../src/lib/messages.ts';
import shop from '../../netlify/functions/shop.mts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call } from '../fixtures/api.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  env = await useTempDataDir();
  smtp = await startSmtpCatcher();
  process.env.SMTP_URL = smtp.url;
  process.env.SITE_URL = 'https://bastaa.pk';
});
afterAll(async () => {
  await settleBackground();
  delete process.env.SMTP_URL;
  delete process.env.SITE_URL;
  await smtp.close();
  await env.cleanup();
});

const DAY = 24 * 60 * 60 * 1000;
let ips = 0;
const subscribe = (email: unknown, ip = `10.9.${++ips}.1`) =>
  call(shop, '/api/newsletter', { body: { email }, ip });
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
const linkIn = (raw: string) =>
  /https:\/\/bastaa\.pk\/api\/newsletter\/confirm\?token=[\w-]+/.exec(mailText(raw))?.[0] ?? null;
async function open(link: string): Promise<{ status: number; text: string; headers: Headers }> {
  const url = new URL(link);
  const res = await shop(apiRequest(`${url.pathname}${url.search}`, { method: 'GET' }));
  return { status: res.status, text: await res.text(), headers: res.headers };
}
/** Presses the page's Confirm button: a form POST of the token to the same path. */
async function press(
  token: string,
  contentType = 'application/x-www-form-urlencoded',
): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await shop(
    apiRequest('/api/newsletter/confirm', {
      method: 'POST',
      rawBody: new URLSearchParams({ token }).toString(),
      headers: { 'content-type': contentType },
    }),
  );
  return { status: res.status, text: await res.text(), headers: res.headers };
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const statusOf = async (email: string) =>
  (await (await getStore()).subscribers.get(email))?.status ?? null;
/** The confirmation form the GET page shows for a token. */
const confirmForm = (token: string) =>
  `<form method="post" action="/api/newsletter/confirm"><input type="hidden" name="token" value="${token}"><button type="submit">Confirm my subscription</button></form>`;

describe('POST /api/newsletter', () => {
  it('answers "Check your inbox to confirm" and mails a confirmation link that confirms the address', async () => {
    const answer = await subscribe('Reader@Example.com');
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, message: 'Check your inbox to confirm your subscription.' },
    });
    await settleBackground();
    const link = linkIn(mailsTo('reader@example.com')[0]?.raw ?? '');
    expect(link).not.toBeNull();
    expect((await (await getStore()).subscribers.get('reader@example.com'))?.status).toBe(
      'pending',
    );
    const page = await open(link!);
    expect(page.status).toBe(200);
    expect(page.text).toContain(confirmForm(tokenOf(link!)));
    const confirmed = await press(tokenOf(link!));
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain(`<h1>${NEWSLETTER_MESSAGES.confirmed}</h1>`);
    expect(await statusOf('reader@example.com')).toBe('confirmed');
    expect((await open(link!)).status).toBe(400);
    expect((await press(tokenOf(link!))).status).toBe(400);
  });

  it('answers a second subscribe of the same address the same, and mails nothing more once confirmed', async () => {
    const again = await subscribe('reader@example.com');
    expect(again.body).toEqual({ success: true, message: NEWSLETTER_MESSAGES.checkInbox });
    await settleBackground();
    expect(mailsTo('reader@example.com')).toHaveLength(1);
    expect((await (await getStore()).subscribers.get('reader@example.com'))?.status).toBe(
      'confirmed',
    );
  });

  it('sends a pending address at most one mail in 10 minutes, whoever asks', async () => {
    for (let i = 0; i < 4; i++) await subscribe('pending@example.com');
    await settleBackground();
    expect(mailsTo('pending@example.com')).toHaveLength(1);
  });

  it('refuses a malformed address with 400 and records nothing', async () => {
    for (const email of ['not-an-email', '', { $gt: '' }, 'a'.repeat(300) + '@example.com']) {
      const answer = await subscribe(email);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
    }
    await settleBackground();
    expect(await (await getStore()).subscribers.get('not-an-email')).toBeNull();
  });

  it('throttles one address after 10 sign-ups in 15 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await subscribe(`flood${i}@example.com`, '10.99.0.1')).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
  });

  it("answers the confirmation link with a page carrying the site's headers: its CSP and no framing", async () => {
    const page = await open('https://bastaa.pk/api/newsletter/confirm?token=made-up-token-0000000');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const site: Record<string, string> = {
      ...netlifyHeadersFor(readFileSync('netlify.toml', 'utf8'), '/*'),
      'Content-Security-Policy': contentSecurityPolicy([]),
    };
    expect(
      Object.fromEntries(Object.keys(site).map((name) => [name, page.headers.get(name)])),
    ).toEqual(site);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('shows a Confirm button on a GET of the link (as a mail scanner makes) and confirms nothing', async () => {
    await subscribe('scanned@example.com');
    await settleBackground();
    const link = linkIn(mailsTo('scanned@example.com')[0]?.raw ?? '')!;
    for (let i = 0; i < 3; i++) {
      const page = await open(link);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1>Confirm your subscription</h1>');
      expect(page.text).toContain(confirmForm(tokenOf(link)));
    }
    expect(await statusOf('scanned@example.com')).toBe('pending');
  });

  it('refuses a confirmation POST that is not a form with 415, and confirms nothing', async () => {
    await subscribe('json.post@example.com');
    await settleBackground();
    const link = linkIn(mailsTo('json.post@example.com')[0]?.raw ?? '')!;
    const answer = await press(tokenOf(link), 'application/json');
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.text)).toEqual({
      success: false,
      message: SERVER_MESSAGES.notForm,
    });
    expect(await statusOf('json.post@example.com')).toBe('pending');
  });

  it('refuses a link mailed more than 7 days ago with the bad-link page, on GET and on POST', async () => {
    const token = 'a-link-mailed-eight-days-ago-000';
    const hash = createHash('sha256').update(token).digest('base64url');
    const store = await getStore();
    await store.subscribers.request('slow.reader@example.com', hash, Date.now() - 8 * DAY);
    const link = `https://bastaa.pk/api/newsletter/confirm?token=${token}`;
    const page = await open(link);
    expect(page.status).toBe(400);
    expect(page.text).toContain(`<h1>${NEWSLETTER_MESSAGES.badLink}</h1>`);
    expect(page.text).not.toContain('<form');
    const pressed = await press(token);
    expect(pressed.status).toBe(400);
    expect(pressed.text).toContain(`<h1>${NEWSLETTER_MESSAGES.badLink}</h1>`);
    expect(await statusOf('slow.reader@example.com')).toBe('pending');
  });

  it('purges the pending sign-ups whose link expired when anyone signs up', async () => {
    const store = await getStore();
    await store.subscribers.request('gone@example.com', 'expired-hash-1', Date.now() - 8 * DAY);
    await store.subscribers.request('waiting@example.com', 'fresh-hash-1', Date.now() - 6 * DAY);
    await subscribe('newcomer@example.com');
    await settleBackground();
    expect(await store.subscribers.get('gone@example.com')).toBeNull();
    expect(await statusOf('waiting@example.com')).toBe('pending');
    expect(await statusOf('newcomer@example.com')).toBe('pending');
  });

  it('without SITE_URL, links to the configured PORT on localhost, never to the Host the request named', async () => {
    delete process.env.SITE_URL;
    process.env.PORT = '8899';
    try {
      const req = new Request('http://evil.example/api/newsletter', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'evil.example' },
        body: JSON.stringify({ email: 'local.dev@example.com' }),
      });
      expect((await shop(req, { ip: '10.77.0.1' })).status).toBe(200);
      await settleBackground();
      expect(mailText(mailsTo('local.dev@example.com')[0]?.raw ?? '')).toMatch(
        /^http:\/\/localhost:8899\/api\/newsletter\/confirm\?token=[\w-]+$/m,
      );
    } finally {
      process.env.SITE_URL = 'https://bastaa.pk';
      delete process.env.PORT;
    }
  });

  it('answers a made-up or missing confirmation token with a 400 page', async () => {
    for (const path of [
      '/api/newsletter/confirm?token=made-up-token-0000000',
      '/api/newsletter/confirm',
      '/api/newsletter/confirm?token=<script>',
    ]) {
      const page = await open(`https://bastaa.pk${path}`);
      expect(page.status).toBe(400);
      expect(page.text).toContain(NEWSLETTER_MESSAGES.badLink);
    }
  });
});
