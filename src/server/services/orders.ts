import { createHash, randomUUID } from 'node:crypto';
import { orderAmounts } from '../../lib/delivery.ts';
import { formatMoney } from '../../lib/money.ts';
import { CANCEL_REASONS, ORDER_MESSAGES, ORDER_STATUSES, canMoveTo, type OrderStatus } from '../../lib/orders.ts';
import { lineTotal, unitPrice } from '../../lib/pricing.ts';
import type { OrderBody } from '../../lib/validation.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../http.ts';
import { sendMail } from '../mail.ts';
import type { OrderItemRecord, OrderRecord, Store, UserRecord } from '../store/port.ts';
import { getRates } from './rates.ts';

/** Messages the order endpoints answer with (SPEC §8 where it names them). */
export const ORDER_API_MESSAGES = {
  placed: ORDER_MESSAGES.placed,
  cancelled: ORDER_MESSAGES.cancelled,
  notFound: ORDER_MESSAGES.notFound,
  notCancellable: 'This order can no longer be cancelled. Please contact customer care.',
  unknownProduct: 'A product in your cart is no longer available. Please remove it and try again.',
  unknownColour: 'A colour in your cart is no longer available. Please remove it and try again.',
  outOfStock: (name: string) => `${name} is out of stock. Please remove it and try again.`,
  noRate: (currency: string) =>
    `Prices in ${currency} cannot be confirmed right now. Please try again in a few minutes or ship to Pakistan (PKR).`,
  keyReused: 'This Idempotency-Key was already used for a different order.',
  badKey: 'Idempotency-Key must be 8 to 128 letters, digits, hyphens or underscores.',
  badStatus: (from: string, to: string) => `An order cannot move from ${from} to ${to}.`,
} as const;

type Deps = { store: Store; config: Config };

/** An order as the API shows it to its owner (SPEC §3 Order, plus amounts). */
export interface PublicOrder {
  _id: string;
  items: OrderItemRecord[];
  status: string;
  payment: boolean;
  paymentMethod: string;
  date: number;
  amount: number;
  deliveryFee: number;
  total: number;
  currency: string;
  address: OrderRecord['address'];
  cancelReason: string | null;
}

/** Reshapes a stored order for its owner; internal keys and hashes stay behind. */
export function toPublicOrder(order: OrderRecord): PublicOrder {
  return {
    _id: order.id,
    items: order.items,
    status: order.status,
    payment: order.payment,
    paymentMethod: order.paymentMethod,
    date: Date.parse(order.date),
    amount: order.amount,
    deliveryFee: order.deliveryFee,
    total: order.total,
    currency: order.currency,
    address: order.address,
    cancelReason: order.cancelReason,
  };
}

/** Checks an Idempotency-Key header's shape; absent is allowed. */
export function readIdempotencyKey(req: Request): string | null {
  const key = req.headers.get('idempotency-key');
  if (key === null) return null;
  if (!/^[\w-]{8,128}$/.test(key)) throw new HttpError(400, ORDER_API_MESSAGES.badKey);
  return key;
}

async function priceItems(store: Store, items: OrderBody['items']): Promise<OrderItemRecord[]> {
  const products = await store.products.getMany(items.map((i) => i.productId));
  return items.map((item) => {
    const product = products.get(item.productId);
    if (!product) throw new HttpError(400, ORDER_API_MESSAGES.unknownProduct);
    const variant = product.colorImages.find((c) => c.color === item.selectedColor);
    if (!variant) throw new HttpError(400, ORDER_API_MESSAGES.unknownColour);
    if (!product.stock) throw new HttpError(409, ORDER_API_MESSAGES.outOfStock(product.productName));
    const imageIndex = item.imageIndex < variant.images.length ? item.imageIndex : 0;
    return {
      productId: product._id,
      productName: product.productName,
      selectedColor: variant.color,
      imageIndex: String(imageIndex),
      image: variant.images[imageIndex] ?? variant.images[0] ?? '',
      price: product.price,
      discountPercent: product.discountPercent,
      wholesalePrice: product.wholesalePrice,
      unitPrice: unitPrice(product, item.quantity),
      quantity: item.quantity,
      lineTotal: lineTotal(product, item.quantity),
    };
  });
}

/** A stable fingerprint of what an order request asks for, to recognise a replayed submit. */
function requestHash(body: OrderBody): string {
  const { items, address, currency, paymentMethod } = body;
  return createHash('sha256').update(JSON.stringify({ items, address, currency, paymentMethod })).digest('hex');
}

function confirmationMail(order: OrderRecord) {
  const lines = order.items.map((i) => `- ${i.productName} (${i.selectedColor}) x ${i.quantity}`);
  const money = (n: number) => formatMoney(n, order.currency);
  return {
    to: order.address.email,
    subject: `Your Bastaa order ${order.id} is placed`,
    text: [
      `Dear ${order.address.firstName},`,
      '',
      `Thank you for your order ${order.id}. We have received it and will dispatch it within 24-48 hours.`,
      '',
      ...lines,
      '',
      `Items: ${money(order.amount)}`,
      `Delivery: ${money(order.deliveryFee)}`,
      `Total: ${money(order.total)} (${order.paymentMethod})`,
      '',
      'You can track or cancel it under Your Orders.',
    ].join('\n'),
    summary: `order ${order.id} confirmation`,
  };
}

/**
 * Places an order priced entirely by the server: catalogue prices (discount and wholesale rules),
 * stock, delivery fee and the rate from /api/rates. The client's
 * amounts are never read. The owner's cart is cleared in the same write.
 */
export async function placeOrder(
  deps: Deps,
  user: UserRecord,
  body: OrderBody,
  idempotencyKey: string | null,
  waitUntil?: (promise: Promise<unknown>) => void,
): Promise<{ order: PublicOrder; replayed: boolean }> {
  const items = await priceItems(deps.store, body.items);
  let rates: Record<string, number> = { PKR: 1 };
  if (body.currency !== 'PKR') {
    rates = (await getRates(deps.store, deps.config)).rates;
    // Charging a foreign currency at the display fallback rate of 1 would misprice the order.
    if (!(Number(rates[body.currency]) > 0) || !(Number(rates.USD) > 0)) throw new HttpError(503, ORDER_API_MESSAGES.noRate(body.currency));
  }
  const amountPkr = items.reduce((sum, i) => sum + i.lineTotal, 0);
  const amounts = orderAmounts(amountPkr, body.currency, rates);
  const order: OrderRecord = {
    id: randomUUID(),
    userId: user.id,
    items,
    address: body.address,
    amountPkr,
    currency: body.currency,
    rate: amounts.rate,
    amount: amounts.subtotal,
    deliveryFee: amounts.deliveryFee,
    total: amounts.total,
    paymentMethod: body.paymentMethod,
    payment: false,
    status: 'Order Placed',
    cancelReason: null,
    date: new Date().toISOString(),
    idempotencyKey,
    requestHash: idempotencyKey ? requestHash(body) : null,
  };
  const result = await deps.store.orders.create(order);
  if (result.kind === 'conflict') throw new HttpError(422, ORDER_API_MESSAGES.keyReused);
  if (result.kind === 'created') {
    // The confirmation goes out after the answer; a mail failure never fails the order.
    const mailing = sendMail(deps.config, confirmationMail(order)).catch((error: unknown) =>
      console.error(`[orders] confirmation mail for ${order.id} failed: ${String(error)}`),
    );
    waitUntil?.(mailing);
  }
  return { order: toPublicOrder(result.order), replayed: result.kind === 'replayed' };
}

/** The caller's orders, newest first. */
export async function listUserOrders(store: Store, userId: string): Promise<PublicOrder[]> {
  return (await store.orders.listByUser(userId)).map(toPublicOrder);
}

/** Cancels the caller's own order, only from Order Placed or Packing, as one conditional update. */
export async function cancelOrder(store: Store, userId: string, orderId: string, reason: (typeof CANCEL_REASONS)[number]): Promise<PublicOrder> {
  const cancellable = ORDER_STATUSES.filter((s) => canMoveTo(s, 'Cancelled'));
  const updated = await store.orders.transition(orderId, cancellable, 'Cancelled', { userId, cancelReason: reason });
  if (updated) return toPublicOrder(updated);
  const order = await store.orders.get(orderId);
  if (!order || order.userId !== userId) throw new HttpError(404, ORDER_API_MESSAGES.notFound);
  throw new HttpError(409, ORDER_API_MESSAGES.notCancellable);
}

/** Moves an order along the status machine (operator use); illegal moves are refused. */
export async function moveOrderStatus(store: Store, orderId: string, to: OrderStatus): Promise<OrderRecord> {
  const order = await store.orders.get(orderId);
  if (!order) throw new HttpError(404, ORDER_API_MESSAGES.notFound);
  if (!canMoveTo(order.status as OrderStatus, to)) throw new HttpError(409, ORDER_API_MESSAGES.badStatus(order.status, to));
  const updated = await store.orders.transition(orderId, [order.status], to);
  if (!updated) throw new HttpError(409, ORDER_API_MESSAGES.badStatus(order.status, to));
  return updated;
}
