import { createHash, randomUUID } from 'node:crypto';
import { refundedSoFar } from '../../lib/orders/refund-lines.ts';
import { countryPartErrors } from '../../lib/address-format.ts';
import { MAX_QUANTITY, cartLineKey, checkCartLine } from '../../lib/cart.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { orderAmounts } from '../../lib/delivery.ts';
import { resolveDestination, type Destination } from '../../lib/destination.ts';
import { ORDER_ANSWERS, ORDER_MESSAGES } from '../../lib/messages.ts';
import { ORDER_STATUSES, canMoveTo, type OrderStatus } from '../../lib/orders/moves.ts';
import { fromMinor, isPaidInFull, ledgerSums } from '../../lib/orders/ledger.ts';
import { cardWait } from './card-orders.ts';
import { isSaneConversion } from '../../lib/money.ts';
import { lineTotal, productQuantities, unitPrice } from '../../lib/pricing.ts';
import type { Product } from '../../lib/product.ts';
import type { CancelBody, OrderBody } from '../../lib/contract/requests.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import { statusMail } from './desk-mail.ts';
import { whatsappUpdatesOptIn } from './shipping-whatsapp.ts';
import { conflict, invalid, notFound, unavailable, unprocessable } from '../errors.ts';
import { mailShopper, retryDueMailsLater } from '../operations/index.ts';
import { alertShop } from './shop-alerts.ts';
import type { Order, OrderItem } from '../../lib/contract/responses.ts';
import type { Deps } from '../deps.ts';
import type { OrderRecord, Store, UnavailableLine, UserRecord } from '../store/port.ts';
import { confirmationMail } from './order-mail.ts';
import { readSettings } from '../operations/index.ts';
import { isWalletMethod, walletNumberFor } from '../../lib/wallet.ts';
import { CARD } from '../../lib/payments.ts';
import { checkCardMove } from './card-orders.ts';
import { askCodConfirmation, checkCodMove } from './cod-confirmation.ts';
import { needsCodConfirmation, waitingConfirmation } from '../../lib/orders/cod-confirmation.ts';
import { ratesForOrder } from '../operations/index.ts';
import { publishedMany } from '../catalogue/index.ts';
import { confirmBeforePricing } from '../catalogue/index.ts';
import { orderReturnView } from './return-view.ts';
import { throttle, type Limit } from '../operations/index.ts';
import type { OrderChannel } from '../../lib/orders/phone-orders.ts';
import { shortNumber } from '../../lib/desk.ts';
import { PROFORMA_ATTACHED, proformaAttachment, wantsProforma } from './proforma.ts';

const MINUTE = 60_000;
/** Orders: 10 per shopper, 10 to one recipient e-mail and 30 per client address (scaled) in 10 minutes. */
export const ORDERS_PER_USER: Limit = { name: 'order-user', max: 10, windowMs: 10 * MINUTE };
export const ORDERS_PER_RECIPIENT: Limit = { name: 'order-email', max: 10, windowMs: 10 * MINUTE };
export const ORDERS_PER_ADDRESS: Limit = {
  name: 'order-ip',
  max: 30,
  windowMs: 10 * MINUTE,
  perAddress: true,
};

/** Reshapes a stored order for its owner; internal keys and hashes stay behind. */
/** What the shopper is shown of refunds: the amount sent back and the lines it paid for. */
function refundView(order: OrderRecord): Pick<Order, 'refund'> {
  const { refundedMinor } = ledgerSums(order);
  if (refundedMinor === 0) return {};
  const lines = [...refundedSoFar(order)].map(([index, quantity]) => ({ index, quantity }));
  return { refund: { amount: fromMinor(refundedMinor, order.currency), lines } };
}

export function toOrder(order: OrderRecord): Order {
  return {
    _id: order.id,
    items: order.items,
    status: order.status,
    payment: isPaidInFull(order),
    ...(cardWait(order) === 'card declined' ? { cardDeclined: true as const } : {}),
    ...(cardWait(order) && isWalletMethod(order.paymentMethod)
      ? { awaitsPhone: true as const }
      : {}),
    paymentMethod: order.paymentMethod,
    date: Date.parse(order.date),
    amount: order.amount,
    deliveryFee: order.deliveryFee,
    total: order.total,
    currency: order.currency,
    address: order.address,
    cancelReason: order.cancelReason,
    rate: order.rate, // after-purchase
    ...refundView(order),
    // desk-returns:
    ...orderReturnView(order),
  };
}

/** Checks an idempotency key's shape (the Idempotency-Key header); absent is allowed. */
export function checkIdempotencyKey(key: string | null): string | null {
  if (key === null) return null;
  if (!/^[\w-]{8,128}$/.test(key)) throw invalid(ORDER_ANSWERS.badKey);
  return key;
}

/**
 * Checks each line against the catalogue and prices it. Lines naming the same product, colour and
 * picture are one line: their quantities are added, and a line over MAX_QUANTITY is refused rather
 * than silently cut. The wholesale rule counts a product's quantity across all its lines (every
 * colour), so each of them gets the same unit price.
 */
async function priceItems(store: Store, items: OrderBody['items']): Promise<OrderItem[]> {
  // Priced from the published version the pages show, never the draft.
  const products = await publishedMany(
    store,
    items.map((i) => i.productId),
  );
  const lines = new Map<
    string,
    { product: Product; color: string; imageIndex: number; image: string; quantity: number }
  >();
  for (const item of items) {
    const checked = checkCartLine(products.get(item.productId), {
      itemId: item.productId,
      selectedColor: item.selectedColor,
      imageIndex: item.imageIndex,
    });
    if (!checked.ok) throw invalid(ORDER_ANSWERS[checked.problem]);
    const { product, selectedColor: color, imageIndex, image } = checked.line;
    const key = cartLineKey({ itemId: product._id, selectedColor: color, imageIndex });
    const line = lines.get(key);
    if (line) line.quantity += item.quantity;
    else lines.set(key, { product, color, imageIndex, image, quantity: item.quantity });
  }
  const quantities = productQuantities(
    [...lines.values()].map((line) => ({ productId: line.product._id, quantity: line.quantity })),
  );
  return [...lines.values()].map(({ product, color, imageIndex, image, quantity }) => {
    if (quantity > MAX_QUANTITY)
      throw invalid(ORDER_ANSWERS.lineTooLarge(product.productName, color));
    const productQuantity = quantities.get(product._id) ?? quantity;
    return {
      productId: product._id,
      productName: product.productName,
      selectedColor: color,
      imageIndex: String(imageIndex),
      image,
      price: product.price,
      discountPercent: product.discountPercent,
      wholesalePrice: product.wholesalePrice,
      unitPrice: unitPrice(product, productQuantity),
      quantity,
      lineTotal: lineTotal(product, quantity, productQuantity),
    };
  });
}
/**
 * The refusal of an order line the store could not supply: a sold-out colour is named, unless the
 * whole product is out of stock (then the wording of docs/product.md, which names the product only).
 */
async function unavailableLine(store: Store, line: UnavailableLine, items: readonly OrderItem[]) {
  const item = items.find((i) => i.productId === line.productId && i.selectedColor === line.color);
  if (line.reason !== 'soldOut' || !item) return conflict(ORDER_ANSWERS.unknownProduct);
  const [state] = await store.products.states([line.productId]);
  const whole = state !== undefined && !state.product.stock;
  return conflict(ORDER_ANSWERS.outOfStock(item.productName, whole ? undefined : line.color));
}

/** A stable fingerprint of what an order request asks for, to recognise a replayed submit. */
function requestHash(body: OrderBody, destination: Destination): string {
  const { items, address, walletNumber, whatsappUpdates } = body;
  const { currency, paymentMethod } = destination;
  return createHash('sha256')
    .update(
      JSON.stringify({
        items,
        address,
        currency,
        paymentMethod,
        ...(walletNumber ? { walletNumber } : {}),
        ...(whatsappUpdates ? { whatsappUpdates } : {}),
      }),
    )
    .digest('hex');
}

/** Who places an order and how the answer is finished: the client address (throttles) and the platform's waitUntil. */
export interface OrderContext {
  idempotencyKey: string | null;
  clientAddress: string;
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The shop takes cards now, so 'Card' may be chosen (the payments context decides). */
  cards?: boolean;
  /**
   * The wallet's payment request goes to the shopper's phone through its API (the payments context
   * decides): like a card order, the order is confirmed and announced once paid, not when placed.
   */
  paysByPhone?: boolean;
  /** A member took the order on the desk for the customer, by this channel (a phone order). */
  takenBy?: { staff: { id: string; email: string }; channel: OrderChannel };
}

/**
 * Places an order priced entirely by the server: catalogue prices (discount and wholesale rules),
 * stock, and the shipping country's currency, delivery fee and payment methods, at a rate from
 * /api/rates at most MAX_RATE_AGE_MS old. The client's amounts are never read. Orders are
 * throttled per shopper, recipient and client address. The owner's cart is cleared in the same write.
 */
export async function placeOrder(
  deps: Deps,
  user: UserRecord,
  body: OrderBody,
  context: OrderContext,
): Promise<{ order: Order; replayed: boolean }> {
  const destination = resolveDestination(
    {
      country: body.address.country,
      currency: body.currency,
      paymentMethod: body.paymentMethod,
    },
    context.cards === true,
  );
  if ('error' in destination) throw invalid(destination.error);
  // The state, and the postcode where the country has them (the schema leaves both to this rule).
  const parts = countryPartErrors(body.address);
  const missing = parts.state ?? parts.zip;
  if (missing) throw invalid(missing);
  // The wallet number staff send the payment request to.
  const wallet = walletNumberFor(destination.paymentMethod, body.walletNumber);
  if ('error' in wallet) throw invalid(wallet.error);
  await throttle(
    deps.store,
    [
      [ORDERS_PER_USER, user.id],
      [ORDERS_PER_RECIPIENT, body.address.email],
      [ORDERS_PER_ADDRESS, context.clientAddress],
    ],
    ORDER_ANSWERS.tooManyOrders,
    { addressFactor: deps.config.THROTTLE_ADDRESS_FACTOR },
  );
  await confirmBeforePricing(deps); // Orders follow a deploy gone live
  const items = await priceItems(deps.store, body.items);
  const { currency, paymentMethod } = destination;
  let rates: Record<string, number> | null = { PKR: 1 };
  // Charging at the rate-1 fallback, or at a rate older than MAX_RATE_AGE_MS, would misprice the order.
  if (currency !== BASE_CURRENCY) rates = await ratesForOrder(deps.store, deps.config, currency);
  if (!rates) throw unavailable(ORDER_ANSWERS.noRate(currency));
  const amountPkr = items.reduce((sum, i) => sum + i.lineTotal, 0);
  // Each line's unit converted, times its quantity, then added, as the page showed them
  // (src/lib/orders/money.ts): the card is charged exactly what the shopper read.
  const amounts = orderAmounts(items, currency, rates);
  // An absurd rate turns ₨480,000 into 0 (or Infinity, rounded to 0): never charge that.
  if (
    !isSaneConversion(amountPkr, amounts.subtotal) ||
    !(Number.isFinite(amounts.deliveryFee) && amounts.deliveryFee > 0) ||
    !Number.isFinite(amounts.total)
  ) {
    console.error(
      `[alert] order in ${currency} refused: ₨${amountPkr} converts to ${amounts.subtotal} + fee ${amounts.deliveryFee} at rate ${amounts.rate}`,
    );
    throw unavailable(ORDER_ANSWERS.ratePaused(currency));
  }
  const placedAt = new Date();
  // A web COD order may wait for its shopper's confirmation (the owner's rule); a phone order does
  // not: staff spoke with the customer.
  const codRule =
    paymentMethod === 'COD' && !context.takenBy ? (await readSettings(deps)).codConfirmation : null;
  const priced = { paymentMethod, address: { country: destination.country }, amountPkr };
  const waits =
    codRule !== null &&
    needsCodConfirmation(codRule, {
      ...priced,
      deliveryFee: amounts.deliveryFee,
      rate: amounts.rate,
    });
  // "Send shipping updates to my WhatsApp": kept when it can be honoured, else ignored.
  const whatsappUpdates = whatsappUpdatesOptIn(
    deps,
    body.whatsappUpdates,
    { country: destination.country, mobile: body.address.mobile },
    placedAt,
  );
  const order: OrderRecord = {
    id: randomUUID(),
    userId: user.id,
    items,
    address: { ...body.address, country: destination.country },
    amountPkr,
    currency,
    rate: amounts.rate,
    amount: amounts.subtotal,
    deliveryFee: amounts.deliveryFee,
    total: amounts.total,
    paymentMethod,
    ...(wallet.walletNumber ? { walletNumber: wallet.walletNumber } : {}),
    status: 'Order Placed',
    cancelReason: null,
    date: placedAt.toISOString(),
    idempotencyKey: context.idempotencyKey,
    requestHash: context.idempotencyKey ? requestHash(body, destination) : null,
    ...(context.takenBy
      ? {
          channel: context.takenBy.channel,
          takenBy: { id: context.takenBy.staff.id, email: context.takenBy.staff.email },
        }
      : {}),
    ...(waits ? { codConfirmation: waitingConfirmation(codRule, placedAt) } : {}),
    ...(whatsappUpdates ? { whatsappUpdates } : {}),
  };
  // Stock is checked in the order's own transaction, so two shoppers racing for a
  // colour being marked sold out cannot both get it.
  const result = await deps.store.orders.create(order, { requireStock: true });
  if (result.kind === 'conflict') throw unprocessable(ORDER_ANSWERS.keyReused);
  if (result.kind === 'unavailable') throw await unavailableLine(deps.store, result.line, items);
  // A card order, and a wallet order whose request goes to the phone, is confirmed and announced
  // once its payment is (announcePaidByCard).
  if (result.kind === 'created' && (paymentMethod === CARD || context.paysByPhone))
    void retryDueMailsLater(deps, context.waitUntil);
  else if (result.kind === 'created' && order.codConfirmation)
    askCodConfirmation(deps, order, context.waitUntil);
  else if (result.kind === 'created') announcePlaced(deps, order, context.waitUntil);
  return { order: toOrder(result.order), replayed: result.kind === 'replayed' };
}

/**
 * After the answer: the confirmation with the settings as they are now (kept and retried if it
 * fails; a mail failure never fails the order), the shop's new-order alert, and any failed mail now
 * due for a retry. Also for a wallet order whose request to the phone could not be sent: it is then
 * paid by hand, as without the wallet's API.
 */
export function announcePlaced(deps: Deps, order: OrderRecord, waitUntil?: WaitUntil): void {
  void inBackground(
    'order confirmation',
    async () => {
      const settings = await readSettings(deps);
      const mail = confirmationMail(order, settings);
      // A wholesale order paid by bank transfer carries its pro-forma invoice.
      const sent = wantsProforma(order)
        ? {
            ...mail,
            text: `${mail.text}\n${PROFORMA_ATTACHED(shortNumber(order.id))}`,
            attachments: [await proformaAttachment(order, settings)],
          }
        : mail;
      await mailShopper(deps, sent, { kind: 'order-confirmation', orderId: order.id }, waitUntil);
    },
    waitUntil,
  );
  void alertShop(deps, { kind: 'new-order', order }, waitUntil);
  void retryDueMailsLater(deps, waitUntil);
}

/** The caller's orders, newest first. */
export async function listUserOrders(store: Store, userId: string): Promise<Order[]> {
  // The orders the shopper removed stay off their list on every device.
  return (await store.orders.listByUser(userId)).filter((o) => !o.hiddenByOwner).map(toOrder);
}

/** Cancels the caller's own order, only from Order Placed or Packing, as one conditional update. */
export async function cancelOrder(
  deps: Deps,
  userId: string,
  orderId: string,
  reason: CancelBody['reason'],
  waitUntil?: WaitUntil,
): Promise<Order> {
  const { store } = deps;
  const cancellable = ORDER_STATUSES.filter((s) => canMoveTo(s, 'Cancelled'));
  const updated = await store.orders.transition(orderId, cancellable, 'Cancelled', {
    userId,
    cancelReason: reason,
    // The desk's timeline: the shopper cancelled, now, with this reason.
    event: { at: new Date().toISOString(), to: 'Cancelled', by: null, note: reason },
  });
  if (updated) {
    // The shopper hears it went through, as for every other move; a failed mail is kept for a retry.
    void mailShopper(
      deps,
      statusMail(updated, true)!,
      { kind: 'order-status', orderId },
      waitUntil,
    );
    return toOrder(updated);
  }
  const order = await store.orders.get(orderId);
  if (!order || order.userId !== userId) throw notFound(ORDER_MESSAGES.notFound);
  throw conflict(ORDER_ANSWERS.notCancellable);
}

/** The longest cancellation reason an operator may give. */
export const MAX_CANCEL_REASON_LENGTH = 200;

/**
 * Moves an order along the status machine (operator use); illegal moves are refused. Cancelling
 * needs a reason, as it does for the shopper (docs/product.md §5): it is stored with the order.
 */
export async function moveOrderStatus(
  store: Store,
  orderId: string,
  to: OrderStatus,
  opts: { reason?: string } = {},
): Promise<OrderRecord> {
  const reason = opts.reason?.trim() ?? '';
  if (to === 'Cancelled' && reason === '') throw invalid(ORDER_MESSAGES.reasonRequired);
  if (reason.length > MAX_CANCEL_REASON_LENGTH)
    throw invalid(ORDER_ANSWERS.reasonTooLong(MAX_CANCEL_REASON_LENGTH));
  const order = await store.orders.get(orderId);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  if (!canMoveTo(order.status, to)) throw conflict(ORDER_ANSWERS.badStatus(order.status, to));
  checkCardMove(order, to);
  checkCodMove(order, to);
  const updated = await store.orders.transition(
    orderId,
    [order.status],
    to,
    to === 'Cancelled' ? { cancelReason: reason } : {},
  );
  if (!updated) throw conflict(ORDER_ANSWERS.badStatus(order.status, to));
  return updated;
}
