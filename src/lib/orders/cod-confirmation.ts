// Cash-on-delivery orders the shopper confirms before they ship: the owner's rule (off, every COD
// order, or COD orders above an amount), how long an order waits for its answer, the record an
// order keeps while it waits, and the words the shopper and staff read (asserted verbatim by the
// tests). The order's status stays Order Placed throughout: the confirmation is a record beside it.
import { shortNumber } from '../desk.ts';
import { ROUTES } from '../routes.ts';
import { ORDER_LINK_MESSAGES } from './link-messages.ts';
import { orderTotalPkr } from './money.ts';

/** Which COD orders wait for the shopper's confirmation: none, every one, or those above an amount. */
export const COD_CONFIRM_RULES = ['off', 'all', 'above'] as const;
export type CodConfirmRule = (typeof COD_CONFIRM_RULES)[number];

/** The hours an unconfirmed order may wait before it is cancelled: at least 1, at most a week. */
export const COD_CONFIRM_HOURS = { min: 1, max: 168, default: 48 } as const;

/** The largest threshold the owner may set, in whole rupees. */
export const MAX_COD_CONFIRM_ABOVE_PKR = 10_000_000;

/** The owner's setting: the rule, its threshold (whole rupees, with 'above'), the hours to answer. */
export interface CodConfirmSetting {
  rule: CodConfirmRule;
  /** With 'above': an order whose rupee total is more than this waits. */
  abovePkr?: number;
  hours: number;
}

/** The setting before the owner chooses: COD orders ship as they always did. */
export const DEFAULT_COD_CONFIRMATION: CodConfirmSetting = {
  rule: 'off',
  hours: COD_CONFIRM_HOURS.default,
};

/** Where an order's confirmation stands. */
export const COD_CONFIRM_STATES = ['waiting', 'confirmed', 'cancelled'] as const;
export type CodConfirmState = (typeof COD_CONFIRM_STATES)[number];

/** How the Confirm / Cancel links reached the shopper. */
export const COD_CONFIRM_CHANNELS = ['whatsapp', 'email'] as const;
export type CodConfirmChannel = (typeof COD_CONFIRM_CHANNELS)[number];

/** An order's confirmation record, kept on the order while it waits and after. */
export interface CodConfirmation {
  state: CodConfirmState;
  /** When the order began to wait (ISO 8601): when it was placed, or switched to COD. */
  since: string;
  /** When an unconfirmed order is cancelled (ISO 8601); the links expire then too. */
  deadline: string;
  /** How the links went out, once they did (null until then). */
  channel: CodConfirmChannel | null;
  /** When they went out (ISO 8601), or null. */
  sentAt: string | null;
  /** Why WhatsApp was not used, when the links went by e-mail instead. */
  fallback?: string;
  /** When it was confirmed or cancelled (ISO 8601). */
  answeredAt?: string;
  /** Who answered: the shopper by the link, a member by phone, or the deadline. */
  answeredBy?: 'shopper' | 'deadline' | { id: string; email: string };
}

/** The order's fields the rule reads. */
interface RuledOrder {
  paymentMethod: string;
  address: { country: string };
  amountPkr: number;
  deliveryFee: number;
  rate: number;
}

/**
 * Whether a new COD order within Pakistan waits for the shopper's confirmation under `setting`:
 * every COD order with 'all', one whose rupee total (items and delivery) is more than the
 * threshold with 'above', none with 'off'.
 */
export function needsCodConfirmation(setting: CodConfirmSetting, order: RuledOrder): boolean {
  if (order.paymentMethod !== 'COD') return false;
  if (order.address.country.trim().toLowerCase() !== 'pakistan') return false;
  if (setting.rule === 'all') return true;
  if (setting.rule === 'above') return orderTotalPkr(order) > (setting.abovePkr ?? 0);
  return false;
}

/** The confirmation record of an order that begins to wait at `now` under `setting`. */
export function waitingConfirmation(setting: CodConfirmSetting, now: Date): CodConfirmation {
  return {
    state: 'waiting',
    since: now.toISOString(),
    deadline: new Date(now.getTime() + setting.hours * 3_600_000).toISOString(),
    channel: null,
    sentAt: null,
  };
}

/** Whether an order is waiting for its shopper's confirmation (not yet confirmed nor cancelled). */
export const awaitsConfirmation = (o: {
  status: string;
  codConfirmation?: Pick<CodConfirmation, 'state'>;
}) => o.status === 'Order Placed' && o.codConfirmation?.state === 'waiting';

/** The reason an order not confirmed in time is cancelled with, kept on it and told to the shopper. */
export const COD_EXPIRY_REASON = 'Not confirmed in time';

/** The reason of an order the shopper cancelled from the confirmation message. */
export const COD_CANCEL_REASON = 'Cancelled by the shopper from the confirmation message';

/** What the shopper and staff are told (asserted verbatim by the tests). */
export const COD_CONFIRM_MESSAGES = {
  awaiting: 'Awaiting confirmation',
  badKey: ORDER_LINK_MESSAGES.confirmExpired,
  confirmed: 'Thank you: your order is confirmed and will be packed.',
  cancelled: 'Your order is cancelled. Nothing will be sent or charged for it.',
  alreadyConfirmed: 'This order is already confirmed.',
  alreadyCancelled: 'This order is already cancelled.',
  notWaiting: 'This order is not waiting for a confirmation.',
  packingRefused:
    'This order is awaiting the shopper’s confirmation: it can be packed once they confirm it, or once you confirm it by phone.',
  bookingRefused:
    'This order is awaiting the shopper’s confirmation: it can be booked with the courier once it is confirmed and packed.',
  confirmedByPhone: (number: string) => `Order #${number} is confirmed by phone.`,
  phoneNote: 'Confirmed by phone',
  shopperNote: 'Confirmed by the shopper',
} as const;

/**
 * A COD order's Confirm or Cancel link: '/order/confirm?n=3A4030A3&k=…' (with '&a=cancel' for
 * Cancel, which the page offers first). Opening it changes nothing: the page's buttons answer.
 */
export function confirmPageHref(id: string, key: string, answer?: 'cancel'): string {
  return `${ROUTES.confirmOrder}?n=${shortNumber(id)}&k=${encodeURIComponent(key)}${answer ? `&a=${answer}` : ''}`;
}
