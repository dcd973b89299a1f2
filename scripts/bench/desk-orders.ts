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
import type { OrderRecord, StaffRecord, Store } from '../../src/server/store/port.ts';

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

type Answer = { matched?: number; orderCount?: number; periods?: { orders: number }[] };

/** One timed read: the desk call (`/api/desk/<call>`), its body, and what it found in its answer. */
export interface DeskScenario {
  scenario: string;
  call: string;
  body: object;
  pick: (answer: Answer) => number;
}

/** The reads the bench times, on orders placed up to `now`. */
export function deskScenarios(now: number): DeskScenario[] {
  const listed = (a: Answer) => a.matched ?? 0;
  const list = (scenario: string, body: object): DeskScenario => ({
    scenario,
    call: 'orders/list',
    body,
    pick: listed,
  });
  return [
    list('all orders, first 100', {}),
    list('status Packing', { status: 'packing' }),
    list('unpaid, last 30 days', { payment: 'unpaid', from: dayBefore(now, 30) }),
    list('search by e-mail', { q: 'ayesha' }),
    list('search by phone', { q: '+92 300 1005000' }),
    list('first 500', { limit: 500 }),
    // The other reads of the operations part, on the same orders.
    {
      scenario: 'business view (30-day orders)',
      call: 'business',
      body: {},
      pick: (a) => a.periods?.at(-1)?.orders ?? 0,
    },
    {
      scenario: 'customer look-up',
      call: 'customer',
      body: { email: 'ayesha9@example.com' },
      pick: (a) => a.orderCount ?? 0,
    },
  ];
}

/**
 * The member the bench signs in as: staff, not the owner (the order list is timed as most members
 * see it), granted customers' personal data, which the customer look-up needs, and sales figures,
 * which the business view needs.
 */
export function benchMember(id: string = randomUUID()): StaffRecord {
  return {
    id,
    email: 'bench@bastaa.pk',
    name: 'Bench',
    role: 'staff',
    personalData: true,
    sales: true,
    status: 'active',
    passwordHash: null,
    totpSecret: null,
    totpLastStep: 0,
    sessionVersion: 0,
    inviteHash: null,
    inviteExpiresAt: null,
    invitedBy: null,
    createdAt: new Date().toISOString(),
  };
}

/** Adds the bench's member to `store` and answers a desk token for it. */
export async function signInBenchMember(store: Store): Promise<string> {
  const member = benchMember();
  await store.staff.create(member);
  return issueStaffToken(
    { staffId: member.id, role: member.role, sessionVersion: member.sessionVersion },
    signingKey(loadConfig()),
  );
}

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
    const token = await signInBenchMember(store);
    // Imported after DATA_DIR is set: the router reads the store and config per request.
    const { default: desk } = await import('../../netlify/functions/desk.mts');
    const rows: DeskListRow[] = [];
    for (const { scenario, call, body, pick } of deskScenarios(now)) {
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
        const answer = (await res.json()) as Answer & { message?: string };
        times.push(performance.now() - started);
        if (res.status !== 200)
          throw new Error(`desk ${call} answered ${res.status}: ${answer.message ?? ''}`);
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
