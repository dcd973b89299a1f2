// Safepay's webhook check, as its documentation states it: HMAC-SHA256 over the X-SFPY-TIMESTAMP
// value, a period and the raw body, keyed with the base64-decoded webhook secret, compared in
// constant time, the timestamp within 5 minutes. The signatures here are made in the test with
// node:crypto from that sentence, not by the code under test.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { safepayGateway } from '../../src/server/payments/index.ts';
import { WEBHOOK_MAX_BYTES } from '../../src/server/payments/index.ts';

const keyBytes = Buffer.from(
  'a4f1c0de5eed0b5e55ed1ceb00b5cafe0123456789abcdef0011223344556677',
  'hex',
);
const secret = keyBytes.toString('base64');
const gateway = safepayGateway({
  environment: 'sandbox',
  apiKey: 'sec_test-key-0001',
  secretKey: 'test-secret-key-0001',
  webhookSecret: secret,
});

const arrived = new Date('2026-11-27T12:00:00.000Z');
// Spacing, key order and a unicode escape as a sender might write them: re-serialising changes all three.
const body = `{"token":"evt_64b3218e-f65c-45a9-96b0-fe4e293bb879", "version":"2.0.0",
  "type":"payment.succeeded","data":{"tracker":"track_06ee38cb-981d-4158-819f-7231f28314e4",
  "state":"TRACKER_ENDED","amount":1481200,"currency":"PKR","fee":1475,
  "metadata":{"order_id":"A1B2C3","source":"hosted","note":"caf\\u00e9"}}}`;

const sign = (timestamp: string, raw: string | Buffer, key: Buffer | string = keyBytes) =>
  createHmac('sha256', key).update(`${timestamp}.`).update(raw).digest('hex');

function delivery(overrides: { raw?: string | Buffer; at?: Date; signature?: string } = {}) {
  const raw = overrides.raw ?? body;
  const timestamp = (overrides.at ?? arrived).toISOString();
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'X-SFPY-SIGNATURE': overrides.signature ?? sign(timestamp, raw),
      'X-SFPY-TIMESTAMP': timestamp,
    } as Record<string, string | string[]>,
  };
}

const verdict = (d: ReturnType<typeof delivery>, now = arrived) =>
  gateway.verifyWebhook(d.raw, d.headers, now);
const reason = (d: ReturnType<typeof delivery>, now = arrived) => {
  const v = verdict(d, now);
  return v.ok ? 'accepted' : v.reason;
};
const seconds = (n: number) => new Date(arrived.getTime() + n * 1000);

describe('Safepay verifyWebhook', () => {
  it('accepts a delivery signed over timestamp.raw body with the decoded secret, and reads its event', () => {
    expect(verdict(delivery())).toEqual({
      ok: true,
      event: {
        id: 'evt_64b3218e-f65c-45a9-96b0-fe4e293bb879',
        kind: 'payment.paid',
        type: 'payment.succeeded',
        reference: 'track_06ee38cb-981d-4158-819f-7231f28314e4',
        orderId: 'A1B2C3',
        amountMinor: 1481200,
        currency: 'PKR',
        signedAt: arrived,
      },
    });
  });

  it('checks the bytes as received: the same event re-serialised no longer matches its signature', () => {
    const d = delivery();
    const reserialised = JSON.stringify(JSON.parse(body));
    expect(reserialised).not.toBe(body);
    expect(reason({ ...d, raw: reserialised })).toBe('bad-signature');
    expect(reason({ ...d, raw: Buffer.from(body, 'utf8') })).toBe('accepted');
  });

  it('refuses a forged signature', () => {
    expect(reason(delivery({ signature: 'f'.repeat(64) }))).toBe('bad-signature');
  });

  it('refuses a delivery signed with another secret', () => {
    const other = Buffer.alloc(32, 9);
    const timestamp = arrived.toISOString();
    expect(reason(delivery({ signature: sign(timestamp, body, other) }))).toBe('bad-signature');
  });

  it('refuses a delivery keyed with the secret’s base64 text instead of its decoded bytes', () => {
    const timestamp = arrived.toISOString();
    expect(reason(delivery({ signature: sign(timestamp, body, secret) }))).toBe('bad-signature');
  });

  it('refuses a body changed by one byte', () => {
    const d = delivery();
    const changed = body.replace('"amount":1481200', '"amount":1481201');
    expect(changed).toHaveLength(body.length);
    expect(reason({ ...d, raw: changed })).toBe('bad-signature');
  });

  it('refuses a timestamp changed after signing (it is part of what is signed)', () => {
    const d = delivery();
    d.headers['X-SFPY-TIMESTAMP'] = seconds(1).toISOString();
    expect(reason(d, arrived)).toBe('bad-signature');
  });

  it('refuses a stale delivery, signed more than 5 minutes before it arrived, and takes one at exactly 5', () => {
    expect(reason(delivery({ at: seconds(-301) }))).toBe('stale-timestamp');
    expect(verdict(delivery({ at: seconds(-301) }))).toMatchObject({
      detail: 'signed 301 s ago (limit 300 s)',
    });
    expect(reason(delivery({ at: seconds(-300) }))).toBe('accepted');
  });

  it('refuses a delivery signed more than 5 minutes in the future, and takes one at 5', () => {
    expect(reason(delivery({ at: seconds(301) }))).toBe('future-timestamp');
    expect(reason(delivery({ at: seconds(300) }))).toBe('accepted');
  });

  it('refuses a delivery without its signature header, or without its timestamp header', () => {
    const noSignature = delivery();
    delete noSignature.headers['X-SFPY-SIGNATURE'];
    const noTimestamp = delivery();
    delete noTimestamp.headers['X-SFPY-TIMESTAMP'];
    expect(verdict(noSignature)).toEqual({
      ok: false,
      reason: 'missing-headers',
      detail: 'no single signature header',
    });
    expect(verdict(noTimestamp)).toEqual({
      ok: false,
      reason: 'missing-headers',
      detail: 'no single timestamp header',
    });
  });

  it('refuses a repeated signature header rather than picking one', () => {
    const d = delivery();
    const good = d.headers['X-SFPY-SIGNATURE'] as string;
    d.headers['X-SFPY-SIGNATURE'] = [good, good];
    expect(reason(d)).toBe('missing-headers');
    d.headers['X-SFPY-SIGNATURE'] = `${good}, ${good}`; // as node:http joins a repeated header
    expect(reason(d)).toBe('missing-headers');
    const web = new Headers({ 'x-sfpy-timestamp': arrived.toISOString() });
    web.append('x-sfpy-signature', good);
    web.append('x-sfpy-signature', 'f'.repeat(64));
    expect(gateway.verifyWebhook(body, web, arrived)).toMatchObject({ reason: 'missing-headers' });
  });

  it('reads the headers of a web Request whatever their case', () => {
    const d = delivery();
    const web = new Headers(d.headers as Record<string, string>);
    expect(gateway.verifyWebhook(body, web, arrived).ok).toBe(true);
  });

  it('refuses malformed JSON even when it is correctly signed', () => {
    const raw = '{"token":"evt_1","type":"payment.succeeded",';
    expect(verdict(delivery({ raw }))).toEqual({
      ok: false,
      reason: 'malformed-body',
      detail: 'signed body is not JSON',
    });
  });

  it('refuses a signed body without an event token or a tracker', () => {
    const raw = JSON.stringify({ type: 'payment.succeeded', data: { amount: 1 } });
    expect(reason(delivery({ raw }))).toBe('malformed-body');
    const badTracker = JSON.stringify({
      token: 'evt_1',
      type: 'payment.succeeded',
      data: { tracker: '../../admin' },
    });
    expect(reason(delivery({ raw: badTracker }))).toBe('malformed-body');
  });

  it('refuses an oversized body before hashing it, even when it is signed', () => {
    const raw = body.replace('"hosted"', `"${'x'.repeat(WEBHOOK_MAX_BYTES)}"`);
    expect(verdict(delivery({ raw }))).toEqual({
      ok: false,
      reason: 'body-too-large',
      detail: `body of ${Buffer.byteLength(raw)} bytes (limit 65536)`,
    });
  });

  it('refuses signatures of the wrong length or alphabet without throwing', () => {
    const good = delivery().headers['X-SFPY-SIGNATURE'] as string;
    for (const signature of [
      '',
      'abcd',
      good.slice(1),
      `${good}00`,
      `${good.slice(2)}zz`,
      `v1=${good}`,
    ])
      expect(reason(delivery({ signature }))).toMatch(/^(bad-signature|missing-headers)$/);
  });

  it('reads the same 32-byte MAC written in base64', () => {
    const timestamp = arrived.toISOString();
    const base64 = Buffer.from(sign(timestamp, body), 'hex').toString('base64');
    expect(reason(delivery({ signature: base64 }))).toBe('accepted');
  });

  it('takes whole Unix seconds as a timestamp, and refuses milliseconds rather than guessing', () => {
    const unix = String(arrived.getTime() / 1000);
    const d = {
      raw: body,
      headers: { 'x-sfpy-timestamp': unix, 'x-sfpy-signature': sign(unix, body) },
    };
    expect(reason(d)).toBe('accepted');
    const ms = String(arrived.getTime());
    const m = {
      raw: body,
      headers: { 'x-sfpy-timestamp': ms, 'x-sfpy-signature': sign(ms, body) },
    };
    expect(reason(m)).toBe('malformed-timestamp');
  });

  it('takes the event id from the signed body, not from an unsigned event-id header', () => {
    const d = delivery();
    d.headers['X-SFPY-EVENT-ID'] = 'evt_forged';
    expect(verdict(d)).toMatchObject({
      ok: true,
      event: { id: 'evt_64b3218e-f65c-45a9-96b0-fe4e293bb879' },
    });
  });

  it('names failed and refunded payments, and passes other event types on as "other"', () => {
    const kind = (type: string) => {
      const v = verdict(delivery({ raw: body.replace('payment.succeeded', type) }));
      return v.ok ? v.event.kind : v.reason;
    };
    expect(kind('payment.failed')).toBe('payment.failed');
    expect(kind('payment.refunded')).toBe('payment.refunded');
    expect(kind('payment.completed')).toBe('payment.paid');
    expect(kind('payment.settled')).toBe('other');
  });

  it('verifies a replayed delivery again: it is pure, and processing once per event id is the caller’s', () => {
    const d = delivery();
    expect(verdict(d)).toEqual(verdict(d));
  });
});
