// Orders staff take on the desk for a customer who phoned or wrote on WhatsApp. The order is
// placed by placeOrder, the web order's own code: catalogue prices (never the client's), the stock
// claimed in the order's transaction, the delivery fee and currency by the shipping country, the
// numbering, the empty ledger a new order starts with, the shopper's order-placed mail and the
// shop's new-order alert. What is added here: finding the customer (or making their account), the
// channel and the member kept on the order, and the audit entry.
import { createHash, randomUUID } from 'node:crypto';
import { shortNumber } from '../../lib/desk.ts';
import {
  PHONE_ORDER_ANSWERS,
  phoneDigits,
  type OrderChannel,
} from '../../lib/orders/phone-orders.ts';
import type { DeskNewOrderBody } from '../../lib/contract/requests.ts';
import type { DeskOrder } from '../../lib/contract/desk.ts';
import { notFound } from '../errors.ts';
import { audit } from '../operations/index.ts';
import type { WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import type { StaffRecord, Store, UserRecord } from '../store/port.ts';
import { placeOrder } from './orders.ts';
import { toDeskOrder } from './desk-orders.ts';

/** The longest name an account keeps (the registration's limit). */
const NAME_MAX = 80;

/** Who a desk order is for: an account, and whether it is still to be made once the order stands. */
interface Customer {
  user: UserRecord;
  isNew: boolean;
}

/** The account of the latest order whose mobile has the same digits as `typed`, or null. */
async function findByPhone(store: Store, typed: string): Promise<UserRecord | null> {
  const digits = phoneDigits(typed);
  if (digits.length < 7) return null;
  for (const order of await store.orders.list())
    if (phoneDigits(order.address.mobile) === digits) {
      const user = await store.users.findById(order.userId);
      if (user) return user;
    }
  return null;
}

/** The customer `typed` names, by e-mail or by the phone of an earlier order, or a 404 saying so. */
async function namedCustomer(store: Store, typed: string): Promise<UserRecord> {
  const user = typed.includes('@')
    ? await store.users.findByEmail(typed.toLowerCase())
    : await findByPhone(store, typed);
  if (!user) throw notFound(PHONE_ORDER_ANSWERS.customerNotFound(typed));
  return user;
}

/**
 * An existing customer for the New order form, by e-mail or phone: their name and e-mail, how many
 * orders they have, and their last order's address to fill the form with (null before any).
 */
export async function findDeskCustomer(store: Store, typed: string) {
  const user = await namedCustomer(store, typed);
  const orders = await store.orders.listByUser(user.id);
  const last = orders[0];
  return {
    success: true as const,
    message: PHONE_ORDER_ANSWERS.found(user.name, orders.length),
    customer: {
      name: user.name,
      email: user.email,
      orders: orders.length,
      address: last ? last.address : null,
    },
  };
}

/**
 * The customer the order is for: the one `customer` names (an e-mail, or a phone number on an
 * earlier order), else the account of the address's e-mail, else a new account (made only once the
 * order stands, so a refused order leaves no account behind). A new account's id is derived from
 * the idempotency key, so a replayed request names the same customer and places nothing twice.
 */
async function customerFor(
  store: Store,
  body: DeskNewOrderBody,
  idempotencyKey: string | null,
): Promise<Customer> {
  const typed = body.customer ?? '';
  if (typed !== '') return { user: await namedCustomer(store, typed), isNew: false };
  const { email, firstName, lastName } = body.address;
  const existing = await store.users.findByEmail(email);
  if (existing) return { user: existing, isNew: false };
  const id = idempotencyKey
    ? uuidFrom(createHash('sha256').update(`desk-order\n${idempotencyKey}\n${email}`).digest())
    : randomUUID();
  return {
    user: {
      id,
      email,
      name: `${firstName} ${lastName}`.slice(0, NAME_MAX).trim(),
      // No password: the customer sets one with "Forgot password" (an e-mailed code), or signs in with Google.
      passwordHash: null,
      googleSub: null,
      tokenVersion: 0,
      createdAt: new Date().toISOString(),
    },
    isNew: true,
  };
}

/** A version-4-shaped UUID from 16 bytes of a hash. */
function uuidFrom(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What taking the order answered: the order as the desk shows it, and whether it was a replay. */
export interface TakenOrder {
  answer: { success: true; message: string; order: DeskOrder; newCustomer: boolean };
  replayed: boolean;
}

/**
 * Takes an order for a customer on the desk: placed exactly as a web order (placeOrder), recorded
 * with its channel and the member, audited "Took a phone order". Refused before anything is stored
 * when a line, the address or the method is wrong, or a colour is out of stock.
 */
export async function takeDeskOrder(
  deps: Deps,
  staff: StaffRecord,
  body: DeskNewOrderBody,
  context: { idempotencyKey: string | null; clientAddress: string; waitUntil?: WaitUntil },
): Promise<TakenOrder> {
  const { store } = deps;
  const customer = await customerFor(store, body, context.idempotencyKey);
  const channel: OrderChannel = body.channel;
  const { order, replayed } = await placeOrder(
    deps,
    customer.user,
    {
      items: body.items,
      address: body.address,
      currency: body.currency,
      paymentMethod: body.paymentMethod,
    },
    { ...context, cards: false, takenBy: { staff, channel } },
  );
  // The account is made once its first order stands. A replay finds it made, unless the first
  // request stopped between the two writes: then the replay makes it (create answers null if taken).
  if (customer.isNew) await store.users.create(customer.user);
  const number = shortNumber(order._id);
  const record = (await store.orders.get(order._id))!;
  if (!replayed)
    await audit(store, staff, 'order.take', `order:${order._id}`, null, {
      channel: channel === 'phone' ? 'Phone' : 'WhatsApp',
      customer: customer.user.email,
      paymentMethod: order.paymentMethod,
      total: `${order.currency} ${order.total}`,
    });
  return {
    answer: {
      success: true,
      message: replayed
        ? PHONE_ORDER_ANSWERS.replayed(number)
        : PHONE_ORDER_ANSWERS.placed(number, customer.user.name, channel),
      order: toDeskOrder(record),
      newCustomer: customer.isNew && !replayed,
    },
    replayed,
  };
}
