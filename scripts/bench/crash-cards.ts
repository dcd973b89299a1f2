// The crash test's card part: card refunds in flight when the shop is killed.
//
// The Safepay stand-in (src/demo/safepay-stand-in.ts) runs here, in the bench's process, outside
// the shop's process group: like Safepay, it outlives the shop. Before the shoppers start, card
// shoppers place rupee card orders and pay them on its test page. When the shop is to be killed,
// the owner refunds every one of them, twice at once (a double tap), each refund held by the
// stand-in for REFUND_DELAY_MS before it is applied; the kill lands once half of them have reached
// it. After the restart the reconciliation (`npm run shop -- payments reconcile`, run here with its
// clock moved past the pending refunds' grace) must settle every refund left pending and find no
// difference: the gateway's refunded total equals the ledger's on every order, in paisa.
import { randomBytes } from 'node:crypto';
import { pressTestPage, startSafepayStandIn } from '../../src/demo/safepay-stand-in.ts';
import { isRefund, pendingRefunds, settledEntries } from '../../src/lib/orders/ledger.ts';
import { loadConfig } from '../../src/server/config.ts';
import {
  PENDING_GRACE_MS,
  reconcileCards,
  SAFEPAY_WEBHOOK_PATH,
} from '../../src/server/payments/index.ts';
import { sentCardMinor } from '../../src/server/payments/card-refunds.ts';
import { settleBackground } from '../../src/server/background.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import { ADDRESS } from '../api-endpoints.ts';

/** How long the stand-in holds each refund before applying it: the window the kill lands in. */
const REFUND_DELAY_MS = 1500;

/** What the card part found. */
export interface CardCrashResult {
  cardOrders: number;
  /** Refunds the shop answered 200 before the kill, and how many of those its ledger has as sent. */
  refundsAcknowledged: number;
  refundsAcknowledgedOnLedger: number;
  /** Refund requests that reached the gateway before the kill. */
  refundsAtGateway: number;
  /** Pending refunds the reconciliation settled, by outcome. */
  settledSent: number;
  settledReleased: number;
  /** Orders whose gateway and ledger still differ after the reconciliation, in words. */
  differences: string[];
}

type Post = (
  path: string,
  token: string,
  body: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: any }>;

/** Starts the stand-in for a shop that will listen on `port`; `env` points the shop at it. */
export async function cardGatewayFor(port: number) {
  const keys = {
    apiKey: `sec_bench-${randomBytes(8).toString('hex')}`,
    secretKey: randomBytes(24).toString('hex'),
    webhookSecret: randomBytes(32).toString('base64'),
  };
  const stand = await startSafepayStandIn({
    ...keys,
    webhookUrl: `http://127.0.0.1:${port}${SAFEPAY_WEBHOOK_PATH}`,
  });
  const env = {
    SAFEPAY_ENVIRONMENT: 'sandbox',
    SAFEPAY_API_KEY: keys.apiKey,
    SAFEPAY_SECRET_KEY: keys.secretKey,
    SAFEPAY_WEBHOOK_SECRET: keys.webhookSecret,
    SAFEPAY_API_URL: stand.url,
  };
  return { stand, env };
}

/** Places and pays one rupee card order per shopper; answers their ids. */
export async function paidCardOrders(
  post: Post,
  stand: Awaited<ReturnType<typeof cardGatewayFor>>['stand'],
  shoppers: readonly { email: string; token: string }[],
  line: { itemId: string; selectedColor: string },
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, shopper] of shoppers.entries()) {
    const placed = await post(
      '/api/order/COD',
      shopper.token,
      {
        items: [
          { productId: line.itemId, selectedColor: line.selectedColor, imageIndex: 0, quantity: 1 },
        ],
        address: { ...ADDRESS, email: shopper.email },
        currency: 'PKR',
        paymentMethod: 'Card',
      },
      { 'Idempotency-Key': `crash-card-${i}-${Date.now()}` },
    );
    if (placed.status !== 201) throw new Error(`card order answered ${placed.status}`);
    const pressed = await pressTestPage(placed.body.payUrl as string, 'pay');
    if (pressed.status !== 303 && pressed.status !== 302)
      throw new Error(`the test page answered ${pressed.status}`);
    ids.push(placed.body.orderId as string);
  }
  await stand.idle();
  return ids;
}

/**
 * Sends every order's refund twice at once, without waiting for the answers, and resolves once
 * half the refund requests have reached the gateway (or 20 s passed): the moment to kill the shop.
 * `acknowledged` collects the refunds the shop answered 200 (before it died).
 */
export async function refundsInFlight(
  post: Post,
  stand: Awaited<ReturnType<typeof cardGatewayFor>>['stand'],
  ownerToken: string,
  orderIds: readonly string[],
  acknowledged: { orderId: string }[],
): Promise<void> {
  stand.state.refundDelayMs = REFUND_DELAY_MS;
  const before = stand.state.refundsReceived;
  for (const orderId of orderIds)
    for (let tap = 0; tap < 2; tap++)
      void post('/api/desk/orders/refund', ownerToken, {
        order: orderId,
        method: 'Card',
        lines: [{ index: 0, quantity: 1 }],
        restock: false,
        note: 'Crash test: the shopper sent it back',
      }).then(
        (answer) => {
          if (answer.status === 200) acknowledged.push({ orderId });
        },
        () => {},
      );
  const deadline = Date.now() + 20_000;
  const half = Math.ceil(orderIds.length / 2);
  while (stand.state.refundsReceived - before < half && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * After the restart: lets every refund the gateway holds land, reconciles as the CLI does with
 * its clock past the pending grace, and compares each order's gateway record with its ledger.
 */
export async function reconcileAfterCrash(
  dataDir: string,
  env: Record<string, string>,
  stand: Awaited<ReturnType<typeof cardGatewayFor>>['stand'],
  orderIds: readonly string[],
  acknowledged: readonly { orderId: string }[],
  refundsAtGateway: number,
): Promise<CardCrashResult> {
  // Every refund that reached the gateway is applied REFUND_DELAY_MS after it arrived.
  await new Promise((resolve) => setTimeout(resolve, REFUND_DELAY_MS + 500));
  const store = openSqliteStore(dataDir);
  try {
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SMTP_URL: '', ...env });
    const found = await reconcileCards(
      { store, config },
      new Date(Date.now() + PENDING_GRACE_MS + 1000),
    );
    await settleBackground();
    const differences = found
      .filter((r) => r.difference)
      .map((r) => `#${r.number} ${r.difference}`);
    let onLedger = 0;
    const acknowledgedBy = new Map<string, number>();
    for (const { orderId } of acknowledged)
      acknowledgedBy.set(orderId, (acknowledgedBy.get(orderId) ?? 0) + 1);
    for (const id of orderIds) {
      const order = (await store.orders.get(id))!;
      const tracker = stand.state.trackers.get(order.card!.reference);
      const ledger = sentCardMinor(order);
      if (tracker?.refunded !== ledger)
        differences.push(`#${id}: gateway refunded ${tracker?.refunded}, ledger ${ledger}`);
      if (pendingRefunds(order).length > 0)
        differences.push(`#${id}: ${pendingRefunds(order).length} refund(s) still pending`);
      if (ledger > order.card!.chargeMinor) differences.push(`#${id}: refunded beyond its charge`);
      const sent = settledEntries(order).filter(isRefund).length;
      onLedger += Math.min(acknowledgedBy.get(id) ?? 0, sent);
    }
    const settled = found.flatMap((r) => r.settled);
    return {
      cardOrders: orderIds.length,
      refundsAcknowledged: acknowledged.length,
      refundsAcknowledgedOnLedger: onLedger,
      refundsAtGateway,
      settledSent: settled.filter((s) => s.outcome === 'sent').length,
      settledReleased: settled.filter((s) => s.outcome === 'released').length,
      differences,
    };
  } finally {
    await store.close();
  }
}
