// Every payment provider's webhook, written once above the adapters: the one way a provider's
// payment becomes a payment on its order. The provider (providers/registry.ts) is named by the
// path, /api/payments/<provider>/webhook; its adapter verifies the signature by its own rule, and
// the steps here are shared: once per event, match the order, amount and currency, read back,
// record on the ledger, alert. Every delivery leaves exactly one log line (the provider's
// `webhookLog`, "card webhook" for Safepay) saying what became of it, and is answered as the
// gateway expects: 2xx once it is taken (a replay, or a signed event that can never match,
// included, so the gateway stops retrying), 4xx when it is not the gateway's (no or a bad
// signature, a stale or future timestamp, a body too large or not the gateway's JSON), 5xx when
// processing failed part-way (the event is released, so the gateway's retry processes it).
//
// A signed event is taken in once, by its id, before anything is done (gatewayEvents.insert
// refuses a second insert of an id). A payment event is recorded only when its order exists and is
// an order paid by one of the provider's methods, its reference is one opened for that order, its amount and currency are the
// order's charge to the unit, and the gateway's own reading of the payment agrees.
import { isPaidInFull } from '../../lib/orders/ledger.ts';
import { shortNumber } from '../../lib/desk.ts';
import { formatMoneyValue, money } from '../../lib/money.ts';
import { CARD_DECLINED_NOTE, CARD_MESSAGES } from '../../lib/cards.ts';
import { WALLET_DECLINED_NOTE } from '../../lib/wallet-api.ts';
import type { WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { readBytesCapped, reply } from '../http.ts';
import { alertOperator } from '../operations/index.ts';
import { announcePaidByCard, cardWait } from '../orders/index.ts';
import { logEvent } from '../request-log.ts';
import type { OrderRecord } from '../store/port.ts';
import { WEBHOOK_MAX_BYTES } from './gateway/webhook.ts';
import type { GatewayEvent, PaymentGateway, WebhookRefusal } from './gateway/port.ts';
import { gatewayActor, readingPays, recordCardPayment } from './card-payments.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { providerNamed } from './providers/registry.ts';

/** The status each refusal is answered with: none of them is the gateway's genuine, current event. */
const REFUSAL_STATUS: Readonly<Record<WebhookRefusal, number>> = {
  'body-too-large': 413,
  'missing-headers': 401,
  'bad-signature': 401,
  'malformed-timestamp': 400,
  'stale-timestamp': 400,
  'future-timestamp': 400,
  'malformed-body': 400,
};

const taken = (status = 200) =>
  reply({ success: true, message: CARD_MESSAGES.webhookTaken }, { status });
const refused = (status: number) =>
  reply({ success: false, message: CARD_MESSAGES.webhookRefused }, { status });

/** The provider named by a webhook path, /api/payments/<provider>/webhook. */
export const providerInPath = (url: string) => new URL(url).pathname.split('/')[3] ?? '';

/** Receives one delivery of Safepay's webhook (the card's provider). */
export function receiveCardWebhook(
  deps: Deps,
  req: Request,
  now = new Date(),
  waitUntil?: WaitUntil,
) {
  return receiveProviderWebhook(deps, 'safepay', req, now, waitUntil);
}

/** Receives one webhook delivery for provider `name`: its raw bytes and headers, at `now`. */
export async function receiveProviderWebhook(
  deps: Deps,
  name: string,
  req: Request,
  now = new Date(),
  waitUntil?: WaitUntil,
) {
  const provider = providerNamed(name);
  const gateway = provider?.gateway(deps.config) ?? null;
  const log = provider?.webhookLog ?? 'payment webhook';
  if (!provider || !gateway) {
    logEvent('warn', log, { verdict: 'refused', reason: `${name} is not configured` });
    return refused(404);
  }
  const raw = await readBytesCapped(req, WEBHOOK_MAX_BYTES);
  const verdict = raw
    ? gateway.verifyWebhook(raw, req.headers, now)
    : ({ ok: false, reason: 'body-too-large', detail: `over ${WEBHOOK_MAX_BYTES} bytes` } as const);
  if (!verdict.ok) {
    logEvent('warn', log, {
      verdict: 'refused',
      reason: verdict.reason,
      detail: verdict.detail,
    });
    return refused(REFUSAL_STATUS[verdict.reason]);
  }
  const { event } = verdict;
  const about = { event: event.id, type: event.type, reference: event.reference };
  const fresh = await deps.store.gatewayEvents.insert({
    id: event.id,
    gateway: gateway.name,
    type: event.type,
    reference: event.reference,
    receivedAt: now.toISOString(),
    outcome: 'processing',
  });
  if (!fresh) {
    logEvent('info', log, { ...about, verdict: 'replay', outcome: 'already taken in' });
    return taken();
  }
  let outcome: Outcome;
  try {
    outcome = await processEvent(deps, provider, gateway, event, waitUntil);
  } catch (error) {
    // Taken back, so the gateway's next delivery of this event is processed from the start.
    await deps.store.gatewayEvents.release(event.id).catch(() => undefined);
    logEvent('error', log, { ...about, verdict: 'failed', error });
    return refused(500);
  }
  // A notice of a payment still pending is given back: the provider's next notice is read afresh.
  if (outcome.pending) await deps.store.gatewayEvents.release(event.id);
  else await deps.store.gatewayEvents.settle(event.id, outcome.text);
  logEvent(outcome.matched ? 'info' : 'warn', log, {
    ...about,
    verdict: outcome.matched ? 'taken' : 'mismatch',
    outcome: outcome.text,
  });
  return taken();
}

/**
 * Whether `order` is paid through `provider`: by one of its methods, or switched to Cash on
 * Delivery from one after its requests were declined (a late payment of one is still its).
 */
const paidThrough = (provider: PaymentProvider, order: OrderRecord) =>
  provider.methods.includes(order.switchedFrom ?? order.paymentMethod);

/** What became of an event: its words for the log and the record, and whether it matched an order. */
type Outcome = { text: string; matched: boolean; pending?: boolean };
const mismatch = (text: string): Outcome => ({ text, matched: false });

async function processEvent(
  deps: Deps,
  provider: PaymentProvider,
  gateway: PaymentGateway,
  event: GatewayEvent,
  waitUntil?: WaitUntil,
): Promise<Outcome> {
  // A declined card is told on the order's timeline and leaves it to a retry or Pay now; refunds are
  // recorded by the desk's refund, which the gateway's refund event only confirms.
  if (event.kind === 'payment.notice') return readNotice(deps, provider, gateway, event, waitUntil);
  if (event.kind === 'payment.failed') return noteDecline(deps, provider, event);
  if (event.kind !== 'payment.paid') return { text: `noted ${event.type}`, matched: true };
  const order = event.orderId ? await deps.store.orders.get(event.orderId) : null;
  if (!order || !paidThrough(provider, order) || !order.card) return mismatch('unknown order');
  const card = order.card;
  if (![card.reference, ...(card.earlier ?? [])].includes(event.reference))
    return mismatch('payment reference not opened for this order');
  if (event.amountMinor !== card.chargeMinor)
    return mismatch(`amount ${event.amountMinor} is not the charge ${card.chargeMinor}`);
  if (event.currency !== card.chargeCurrency)
    return mismatch(`currency ${event.currency} is not the charge's ${card.chargeCurrency}`);
  // The event is signed, but the gateway's own record is what the shop books.
  const reading = await gateway.readPayment(event.reference);
  if (!readingPays(reading, card))
    return mismatch(
      `the gateway reads ${reading.state} ${reading.amountMinor} ${reading.currency}, not a paid charge`,
    );
  return bookPayment(deps, provider, gateway, order, event.reference, waitUntil);
}

/**
 * An unsigned notice names a payment and nothing else: the order must be one of the provider's
 * whose request had that reference, and the provider's own reading, asked with the shop's
 * credentials, decides: paid for the charge is booked, failed is noted as a decline, pending waits.
 */
async function readNotice(
  deps: Deps,
  provider: PaymentProvider,
  gateway: PaymentGateway,
  event: GatewayEvent,
  waitUntil?: WaitUntil,
): Promise<Outcome> {
  const order = event.orderId ? await deps.store.orders.get(event.orderId) : null;
  if (!order || !paidThrough(provider, order) || !order.card) return mismatch('unknown order');
  if (![order.card.reference, ...(order.card.earlier ?? [])].includes(event.reference))
    return mismatch('payment reference not opened for this order');
  const reading = await gateway.readPayment(event.reference);
  if (reading.state === 'failed') return noteDecline(deps, provider, event);
  if (reading.state === 'pending') return { text: 'pending', matched: true, pending: true };
  if (!readingPays(reading, order.card))
    return mismatch(
      `the gateway reads ${reading.state} ${reading.amountMinor} ${reading.currency}, not a paid charge`,
    );
  return bookPayment(deps, provider, gateway, order, event.reference, waitUntil);
}

/**
 * The gateway declined a card opened for an unpaid card order: a timeline event by the gateway
 * ("Card declined") on the order, still Order Placed, so the desk and the shopper see the decline.
 * A decline for an order paid or cancelled meanwhile changes nothing.
 */
async function noteDecline(
  deps: Deps,
  provider: PaymentProvider,
  event: GatewayEvent,
): Promise<Outcome> {
  const order = event.orderId ? await deps.store.orders.get(event.orderId) : null;
  if (!order || !paidThrough(provider, order) || !order.card) return mismatch('unknown order');
  if (![order.card.reference, ...(order.card.earlier ?? [])].includes(event.reference))
    return mismatch('payment reference not opened for this order');
  if (cardWait(order) === null) return { text: `noted ${event.type}`, matched: true };
  const noted = await deps.store.orders.transition(order.id, ['Order Placed'], 'Order Placed', {
    event: {
      at: event.signedAt.toISOString(),
      from: 'Order Placed',
      to: 'Order Placed',
      by: gatewayActor(provider.label),
      note: provider.start === 'phone-request' ? WALLET_DECLINED_NOTE : CARD_DECLINED_NOTE,
    },
  });
  return { text: noted ? 'noted decline' : `noted ${event.type}`, matched: true };
}

/** Records the verified payment, or refunds it when the order cannot take it (cancelled, paid). */
async function bookPayment(
  deps: Deps,
  provider: PaymentProvider,
  gateway: PaymentGateway,
  order: OrderRecord,
  reference: string,
  waitUntil?: WaitUntil,
): Promise<Outcome> {
  let current = order;
  for (let attempt = 0; attempt < 3; attempt++) {
    if ((current.payments ?? []).some((p) => p.reference === reference))
      return { text: 'already recorded', matched: true };
    if (current.status === 'Cancelled' || isPaidInFull(current))
      return refundUnwanted(deps, gateway, current, reference, waitUntil);
    const saved = await recordCardPayment(
      deps.store,
      current,
      reference,
      new Date(),
      provider.label,
    );
    if (saved) {
      void announcePaidByCard(deps, saved, waitUntil);
      return { text: 'recorded payment', matched: true };
    }
    // Another write came first (a cancel, an expiry, a payment): read it and decide again.
    const reread = await deps.store.orders.get(order.id);
    if (!reread) return mismatch('unknown order');
    current = reread;
  }
  throw new Error(`order ${order.id} kept changing while its card payment was recorded`);
}

/**
 * A card paid for an order that is cancelled (or already paid by another of its payments): the
 * owner is alerted, and the card is refunded through the gateway. A refund that fails throws, so
 * the event is released and the gateway's retry tries again.
 */
async function refundUnwanted(
  deps: Deps,
  gateway: PaymentGateway,
  order: OrderRecord,
  reference: string,
  waitUntil?: WaitUntil,
): Promise<Outcome> {
  const card = order.card!;
  const why = order.status === 'Cancelled' ? 'cancelled' : 'already paid';
  const charge = money(card.chargeMinor, card.chargeCurrency);
  const amount = formatMoneyValue(charge);
  void alertOperator(
    deps,
    'card-after-cancel',
    {
      summary: `A card payment of ${amount} (${reference}) arrived for order #${shortNumber(order.id)}, which is ${why}; refunding it to the card`,
      ...(why === 'already paid' ? { subject: 'A card order was paid twice' } : {}),
    },
    { waitUntil },
  );
  await gateway.refund(reference, charge, `${reference}-unwanted`);
  return { text: `refunded: order ${why}`, matched: true };
}
