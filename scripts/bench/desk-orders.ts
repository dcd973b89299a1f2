// The desk's order list with 10,000 orders on SQLite, timed in this process through the desk's
// router function with real Requests and a real staff token (auth, body validation, the store read,
// filters, counts and the JSON answer all count): the figure behind the goal of p95 ≤ 300 ms.
// The business view and the customer look-up are timed on the same orders, against the same goal.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDER_STATUSES } from '../../src/lib/orders/moves.ts';
import { issueStaffToken } from '../../src/server/accounts/index.ts';
import { signingKey } from '../../src/server/accounts/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { closeStore, getStore } from '../../src/server/store/index.ts';
import type { LedgerEntry } from '../../src/lib/orders/ledger.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';

/** One bank transfer paying a bench order in full. */
const benchPayment = (amount: number, i: number): LedgerEntry[] => [
  {
    id: randomUUID(),
    kind: 'payment',
    at: new Date().toISOString(),
    method: 'Bank Transfer',
    amount,
    reference: `BENCH-${i}`,
    by: { id: 'bench', email: 'bench@shop.pk' },
    status: 'Order Placed',
  },
];

/** One scenario's timings in milliseconds. */
export interface DeskListRow {
  scenario: string;
  orders: number;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  matched: number;
}

const NAMES = ['Ayesha', 'Bilal', 'Sana', 'Omar', 'Zara', 'Hamza', 'Fatima', 'Usman', 'Hira'];
const METHODS = ['COD', 'Bank Transfer', 'JazzCash', 'EasyPaisa'];

/** A plausible order `i` of `count`, placed over the last 365 days. */
export function benchOrder(i: number, count: number, now: number): OrderRecord {
  const name = NAMES[i % NAMES.length]!;
  const quantity = (i % 3) + 1;
  return {
    id: randomUUID(),
    userId: `shopper-${i % 2000}`,
    items: [
      {
        productId: `bag-${i % 120}`,
        productName: `Bag ${i % 120}`,
        selectedColor: 'Black',
        imageIndex: '0',
        image: '/photos/bag.jpg',
        price: 4000,
        discountPercent: 0,
        wholesalePrice: null,
        unitPrice: 4000,
        quantity,
        lineTotal: 4000 * quantity,
      },
    ],
    address: {
      firstName: name,
      lastName: `Khan${i}`,
      email: `${name.toLowerCase()}${i}@example.com`,
      address1: `${i} Canal View`,
      country: 'Pakistan',
      city: 'Lahore',
      state: 'Punjab',
      zip: '54000',
      mobile: `0300${String(1_000_000 + i).slice(-7)}`,
    },
    amountPkr: 4000 * quantity,
    currency: 'PKR',
    rate: 1,
    amount: 4000 * quantity,
    deliveryFee: 250,
    total: 4000 * quantity + 250,
    paymentMethod: METHODS[i % METHODS.length]!,
    payments: i % 5 === 0 ? benchPayment(4000 * quantity + 250, i) : [],
    status: ORDER_STATUSES[i % ORDER_STATUSES.length]!,
    cancelReason: null,
    date: new Date(now - Math.floor((i / count) * 365 * 86_400_000)).toISOString(),
    idempotencyKey: null,
    requestHash: null,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** Seeds `count` orders into a fresh SQLite store and times the list call per scenario. */
export async function deskListSpeed(count = 10_000, runs = 40): Promise<DeskListRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-desk-'));
  const previous = process.env.DATA_DIR;
  await closeStore();
  process.env.DATA_DIR = dir;
  try {
    const store = await getStore();
    const now = Date.now();
    for (let i = 0; i < count; i++) await store.orders.create(benchOrder(i, count, now));
    const staffId = randomUUID();
    await store.staff.create({
      id: staffId,
      email: 'bench@bastaa.pk',
      name: 'Bench',
      role: 'staff',
      status: 'active',
      passwordHash: null,
      totpSecret: null,
      totpLastStep: 0,
      sessionVersion: 0,
      inviteHash: null,
      inviteExpiresAt: null,
      invitedBy: null,
      createdAt: new Date().toISOString(),
    });
    const token = await issueStaffToken(
      { staffId, role: 'staff', sessionVersion: 0 },
      signingKey(loadConfig()),
    );
    // Imported after DATA_DIR is set: the router reads the store and config per request.
    const { default: desk } = await import('../../netlify/functions/desk.mts');
    type Answer = { matched?: number; orderCount?: number; periods?: { orders: number }[] };
    const listed = (a: Answer) => a.matched ?? 0;
    const scenarios: [string, string, object, (a: Answer) => number][] = [
      ['all orders, first 100', 'orders/list', {}, listed],
      ['status Packing', 'orders/list', { status: 'packing' }, listed],
      [
        'unpaid, last 30 days',
        'orders/list',
        { payment: 'unpaid', from: dayBefore(now, 30) },
        listed,
      ],
      ['search by e-mail', 'orders/list', { q: 'ayesha' }, listed],
      ['search by phone', 'orders/list', { q: '+92 300 1005000' }, listed],
      ['first 500', 'orders/list', { limit: 500 }, listed],
      // The other reads of the operations part, on the same 10,000 orders.
      ['business view (30-day orders)', 'business', {}, (a) => a.periods?.at(-1)?.orders ?? 0],
      ['customer look-up', 'customer', { email: 'ayesha9@example.com' }, (a) => a.orderCount ?? 0],
    ];
    const rows: DeskListRow[] = [];
    for (const [scenario, call, body, pick] of scenarios) {
      const times: number[] = [];
      let matched = 0;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const res = await desk(
          new Request(`http://localhost/api/desk/${call}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token },
            body: JSON.stringify(body),
          }),
          { ip: '127.0.0.1' },
        );
        const answer = (await res.json()) as Answer;
        times.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`desk ${call} answered ${res.status}`);
        matched = pick(answer);
      }
      times.sort((a, b) => a - b);
      const round = (x: number) => Number(x.toFixed(1));
      rows.push({
        scenario,
        orders: count,
        runs,
        p50Ms: round(percentile(times, 0.5)),
        p95Ms: round(percentile(times, 0.95)),
        matched,
      });
    }
    return rows;
  } finally {
    await closeStore();
    if (previous === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previous;
    rmSync(dir, { recursive: true, force: true });
  }
}

const dayBefore = (now: number, days: number) =>
  new Date(now - days * 86_400_000).toISOString().slice(0, 10);
