// Paying an order by card: what the card is charged, opening a payment on the gateway's hosted
// page when the order is placed, and Pay now for a card order still unpaid. The order exists
// before the gateway is asked, so a gateway that is down never loses an order: the shopper is told
// and pays later with Pay now. Nothing here marks an order paid; only the verified webhook (or the
// expiry reading the payment back) does.
import { isPaidInFull } from '../../lib/orders/ledger.ts';
import { CARD_MESSAGES } from '../../lib/cards.ts';
import type { OrderBody } from '../../lib/contract/requests.ts';
import { shortNumber } from '../../lib/desk.ts';
import { ORDER_MESSAGES } from '../../lib/messages.ts';
import { orderTotalPkr } from '../../lib/orders/money.ts';
import { money, moneyFromAmount } from '../../lib/money.ts';
import { CARD } from '../../lib/payments.ts';
import { cnicError } from '../../lib/wallet-api.ts';
import { isWalletMethod } from '../../lib/wallet.ts';
import { ROUTES } from '../../lib/routes.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { conflict, invalid, notFound, unavailable } from '../errors.ts';
import { throttle, type Limit } from '../operations/index.ts';
import { announcePlaced, placeOrder, type OrderContext } from '../orders/index.ts';
import { logEvent } from '../request-log.ts';
import type { CardCharge, OrderRecord, UserRecord } from '../store/port.ts';
import { cardPaymentsAvailable } from './gateway/availability.ts';
import { chargeCurrency, GatewayError, type PaymentGateway } from './gateway/port.ts';
import { SAFEPAY_CURRENCIES } from './gateway/safepay.ts';
import { isOverdue, settleOverdueCardOrder } from './card-expiry.ts';
import { cardGateway, gatewayForOrder } from './card-payments.ts';
import { PROVIDERS, providerForMethod, walletsByStandIn } from './providers/registry.ts';

/** Pay now: 10 fresh payment pages per order in 10 minutes (each is a session at the gateway). */
export const PAY_NOW_PER_ORDER: Limit = { name: 'pay-now', max: 10, windowMs: 10 * 60_000 };

/**
 * What an order's card is charged: its total in its own currency where the gateway takes that
 * currency, else its rupee total (items in PKR plus the fee back at the order's rate), the figure
 * the checkout showed as "Your card is charged ₨…".
 */
export function cardChargeOf(
  order: OrderRecord,
  gateway: Pick<PaymentGateway, 'currencies'>,
): Omit<CardCharge, 'reference'> {
  const currency = chargeCurrency(order.currency, gateway);
  const amount = currency === order.currency ? order.total : orderTotalPkr(order);
  return { chargeCurrency: currency, chargeMinor: moneyFromAmount(amount, currency).minor };
}

/**
 * The currencies the checkout's card is charged in (any other order is charged in PKR), or null
 * when the shop takes no cards; a configuration that cannot be read offers none.
 */
export function cardCurrenciesAtCheckout(): string[] | null {
  try {
    return cardPaymentsAvailable(loadConfig()) ? [...SAFEPAY_CURRENCIES] : null;
  } catch {
    return null;
  }
}

/**
 * The wallets the checkout takes through their API whose phone request needs the CNIC's last six
 * digits (in a local build, also those its server takes through a stand-in, and those the owner
 * connected in the desk's Settings: `fromDesk`, by provider name); none when the configuration
 * cannot be read.
 */
export function cnicWalletsAtCheckout(fromDesk: readonly string[] = []): string[] {
  try {
    const config = loadConfig();
    // A local build is served with the stand-ins of the wallets it has no keys for.
    const standIns = walletsByStandIn();
    return Object.values(PROVIDERS)
      .filter((p) => p.start === 'phone-request' && p.asksCnic)
      .filter((p) => p.mode(config) !== 'off' || standIns.includes(p) || fromDesk.includes(p.name))
      .flatMap((p) => p.methods);
  } catch {
    return [];
  }
}

/** The shop's own address for the gateway to send the shopper back to. */
export function shopOrigin(config: Pick<Config, 'SITE_URL'>, requestUrl: string): string {
  return new URL(config.SITE_URL ?? requestUrl).origin;
}

/**
 * Opens a payment for `order` at the gateway and keeps its reference on the order (only while it
 * is still unpaid and Order Placed, and `userId`'s when given). The hosted page's address, or null
 * when the gateway is not configured, did not answer, or the order moved on meanwhile.
 */
export async function openCardPayment(
  deps: Deps,
  order: OrderRecord,
  origin: string,
  userId?: string,
  payer?: { mobile: string; cnicLast6: string },
): Promise<string | null> {
  const gateway =
    order.paymentMethod === CARD
      ? cardGateway(deps.config)
      : (gatewayForOrder(deps.config, order)?.gateway ?? null);
  if (!gateway) return null;
  const charge = cardChargeOf(order, gateway);
  const page = `${origin}${ROUTES.orderPage}?n=${shortNumber(order.id)}`;
  let created;
  try {
    created = await gateway.createPayment({
      orderId: order.id,
      amount: money(charge.chargeMinor, charge.chargeCurrency),
      // The order page shows "Confirming your payment…" and asks the shop, never this address.
      returnUrl: `${page}&card=return`,
      cancelUrl: `${page}&card=cancelled`,
      ...(payer ? { payer } : {}),
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    logEvent('warn', 'card payment not opened', { order: order.id, error: error.message });
    return null;
  }
  const saved = await deps.store.orders.setCard(
    order.id,
    { reference: created.reference, ...charge },
    userId === undefined ? {} : { userId },
  );
  // A wallet's request went to the shopper's phone: the order's page follows it.
  return saved ? (created.redirectUrl ?? `${page}&wallet=phone`) : null;
}

/**
 * Places an order as the orders context does, with the card allowed while the shop takes cards.
 * A new (or replayed, still unpaid) card order gets `payUrl`, where the shopper goes to pay: its
 * payment page at the gateway, or, when none could be opened (`opened` false), the order's own
 * page, which says so and offers Pay now: the order stands either way.
 */
export async function placeOrderPaying(
  deps: Deps,
  user: UserRecord,
  body: OrderBody,
  context: OrderContext,
  origin: string,
) {
  // A wallet that asks the shopper's phone needs what the wallet asks, before the order exists.
  const provider = body.paymentMethod ? providerForMethod(deps.config, body.paymentMethod) : null;
  const phone = provider?.start === 'phone-request';
  if (phone && provider.asksCnic) {
    const wrong = cnicError(body.walletCnic);
    if (wrong) throw invalid(wrong);
  }
  const placed = await placeOrder(deps, user, body, {
    ...context,
    cards: cardPaymentsAvailable(deps.config),
    paysByPhone: phone,
  });
  const { order } = placed;
  const paysOnline = order.paymentMethod === CARD || phone;
  if (!paysOnline || order.payment || order.status !== 'Order Placed')
    return { ...placed, payUrl: undefined, opened: false };
  const record = await deps.store.orders.get(order._id);
  const payer =
    phone && record?.walletNumber
      ? { mobile: record.walletNumber, cnicLast6: body.walletCnic?.trim() ?? '' }
      : undefined;
  const payUrl = record ? await openCardPayment(deps, record, origin, user.id, payer) : null;
  // A wallet's request that could not be sent leaves the order to be paid by hand, as without the
  // wallet's API: it is confirmed and announced now (a card order waits for Pay now instead).
  if (phone && record && !placed.replayed && payUrl === null)
    announcePlaced(deps, record, context.waitUntil);
  const orderPage = `${origin}${ROUTES.orderPage}?n=${shortNumber(order._id)}&card=unopened`;
  return { ...placed, payUrl: payUrl ?? orderPage, opened: payUrl !== null };
}

/**
 * Pay now: a fresh payment page for the caller's own unpaid card order. An order past its 60
 * minutes is settled first (paid if the gateway says so, else cancelled) and refused.
 */
export async function payNow(
  deps: Deps,
  user: UserRecord,
  orderId: string,
  origin: string,
  walletCnic?: string,
) {
  const { store } = deps;
  const order = await store.orders.get(orderId);
  if (!order || order.userId !== user.id) throw notFound(ORDER_MESSAGES.notFound);
  // A wallet order whose request went to the phone pays again the same way: a fresh request.
  // (Not one switched to Cash on Delivery: its method is COD now.)
  const wallet = isWalletMethod(order.paymentMethod) && order.card !== undefined;
  if (order.paymentMethod !== CARD && !wallet) throw conflict(CARD_MESSAGES.notCard);
  if (wallet && providerForMethod(deps.config, order.paymentMethod)?.asksCnic) {
    const wrong = cnicError(walletCnic);
    if (wrong) throw invalid(wrong);
  }
  if (isPaidInFull(order)) throw conflict(CARD_MESSAGES.alreadyPaid);
  if (order.status !== 'Order Placed') throw conflict(CARD_MESSAGES.cancelled);
  const now = new Date();
  if (isOverdue(order, now)) {
    const settled = await settleOverdueCardOrder(deps, order, now);
    throw conflict(settled === 'paid' ? CARD_MESSAGES.alreadyPaid : CARD_MESSAGES.expired);
  }
  if (!wallet && !cardPaymentsAvailable(deps.config)) throw unavailable(CARD_MESSAGES.cardsOff);
  await throttle(store, [[PAY_NOW_PER_ORDER, order.id]], CARD_MESSAGES.gatewayDown);
  const payer =
    wallet && order.walletNumber
      ? { mobile: order.walletNumber, cnicLast6: walletCnic?.trim() ?? '' }
      : undefined;
  const redirectUrl = await openCardPayment(deps, order, origin, user.id, payer);
  if (!redirectUrl) {
    const current = await store.orders.get(order.id);
    if (current && isPaidInFull(current)) throw conflict(CARD_MESSAGES.alreadyPaid);
    if (current?.status === 'Cancelled') throw conflict(CARD_MESSAGES.cancelled);
    throw unavailable(CARD_MESSAGES.gatewayDown);
  }
  return { success: true as const, message: CARD_MESSAGES.opened, redirectUrl };
}
