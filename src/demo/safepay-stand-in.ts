// A local stand-in for Safepay: the documented API the shop calls (payment session, passport
// token, read-back, refund), a hosted test page with Pay, Decline and Cancel, and webhooks signed
// as Safepay signs them. Tests start it on 127.0.0.1 with a random port; a local run without
// gateway keys can serve it so the card flow works on a fresh clone. It takes no card and moves no
// money, and its page says so. It shares no code with the adapter: the signing here is written
// from Safepay's documentation on its own, so a mistake on either side shows up as a refusal.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The keys the stand-in accepts and signs with, and where it sends its webhooks. */
export interface StandInOptions {
  apiKey: string;
  secretKey: string;
  /** Base64, as Safepay's dashboard shows it; decoded, it is the HMAC key. */
  webhookSecret: string;
  /** Where events are POSTed; may be set later through `state.webhookUrl`. */
  webhookUrl?: string;
  host?: string;
  port?: number;
  /** The clock that stamps webhooks (tests move it). */
  now?: () => Date;
  /** Waits before each retry of a failed delivery: 5 attempts in all, backing off as Safepay documents. */
  retryDelaysMs?: readonly number[];
  /**
   * Waits before an event's first delivery (default 0). A real gateway's webhook follows the
   * shopper's return by a moment; a local run shows "Confirming your payment…" meanwhile.
   */
  firstDeliveryDelayMs?: number;
}

/** One payment session, as the stand-in keeps it. */
export interface StandInTracker {
  token: string;
  state: 'TRACKER_STARTED' | 'TRACKER_ENDED' | 'TRACKER_PARTIAL_REFUND' | 'TRACKER_REFUNDED';
  currency: string;
  amount: number;
  refunded: number;
  orderId: string | null;
}

/** One webhook delivery attempt, recorded for tests and the local run's log. */
export interface StandInDelivery {
  eventId: string;
  type: string;
  attempt: number;
  status: number | 'error';
}

const CURRENCIES = ['PKR', 'USD', 'AED', 'SAR', 'CAD', 'EUR', 'GBP'];
const PASSPORT_TTL_MS = 15 * 60 * 1000;
const MAX_BODY = 64 * 1024;

/** Starts the stand-in; `url` is its API origin, and its hosted page is `${url}/embedded/`. */
export async function startSafepayStandIn(options: StandInOptions) {
  const key = Buffer.from(options.webhookSecret, 'base64');
  const now = options.now ?? (() => new Date());
  const retryDelays = options.retryDelaysMs ?? [1000, 2000, 4000, 8000];
  const state = {
    /** 'ok', or how the API (not the hosted page) misbehaves: 'hang' never answers, 'fail' is 503. */
    mode: 'ok' as 'ok' | 'hang' | 'fail',
    /** Milliseconds a refund waits before it is applied: latency for races to meet in. */
    refundDelayMs: 0,
    /** How many of the next refunds are applied and then answered 502, as a lost answer. */
    loseRefundAnswers: 0,
    /** Whether the API goes down ('fail') right after a refund's answer is lost. */
    downAfterLostRefund: false,
    webhookUrl: options.webhookUrl ?? null,
    trackers: new Map<string, StandInTracker>(),
    passports: new Map<string, number>(),
    deliveries: [] as StandInDelivery[],
    apiCalls: 0,
    /** Refund requests received, counted on arrival (before refundDelayMs). */
    refundsReceived: 0,
  };
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();

  function event(type: string, tracker: StandInTracker, amount: number) {
    const at = now();
    const seconds = Math.floor(at.getTime() / 1000);
    return {
      token: `evt_${randomUUID()}`,
      version: '2.0.0',
      merchant_api_key: options.apiKey,
      type,
      endpoint: state.webhookUrl,
      data: {
        tracker: tracker.token,
        intent: 'CYBERSOURCE',
        state: tracker.state,
        amount,
        currency: tracker.currency,
        metadata: { order_id: tracker.orderId ?? '', source: 'hosted' },
        charged_at: { seconds, nanos: 0 },
      },
      created_at: { seconds, nanos: 0 },
    };
  }

  /** Sends an event (after the first delivery's delay), and again after each retry delay. */
  function deliver(payload: ReturnType<typeof event>, attempt = 1): void {
    const wait = attempt === 1 ? (options.firstDeliveryDelayMs ?? 0) : 0;
    if (wait > 0) {
      const waiting = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          post(payload, attempt);
          resolve();
        }, wait);
        timer.unref();
        timers.add(timer);
      });
      inFlight.add(waiting);
      void waiting.finally(() => inFlight.delete(waiting));
      return;
    }
    post(payload, attempt);
  }

  function post(payload: ReturnType<typeof event>, attempt: number): void {
    const url = state.webhookUrl;
    if (!url) return;
    const body = JSON.stringify({ ...payload, delivery_attempts: attempt });
    const timestamp = now().toISOString();
    const signature = createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
    const sending = fetch(url, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(10_000),
      headers: {
        'content-type': 'application/json',
        'x-sfpy-signature': signature,
        'x-sfpy-timestamp': timestamp,
        'x-sfpy-event-id': payload.token,
        'x-sfpy-event-type': payload.type,
      },
    })
      .then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      })
      .catch(() => 'error' as const)
      .then((status) => {
        state.deliveries.push({ eventId: payload.token, type: payload.type, attempt, status });
        const delay = retryDelays[attempt - 1];
        if (status !== 'error' && status < 300) return;
        if (delay === undefined) return;
        // The wait counts as in flight, so idle() covers a whole chain of retries.
        const waiting = new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            deliver(payload, attempt + 1);
            resolve();
          }, delay);
          timer.unref();
          timers.add(timer);
        });
        inFlight.add(waiting);
        void waiting.finally(() => inFlight.delete(waiting));
      });
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        send(res, 500, { status: { errors: [String(error)], message: 'error' } });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/embedded/' || url.pathname === '/embedded')
      return req.method === 'POST' ? choose(req, res) : page(url, res);
    state.apiCalls++;
    if (state.mode === 'hang') return; // never answers
    if (state.mode === 'fail') return send(res, 503, failure('service unavailable'));
    if (req.headers['x-sfpy-merchant-secret'] !== options.secretKey)
      return send(res, 401, failure('invalid merchant secret'));
    const text = await readBody(req);
    if (text === null) return send(res, 413, failure('body too large'));
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return send(res, 400, failure('body is not JSON'));
    }
    const refund = /^\/order\/payments\/v3\/(track_[\w-]+)\/refund$/.exec(url.pathname);
    const read = /^\/reporter\/api\/v1\/payments\/(track_[\w-]+)$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/order/payments/v3/') return setup(body, res);
    if (req.method === 'POST' && url.pathname === '/client/passport/v1/token') {
      const tbt = randomBytes(24).toString('base64url');
      state.passports.set(tbt, Date.now() + PASSPORT_TTL_MS);
      return send(res, 200, { data: tbt });
    }
    if (req.method === 'GET' && read) {
      const tracker = state.trackers.get(read[1]!);
      return tracker ? send(res, 200, reporter(tracker)) : send(res, 404, failure('not found'));
    }
    if (req.method === 'POST' && refund) {
      state.refundsReceived++;
      if (state.refundDelayMs > 0)
        await new Promise((resolve) => setTimeout(resolve, state.refundDelayMs));
      return refundTracker(refund[1]!, body, res);
    }
    send(res, 404, failure(`no route ${req.method} ${url.pathname}`));
  }

  function setup(body: Record<string, unknown>, res: http.ServerResponse) {
    if (body.merchant_api_key !== options.apiKey)
      return send(res, 401, failure('invalid merchant_api_key'));
    const { amount, currency } = body;
    if (body.intent !== 'CYBERSOURCE' || body.mode !== 'payment')
      return send(res, 400, failure('intent must be CYBERSOURCE and mode payment'));
    if (typeof currency !== 'string' || !CURRENCIES.includes(currency))
      return send(res, 400, failure(`unsupported currency ${String(currency)}`));
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0)
      return send(res, 400, failure('amount must be a positive integer in the smallest unit'));
    const tracker: StandInTracker = {
      token: `track_${randomUUID()}`,
      state: 'TRACKER_STARTED',
      currency,
      amount: amount as number,
      refunded: 0,
      orderId: null,
    };
    state.trackers.set(tracker.token, tracker);
    send(res, 200, { data: { tracker: trackerView(tracker) }, status: ok() });
  }

  function refundTracker(token: string, body: Record<string, unknown>, res: http.ServerResponse) {
    const tracker = state.trackers.get(token);
    if (!tracker) return send(res, 404, failure('not found'));
    if (tracker.state !== 'TRACKER_ENDED' && tracker.state !== 'TRACKER_PARTIAL_REFUND')
      return send(res, 400, failure(`tracker is ${tracker.state}; nothing to refund`));
    const { amount, currency } = body;
    if (currency !== tracker.currency) return send(res, 400, failure('currency does not match'));
    const left = tracker.amount - tracker.refunded;
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0 || (amount as number) > left)
      return send(res, 400, failure(`amount must be between 1 and ${left}`));
    tracker.refunded += amount as number;
    tracker.state =
      tracker.refunded === tracker.amount ? 'TRACKER_REFUNDED' : 'TRACKER_PARTIAL_REFUND';
    if (state.loseRefundAnswers > 0) {
      state.loseRefundAnswers--;
      if (state.downAfterLostRefund) state.mode = 'fail';
      send(res, 502, failure('bad gateway'));
    } else send(res, 200, { data: { tracker: trackerView(tracker), action: {} }, status: ok() });
    // Like the real one, the webhook follows the answer rather than preceding it.
    deliver(event('payment.refunded', tracker, amount as number));
  }

  function page(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const tracker = state.trackers.get(q.get('tracker') ?? '');
    const tbtExpiry = state.passports.get(q.get('tbt') ?? '');
    if (!tracker || !tbtExpiry || tbtExpiry < Date.now())
      return html(
        res,
        400,
        'Test payment link not valid',
        '<p>This test payment link is unknown or has expired. Go back to the shop and try again.</p>',
      );
    if (tracker.state !== 'TRACKER_STARTED')
      return html(
        res,
        409,
        'Test payment already finished',
        '<p>This test payment is already finished. Go back to the shop.</p>',
      );
    const hidden = ['tracker', 'tbt', 'order_id', 'redirect_url', 'cancel_url']
      .map((name) => `<input type="hidden" name="${name}" value="${escape(q.get(name) ?? '')}">`)
      .join('');
    const amount = formatMinor(tracker.amount, tracker.currency);
    html(
      res,
      200,
      'Test payment',
      `<p class="test" role="note"><strong>TEST</strong> — this is a local test payment page. No card is asked for and no money moves.</p>
<p>Order <strong>${escape(q.get('order_id') ?? '')}</strong></p>
<p class="amount">Amount: <strong>${escape(amount)}</strong></p>
<form method="post" action="/embedded/">${hidden}
<button type="submit" name="choice" value="pay">Pay ${escape(amount)} (test)</button>
<button type="submit" name="choice" value="decline">Decline (test)</button>
<button type="submit" name="choice" value="cancel">Cancel and go back</button>
</form>`,
    );
  }

  async function choose(req: http.IncomingMessage, res: http.ServerResponse) {
    const text = await readBody(req);
    if (text === null) return html(res, 413, 'Too large', '<p>The form was too large.</p>');
    const form = new URLSearchParams(text);
    const tracker = state.trackers.get(form.get('tracker') ?? '');
    const tbtExpiry = state.passports.get(form.get('tbt') ?? '');
    const back = webAddress(form.get('redirect_url'));
    const cancel = webAddress(form.get('cancel_url'));
    if (!tracker || !tbtExpiry || tbtExpiry < Date.now() || !back || !cancel)
      return html(
        res,
        400,
        'Test payment link not valid',
        '<p>This test payment link is unknown or has expired.</p>',
      );
    if (tracker.state !== 'TRACKER_STARTED')
      return html(
        res,
        409,
        'Test payment already finished',
        '<p>This test payment is already finished.</p>',
      );
    const choice = form.get('choice');
    tracker.orderId = form.get('order_id');
    if (choice === 'pay') {
      tracker.state = 'TRACKER_ENDED';
      deliver(event('payment.succeeded', tracker, tracker.amount));
      back.searchParams.set('tracker', tracker.token);
      return redirect(res, back);
    }
    // A declined card leaves the session open, as a real one does: the shopper may try again.
    if (choice === 'decline') deliver(event('payment.failed', tracker, tracker.amount));
    redirect(res, cancel);
  }

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    state,
    /** Resolves once every delivery started, and every retry it scheduled, has been answered. */
    idle: async () => {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function trackerView(tracker: StandInTracker) {
  const total = { currency: tracker.currency, amount: tracker.amount };
  return {
    token: tracker.token,
    environment: 'sandbox',
    state: tracker.state,
    intent: 'CYBERSOURCE',
    mode: 'payment',
    purchase_totals: {
      quote_amount: total,
      base_amount: total,
      conversion_rate: {
        base_currency: tracker.currency,
        quote_currency: tracker.currency,
        rate: 1,
      },
    },
  };
}

function reporter(tracker: StandInTracker) {
  const charged = tracker.state !== 'TRACKER_STARTED';
  return {
    ok: true,
    data: {
      ...trackerView(tracker),
      ...(charged
        ? {
            charge: {
              tracker: tracker.token,
              amount: { currency: tracker.currency, amount: tracker.amount },
              balance: { currency: tracker.currency, amount: tracker.amount - tracker.refunded },
            },
          }
        : {}),
    },
  };
}

const ok = () => ({ errors: [], message: 'success' });
const failure = (message: string) => ({
  data: null,
  status: { errors: [message], message: 'error' },
});

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function redirect(res: http.ServerResponse, to: URL) {
  res.writeHead(303, { location: to.toString() }).end();
}

function webAddress(text: string | null): URL | null {
  if (!text || !URL.canParse(text)) return null;
  const url = new URL(text);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

async function readBody(req: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function formatMinor(minor: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(minor / 100);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(res: http.ServerResponse, status: number, title: string, main: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *",
  });
  res.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} (TEST) — Safepay stand-in</title>
<style>
body{font:1.05rem/1.5 system-ui,sans-serif;margin:0;padding:1rem;color:#111;background:#fff}
main{max-width:32rem;margin:0 auto}
.test{background:#fff3cd;border:2px solid #8a6d00;padding:.75rem;border-radius:.5rem}
form{display:grid;gap:.75rem;margin-top:1.5rem}
button{font:inherit;min-height:3rem;border-radius:.5rem;border:2px solid #111;background:#fff;color:#111;cursor:pointer}
button[value=pay]{background:#0b5d1e;border-color:#0b5d1e;color:#fff}
button:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
</style></head>
<body><main><h1>${escape(title)} <span>(TEST)</span></h1>
${main}
</main></body></html>`);
}

/**
 * Opens the stand-in's test page at `payUrl` and presses one of its buttons as the shopper's
 * browser would, for the tests and the bench, which have no browser: the page's HTML, and the
 * status and address the press answered.
 */
export async function pressTestPage(payUrl: string, choice: 'pay' | 'decline' | 'cancel') {
  const page = await fetch(payUrl);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g,
  ))
    form.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
    );
  form.set('choice', choice);
  const answer = await fetch(new URL('/embedded/', payUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  await answer.arrayBuffer();
  return {
    pageStatus: page.status,
    html,
    status: answer.status,
    location: answer.headers.get('location'),
  };
}
