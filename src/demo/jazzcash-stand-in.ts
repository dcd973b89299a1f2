// A local stand-in for JazzCash's mobile-account (MWALLET) API, written from JazzCash's public
// merchant guide on its own (it shares no code with the adapter, so a mistake on either side shows
// up as a refusal): the payment request, the status inquiry and the refund, each checked for its
// pp_SecureHash, and the IPN posted to the shop, signed the same way. Its "phone" approves, rejects
// or never answers a request: a test control (`state.phone`), and in a local run a page headed
// "Test wallet (TEST)" with Approve and Reject buttons. It moves no money and reaches no phone.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The credentials the stand-in accepts and signs with, and where it posts its IPNs. */
export interface JazzCashStandInOptions {
  merchantId: string;
  password: string;
  integritySalt: string;
  /** Where IPNs are POSTed; may be set later through `state.ipnUrl`. */
  ipnUrl?: string;
  host?: string;
  port?: number;
  /** The clock that stamps IPNs (tests move it). */
  now?: () => Date;
}

/** What the stand-in's phone does with a request: answer at once, or wait for the test page. */
export type PhoneAnswer = 'approve' | 'reject' | 'never' | 'ask';

/** One transaction, as the stand-in keeps it. */
export interface StandInTransaction {
  ref: string;
  amount: number;
  currency: string;
  mobile: string;
  billReference: string;
  /** '157' until the phone answers, then '000' (approved) or '999' (rejected). */
  code: string;
  refunded: number;
}

const MAX_BODY = 64 * 1024;
const PATHS = {
  pay: '/ApplicationAPI/API/2.0/Purchase/DoMWalletTransaction',
  inquire: '/ApplicationAPI/API/PaymentInquiry/Inquire',
  refund: '/ApplicationAPI/API/Purchase/domwalletrefundtransaction',
};

/** The guide's secure hash: HMAC-SHA256(salt, salt & sorted non-empty pp_ values), upper-case hex. */
function secureHash(fields: Record<string, string>, salt: string) {
  const names = Object.keys(fields)
    .filter((n) => n.startsWith('pp_') && n !== 'pp_SecureHash' && fields[n] !== '')
    .sort();
  const text = [salt, ...names.map((n) => fields[n])].join('&');
  return createHmac('sha256', salt).update(text).digest('hex').toUpperCase();
}

/** yyyyMMddHHmmss in Pakistan time. */
function pkTime(at: Date) {
  const pk = new Date(at.getTime() + 5 * 3_600_000).toISOString();
  return pk.slice(0, 19).replace(/[-:T]/g, '');
}

/** Starts the stand-in on 127.0.0.1; `url` is its API origin and `${url}/phone` its test wallet. */
export async function startJazzCashStandIn(options: JazzCashStandInOptions) {
  const salt = options.integritySalt;
  const now = options.now ?? (() => new Date());
  const state = {
    /** What the phone does with the next requests. */
    phone: 'approve' as PhoneAnswer,
    /** 'ok', or 'fail': every API call answers 503. */
    mode: 'ok' as 'ok' | 'fail',
    ipnUrl: options.ipnUrl ?? null,
    transactions: new Map<string, StandInTransaction>(),
    ipns: [] as { ref: string; code: string; status: number | 'error' }[],
    apiCalls: 0,
  };
  const inFlight = new Set<Promise<void>>();

  const signed = (fields: Record<string, string>) => ({
    ...fields,
    pp_SecureHash: secureHash(fields, salt),
  });

  /** The IPN body for a transaction's outcome, signed. */
  function ipnOf(t: StandInTransaction) {
    return signed({
      pp_Version: '2.0',
      pp_TxnType: 'MWALLET',
      pp_MerchantID: options.merchantId,
      pp_TxnRefNo: t.ref,
      pp_Amount: String(t.amount),
      pp_TxnCurrency: t.currency,
      pp_TxnDateTime: pkTime(now()),
      pp_BillReference: t.billReference,
      pp_ResponseCode: t.code,
      pp_ResponseMessage:
        t.code === '000' ? 'Thank you for Using JazzCash' : 'Rejected by the payer',
    });
  }

  function postIpn(t: StandInTransaction) {
    const url = state.ipnUrl;
    if (!url) return;
    const sending = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ipnOf(t)),
    })
      .then((r) => {
        state.ipns.push({ ref: t.ref, code: t.code, status: r.status });
      })
      .catch(() => {
        state.ipns.push({ ref: t.ref, code: t.code, status: 'error' });
      });
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  /** The phone's answer to a pending request; posts the IPN. False when there is none pending. */
  function answer(ref: string, approve: boolean) {
    const t = state.transactions.get(ref);
    if (!t || t.code !== '157') return false;
    t.code = approve ? '000' : '999';
    postIpn(t);
    return true;
  }

  const fail = (code: string, message: string) =>
    signed({ pp_ResponseCode: code, pp_ResponseMessage: message });

  function pay(f: Record<string, string>) {
    if (f.pp_TxnType !== 'MWALLET') return fail('110', 'pp_TxnType must be MWALLET');
    if (!/^[A-Za-z0-9]{1,20}$/.test(f.pp_TxnRefNo ?? '')) return fail('110', 'pp_TxnRefNo');
    if (state.transactions.has(f.pp_TxnRefNo!)) return fail('409', 'Duplicate pp_TxnRefNo');
    if (!/^[1-9]\d*$/.test(f.pp_Amount ?? '')) return fail('110', 'pp_Amount');
    if (f.pp_TxnCurrency !== 'PKR') return fail('110', 'pp_TxnCurrency must be PKR');
    if (!/^03\d{9}$/.test(f.pp_MobileNumber ?? '')) return fail('110', 'pp_MobileNumber');
    if (!/^\d{6}$/.test(f.pp_CNIC ?? '')) return fail('110', 'pp_CNIC');
    const t: StandInTransaction = {
      ref: f.pp_TxnRefNo!,
      amount: Number(f.pp_Amount),
      currency: 'PKR',
      mobile: f.pp_MobileNumber!,
      billReference: f.pp_BillReference ?? '',
      code: '157',
      refunded: 0,
    };
    state.transactions.set(t.ref, t);
    // The phone answers after this answer went out, as the wallet's prompt does.
    if (state.phone === 'approve' || state.phone === 'reject') {
      const approve = state.phone === 'approve';
      setImmediate(() => answer(t.ref, approve));
    }
    return signed({
      pp_ResponseCode: '157',
      pp_ResponseMessage: 'Transaction is pending: approve it on the phone',
      pp_TxnRefNo: t.ref,
      pp_Amount: String(t.amount),
      pp_TxnCurrency: 'PKR',
    });
  }

  function inquire(f: Record<string, string>) {
    const t = state.transactions.get(f.pp_TxnRefNo ?? '');
    if (!t) return fail('404', 'No such transaction');
    return signed({
      pp_ResponseCode: '000',
      pp_ResponseMessage: 'Inquiry successful',
      pp_TxnRefNo: t.ref,
      pp_PaymentResponseCode: t.code,
      pp_Status: t.refunded > 0 ? (t.refunded === t.amount ? 'Refunded' : 'Completed') : '',
      pp_Amount: String(t.amount),
      pp_TxnCurrency: t.currency,
      pp_RefundedAmount: String(t.refunded),
    });
  }

  function refund(f: Record<string, string>) {
    const t = state.transactions.get(f.pp_TxnRefNo ?? '');
    if (!t || t.code !== '000') return fail('404', 'No paid transaction');
    const amount = Number(f.pp_Amount);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > t.amount - t.refunded)
      return fail('110', 'pp_Amount is more than is left to refund');
    t.refunded += amount;
    return signed({ pp_ResponseCode: '000', pp_ResponseMessage: 'Refunded', pp_TxnRefNo: t.ref });
  }

  function phonePage() {
    const pending = [...state.transactions.values()].filter((t) => t.code === '157');
    const rows = pending
      .map(
        (t) =>
          `<li><p>₨${(t.amount / 100).toLocaleString('en-PK')} to the shop, from ${t.mobile}</p>` +
          `<form method="post" action="/phone/approve?ref=${t.ref}"><button>Approve</button></form>` +
          `<form method="post" action="/phone/reject?ref=${t.ref}"><button>Reject</button></form></li>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test wallet (TEST)</title><h1>Test wallet (TEST)</h1><p>A local stand-in for JazzCash's phone prompt: no money moves.</p>${rows ? `<ul>${rows}</ul>` : '<p>No payment request is waiting.</p>'}</html>`;
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      const send = (status: number, body: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/phone')
        return send(200, phonePage(), 'text/html; charset=utf-8');
      if (req.method === 'POST' && url.pathname.startsWith('/phone/')) {
        answer(url.searchParams.get('ref') ?? '', url.pathname === '/phone/approve');
        res.writeHead(303, { location: '/phone' });
        return res.end();
      }
      state.apiCalls++;
      if (state.mode === 'fail') return send(503, { message: 'down' });
      if (size > MAX_BODY) return send(413, { message: 'too large' });
      let f: Record<string, string>;
      try {
        f = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>;
      } catch {
        return send(400, fail('110', 'not JSON'));
      }
      if (f.pp_MerchantID !== options.merchantId || f.pp_Password !== options.password)
        return send(401, fail('401', 'Invalid merchant credentials'));
      if (f.pp_SecureHash !== secureHash(f, salt))
        return send(200, fail('115', 'Please provide valid value for pp_SecureHash'));
      if (url.pathname === PATHS.pay) return send(200, pay(f));
      if (url.pathname === PATHS.inquire) return send(200, inquire(f));
      if (url.pathname === PATHS.refund) return send(200, refund(f));
      send(404, { message: 'no such call' });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /** The phone approves or rejects a pending request (the test page's buttons). */
    answer,
    /** A signed IPN for a transaction as it stands, without sending it (tests alter and replay it). */
    ipnOf: (ref: string) => {
      const t = state.transactions.get(ref);
      if (!t) throw new Error(`no transaction ${ref}`);
      return ipnOf(t);
    },
    /** Signs any pp_ fields as the stand-in does. */
    sign: signed,
    /** Resolves once every IPN sent so far has been answered. */
    settled: () => Promise.all([...inFlight]).then(() => undefined),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type JazzCashStandIn = Awaited<ReturnType<typeof startJazzCashStandIn>>;
