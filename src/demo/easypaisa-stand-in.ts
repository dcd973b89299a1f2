// A local stand-in for Easypay's mobile-account Open API (EasyPaisa), written from Easypay's public
// merchant guide on its own (no code shared with the adapter): initiate-ma-transaction and
// inquire-transaction behind the Credentials header, and the instant payment notice (IPN) posted
// to the shop, which names the order and nothing else. Its "phone" approves, rejects or never
// answers (`state.phone`; in a local run a page headed "Test wallet (TEST)"). No money moves.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EasypaisaStandInOptions {
  storeId: string;
  username: string;
  password: string;
  /** Where notices are POSTed; may be set later through `state.ipnUrl`. */
  ipnUrl?: string;
  host?: string;
  port?: number;
}

/** One transaction, as the stand-in keeps it; amounts in paisa. */
export interface EasypaisaTransaction {
  orderId: string;
  amount: number;
  mobile: string;
  status: 'PENDING' | 'PAID' | 'FAILED';
}

const PATHS = {
  pay: '/easypay-service/rest/v4/initiate-ma-transaction',
  inquire: '/easypay-service/rest/v4/inquire-transaction',
};

const rupees = (paisa: number) =>
  `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;

/** Starts the stand-in on 127.0.0.1; `url` is its API origin and `${url}/phone` its test wallet. */
export async function startEasypaisaStandIn(options: EasypaisaStandInOptions) {
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const state = {
    phone: 'approve' as 'approve' | 'reject' | 'never' | 'ask',
    ipnUrl: options.ipnUrl ?? null,
    transactions: new Map<string, EasypaisaTransaction>(),
  };
  const inFlight = new Set<Promise<unknown>>();

  function notify(t: EasypaisaTransaction) {
    if (!state.ipnUrl) return;
    const sent = fetch(state.ipnUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: t.orderId }),
    }).catch(() => undefined);
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  }

  function answer(orderId: string, approve: boolean) {
    const t = state.transactions.get(orderId);
    if (!t || t.status !== 'PENDING') return false;
    t.status = approve ? 'PAID' : 'FAILED';
    notify(t);
    return true;
  }

  function pay(b: Record<string, unknown>) {
    if (b.storeId !== options.storeId) return { responseCode: '0001', responseDesc: 'storeId' };
    if (b.transactionType !== 'MA') return { responseCode: '0001', responseDesc: 'type' };
    const m = /^(\d+)\.(\d{2})$/.exec(String(b.transactionAmount));
    if (!m || typeof b.orderId !== 'string' || !/^03\d{9}$/.test(String(b.mobileAccountNo)))
      return { responseCode: '0001', responseDesc: 'invalid request' };
    if (state.transactions.has(b.orderId)) return { responseCode: '0002', responseDesc: 'dup' };
    const t: EasypaisaTransaction = {
      orderId: b.orderId,
      amount: Number(m[1]) * 100 + Number(m[2]),
      mobile: String(b.mobileAccountNo),
      status: 'PENDING',
    };
    state.transactions.set(t.orderId, t);
    if (state.phone === 'approve' || state.phone === 'reject') {
      const approve = state.phone === 'approve';
      setImmediate(() => answer(t.orderId, approve));
    }
    return { responseCode: '0000', responseDesc: 'SUCCESS', orderId: t.orderId };
  }

  function inquire(b: Record<string, unknown>) {
    const t = state.transactions.get(String(b.orderId));
    if (!t || b.storeId !== options.storeId)
      return { responseCode: '0003', responseDesc: 'not found' };
    return {
      responseCode: '0000',
      orderId: t.orderId,
      transactionStatus: t.status,
      transactionAmount: rupees(t.amount),
      msisdn: t.mobile,
    };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/phone') {
        const rows = [...state.transactions.values()]
          .filter((t) => t.status === 'PENDING')
          .map(
            (t) =>
              `<li><p>₨${rupees(t.amount)} to the shop, from ${t.mobile}</p><form method="post" action="/phone/approve?order=${t.orderId}"><button>Approve</button></form><form method="post" action="/phone/reject?order=${t.orderId}"><button>Reject</button></form></li>`,
          )
          .join('');
        return send(
          200,
          `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test wallet (TEST)</title><h1>Test wallet (TEST)</h1><p>A local stand-in for EasyPaisa's phone prompt: no money moves.</p>${rows ? `<ul>${rows}</ul>` : '<p>No payment request is waiting.</p>'}</html>`,
          'text/html; charset=utf-8',
        );
      }
      if (req.method === 'POST' && url.pathname.startsWith('/phone/')) {
        answer(url.searchParams.get('order') ?? '', url.pathname === '/phone/approve');
        res.writeHead(303, { location: '/phone' });
        return res.end();
      }
      if (req.headers.credentials !== expected.slice('Basic '.length))
        return send(401, { responseCode: '0401', responseDesc: 'Invalid credentials' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, { responseCode: '0001', responseDesc: 'not JSON' });
      }
      if (url.pathname === PATHS.pay) return send(200, pay(body));
      if (url.pathname === PATHS.inquire) return send(200, inquire(body));
      send(404, { responseDesc: 'no such call' });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    answer,
    settled: () => Promise.all([...inFlight]).then(() => undefined),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
