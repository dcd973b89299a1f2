// Crash test: orders from 40 concurrent shoppers against `npm start` on the SQLite store, while a
// staff member records the bank transfers that pay them and the owner's card refunds are out at the
// gateway (crash-cards.ts), the whole server process group killed with SIGKILL half-way, then a
// restart. Every acknowledged order and payment must be present and intact, no cart line duplicated
// or lost, every ledger must add up (held = paid − refunded, never above the total, no reference
// twice), the store must open without repair, and the card reconciliation must then settle every
// refund left pending and find the gateway and the ledgers agreeing.
//
// Each shopper places at most 10 orders and ships to their own e-mail, so the shop's per-shopper and
// per-recipient order limits (10 per 10 minutes) are not what stops them. They all come from this
// machine's one address, so the per-address limit is scaled as the browser journeys scale it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import { issueStaffToken, signingKey } from '../../src/server/accounts/index.ts';
import { ledgerSums } from '../../src/lib/orders/ledger.ts';
import { referenceKey } from '../../src/lib/orders/ledger.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import { ADDRESS } from '../api-endpoints.ts';
import { prepareStore } from './load.ts';
import {
  cardGatewayFor,
  paidCardOrders,
  reconcileAfterCrash,
  refundsInFlight,
  type CardCrashResult,
} from './crash-cards.ts';
import { freePort, startShop } from './server.ts';

/** How many paid card orders have their refunds in flight at the kill. */
const CARD_ORDERS = 8;

export interface CrashResult {
  ok: boolean;
  orders: number;
  clients: number;
  acknowledged: number;
  presentAndIntact: number;
  inFlightCommitted: number;
  cartsChecked: number;
  /** Payments acknowledged before the kill, and found intact on their order's ledger. */
  paymentsAcknowledged: number;
  paymentsIntact: number;
  problems: string[];
  integrity: string;
  restartMs: number;
  cards: CardCrashResult;
}

type Event = { kind: 'add'; line: string; qty: number } | { kind: 'order'; id: string; body: any };

export async function crashTest(opts: {
  orders?: number;
  clients?: number;
  skipBuild: boolean;
  log?: (s: string) => void;
}): Promise<CrashResult> {
  const total = opts.orders ?? 400;
  const clients = opts.clients ?? 40;
  const log = opts.log ?? (() => {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-crash-'));
  // The last CARD_ORDERS shoppers pay by card; the others place the orders below.
  const prep = await prepareStore(dataDir, clients + CARD_ORDERS);
  const cardShoppers = prep.shoppers.splice(clients);
  const staffToken = await seedStaff(dataDir, 'staff');
  const ownerToken = await seedStaff(dataDir, 'owner');
  const port = await freePort();
  const gateway = await cardGatewayFor(port);
  log(`crash: starting the shop on ${dataDir}`);
  // One address for every shopper here: the per-address order limit scaled as the journeys do.
  const env = { THROTTLE_ADDRESS_FACTOR: '50', ...gateway.env };
  let shop = await startShop({ dataDir, skipBuild: opts.skipBuild, env, port });
  const perClient = Math.ceil(total / clients);
  const acked: Event[][] = Array.from({ length: clients }, () => []);
  let ackedOrders = 0;
  let killed = false;
  const killAt = Math.floor(total / 2);
  const post = async (
    p: string,
    token: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(shop.url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const cardOrders = await paidCardOrders(post, gateway.stand, cardShoppers, prep.lines[0]!);
  log(`crash: ${cardOrders.length} card orders paid on the gateway stand-in`);
  const refundsAcknowledged: { orderId: string }[] = [];
  let refundsAtGateway = 0;
  /** Sends the card refunds, waits until half have reached the gateway, then kills the shop. */
  const kill = async (why: string) => {
    killed = true;
    const before = gateway.stand.state.refundsReceived;
    await refundsInFlight(post, gateway.stand, ownerToken, cardOrders, refundsAcknowledged);
    refundsAtGateway = gateway.stand.state.refundsReceived - before;
    log(
      `crash: ${why}; ${refundsAtGateway} card refunds at the gateway; SIGKILL to the server's process group`,
    );
    await shop.kill('SIGKILL');
  };

  const runClient = async (c: number) => {
    const shopper = prep.shoppers[c]!;
    for (let j = 0; j < perClient; j++) {
      const line = prep.lines[(c + j) % prep.lines.length]!;
      const qty = (j % 5) + 1;
      try {
        const add = await post('/api/cart/add', shopper.token, { ...line, quantity: qty });
        if (add.status !== 200) throw new Error(`cart/add ${add.status}`);
        acked[c]!.push({ kind: 'add', line: `${line.itemId}|${line.selectedColor}|0`, qty });
        const body = {
          items: [
            {
              productId: line.itemId,
              selectedColor: line.selectedColor,
              imageIndex: 0,
              quantity: qty,
            },
          ],
          address: { ...ADDRESS, email: shopper.email },
          currency: 'PKR',
          // Every other order is paid by transfer, which the staff member below records.
          paymentMethod: j % 2 === 0 ? 'Bank Transfer' : 'COD',
        };
        const order = await post('/api/order/COD', shopper.token, body, {
          'Idempotency-Key': `crash-${c}-${j}-${Date.now()}`,
        });
        if (order.status !== 201 && order.status !== 200) throw new Error(`order ${order.status}`);
        acked[c]!.push({ kind: 'order', id: order.body.orderId, body: order.body.order });
        if (body.paymentMethod === 'Bank Transfer')
          toPay.push({ id: order.body.orderId, total: order.body.order.total });
        if (++ackedOrders === killAt && !killed) await kill(`${ackedOrders} orders acknowledged`);
      } catch {
        return; // the server is gone: this client stops here (its last request may or may not have landed)
      }
    }
  };
  // Under a slow @netlify/dev the clients may give up before half the orders: kill on a timer too,
  // so the SIGKILL always lands while requests are in flight.
  let timerKill: Promise<void> = Promise.resolve();
  const timer = setTimeout(() => {
    if (killed) return;
    timerKill = kill(`${ackedOrders} orders acknowledged after 90 s`);
  }, 90_000);
  // A staff member records each transfer as its order is acknowledged, two at a time.
  const toPay: { id: string; total: number }[] = [];
  const paid: { id: string; reference: string; amount: number }[] = [];
  const refusedPayments: string[] = [];
  let shoppersDone = false;
  const payer = async () => {
    while (!killed) {
      const next = toPay.shift();
      if (!next) {
        if (shoppersDone) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const reference = `CRASH-${randomUUID().slice(0, 12)}`;
      try {
        const answer = await post('/api/desk/orders/payment', staffToken, {
          order: next.id,
          method: 'Bank Transfer',
          amount: next.total,
          reference,
        });
        if (answer.status === 200) paid.push({ id: next.id, reference, amount: next.total });
        else refusedPayments.push(`${answer.status} ${answer.body?.message ?? ''}`);
      } catch {
        return;
      }
    }
  };
  const payers = [payer(), payer()];
  await Promise.all(Array.from({ length: clients }, (_, c) => runClient(c)));
  shoppersDone = true;
  await Promise.all(payers);
  clearTimeout(timer);
  await timerKill;
  if (!killed) await kill(`every client stopped before the kill (${ackedOrders} acknowledged)`);

  // The store file opens and is consistent without any repair step.
  let integrity = 'not checked';
  try {
    const db = new DatabaseSync(path.join(dataDir, 'shop.db'));
    integrity = String(
      (db.prepare('PRAGMA integrity_check').get() as Record<string, unknown>).integrity_check,
    );
    db.close();
  } catch (error) {
    integrity = `cannot open: ${String(error)}`;
  }

  const restarted = Date.now();
  shop = await startShop({ dataDir, skipBuild: true, env, port });
  const restartMs = Date.now() - restarted;
  const problems: string[] = [];
  let presentAndIntact = 0;
  let inFlightCommitted = 0;
  let paymentsIntact = 0;
  let cartsChecked = 0;
  try {
    for (let c = 0; c < clients; c++) {
      const shopper = prep.shoppers[c]!;
      const listed = await post('/api/order/userorders', shopper.token, {});
      if (listed.status !== 200) {
        problems.push(`client ${c}: userorders answered ${listed.status}`);
        continue;
      }
      const byId = new Map<string, any>((listed.body.orders as any[]).map((o) => [o._id, o]));
      const events = acked[c]!;
      const ackedIds = events.filter(
        (e): e is Extract<Event, { kind: 'order' }> => e.kind === 'order',
      );
      for (const e of ackedIds) {
        const stored = byId.get(e.id);
        if (!stored) problems.push(`client ${c}: acknowledged order ${e.id} is missing`);
        // A transfer recorded after the order was acknowledged changes only its money.
        else if (JSON.stringify(withoutMoney(stored)) !== JSON.stringify(withoutMoney(e.body)))
          problems.push(`client ${c}: order ${e.id} differs from its acknowledgement`);
        else presentAndIntact++;
      }
      const extra = byId.size - ackedIds.length;
      if (extra < 0 || extra > 1)
        problems.push(
          `client ${c}: ${byId.size} orders stored for ${ackedIds.length} acknowledged`,
        );
      inFlightCommitted += Math.max(0, extra);

      // Cart: after the last acknowledged step exactly one request may have been in flight.
      const cart = (await post('/api/cart/get', shopper.token, {})).body.cartData as Record<
        string,
        Record<string, Record<string, number>>
      >;
      const lines = Object.entries(cart ?? {}).flatMap(([id, colours]) =>
        Object.entries(colours).flatMap(([col, idx]) =>
          Object.entries(idx).map(([i, q]) => [`${id}|${col}|${i}`, q] as const),
        ),
      );
      const last = events.at(-1);
      const nextIndex = events.filter((e) => e.kind === 'add').length; // the add that may have been in flight
      const nextLine = prep.lines[(c + nextIndex) % prep.lines.length]!;
      const nextQty = (nextIndex % 5) + 1;
      const okStates: string[] = [];
      if (!last || last.kind === 'order') {
        okStates.push(
          '[]',
          JSON.stringify([[`${nextLine.itemId}|${nextLine.selectedColor}|0`, nextQty]]),
        );
      } else {
        okStates.push(JSON.stringify([[last.line, last.qty]]));
        if (extra === 1) okStates.push('[]'); // the in-flight order committed and cleared the cart
      }
      if (!okStates.includes(JSON.stringify(lines)))
        problems.push(
          `client ${c}: cart ${JSON.stringify(lines)} is none of ${okStates.join(' or ')}`,
        );
      cartsChecked++;
    }
    // And straight from the store: every acknowledged order is there, once.
    const store = openSqliteStore(dataDir);
    const all = await store.orders.list();
    await store.close();
    const ids = new Set(all.map((o) => o.id));
    if (ids.size !== all.length) problems.push('an order id is stored twice');
    // Every acknowledged payment is on its order's ledger, and every ledger adds up.
    const byId = new Map(all.map((o) => [o.id, o]));
    for (const p of paid) {
      const entry = byId.get(p.id)?.payments?.find((e) => e.reference === p.reference);
      if (entry && entry.amount === p.amount) paymentsIntact++;
      else problems.push(`payment ${p.reference} on order ${p.id} is missing or changed`);
    }
    const references = new Set<string>();
    for (const o of all) {
      const sums = ledgerSums(o);
      if (sums.refundedMinor > sums.paidMinor || sums.paidMinor > sums.totalMinor)
        problems.push(`order ${o.id}: its ledger does not add up`);
      for (const e of o.payments ?? []) {
        if (e.reference === null) continue;
        const key = referenceKey(e.kind ?? 'payment', e.method, e.reference);
        if (references.has(key)) problems.push(`reference ${e.reference} is on two entries`);
        references.add(key);
      }
    }
  } finally {
    await shop.kill();
  }
  const cards = await reconcileAfterCrash(
    dataDir,
    gateway.env,
    gateway.stand,
    cardOrders,
    refundsAcknowledged,
    refundsAtGateway,
  ).finally(() => gateway.stand.close());
  const acknowledged = acked.flat().filter((e) => e.kind === 'order').length;
  return {
    ok:
      problems.length === 0 &&
      integrity === 'ok' &&
      presentAndIntact === acknowledged &&
      paymentsIntact === paid.length &&
      cards.differences.length === 0 &&
      cards.refundsAcknowledgedOnLedger === cards.refundsAcknowledged,
    orders: total,
    clients,
    acknowledged,
    presentAndIntact,
    inFlightCommitted,
    cartsChecked,
    paymentsAcknowledged: paid.length,
    paymentsIntact,
    problems: [
      ...problems.slice(0, 20),
      ...refusedPayments.slice(0, 3).map((r) => `payment refused: ${r}`),
    ],
    integrity,
    restartMs,
    cards,
  };
}

/** A desk member in the store at `dataDir`, and their desk token (signed with its key). */
async function seedStaff(dataDir: string, role: 'staff' | 'owner'): Promise<string> {
  const store = openSqliteStore(dataDir);
  try {
    const staffId = randomUUID();
    await store.staff.create({
      id: staffId,
      email: `crash-${role}@bastaa.pk`,
      name: `Crash Test ${role}`,
      role,
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
    return await issueStaffToken(
      { staffId, role, sessionVersion: 0 },
      signingKey({ DATA_DIR: dataDir, JWT_SECRET: process.env.JWT_SECRET }),
    );
  } finally {
    await store.close();
  }
}

/** An order as its shopper sees it, without what a payment recorded later changes. */
function withoutMoney(order: Record<string, unknown>) {
  const { payment: _payment, ...rest } = order;
  return rest;
}
