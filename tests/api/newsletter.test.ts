import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../scripts/csp.ts';
import { netlifyHeadersFor } from '../../scripts/netlify-headers.ts';
import { NEWSLETTER_MESSAGES } from '../../src/lib/messages.ts';
import newsletterHandler from '../../netlify/functions/newsletter.mts';
import confirmHandler from '../../netlify/functions/newsletter-confirm.mts';
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

let ips = 0;
const subscribe = (email: unknown, ip = `10.9.${++ips}.1`) =>
  call(newsletterHandler, '/api/newsletter', { body: { email }, ip });
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
const linkIn = (raw: string) =>
  /https:\/\/bastaa\.pk\/api\/newsletter\/confirm\?token=[\w-]+/.exec(mailText(raw))?.[0] ?? null;
async function open(link: string): Promise<{ status: number; text: string; headers: Headers }> {
  const url = new URL(link);
  const res = await confirmHandler(apiRequest(`${url.pathname}${url.search}`, { method: 'GET' }));
  return { status: res.status, text: await res.text(), headers: res.headers };
}

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
    expect(page.text).toContain(NEWSLETTER_MESSAGES.confirmed);
    expect((await (await getStore()).subscribers.get('reader@example.com'))?.status).toBe(
      'confirmed',
    );
    expect((await open(link!)).status).toBe(400);
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
