// The staff desk's request and answer schemas (/api/desk/*), spread into REQUESTS and ANSWERS so
// the endpoint table can name them. This module imports only leaf modules (never requests.ts or
// responses.ts, which import it).
import * as z from 'zod/mini';
import { ORDER_LIST_MAX } from '../desk.ts';
import { ORDER_STATUSES } from '../orders/status.ts';
import { deskOrderLineSchema, personalSchema } from './desk-order-line.ts';
import { DESK_START_ANSWER_SCHEMAS, deskStaffSchema, roleSchema } from './desk-start.ts';
import { emailSchema } from './checkout.ts';
import { humanText, requiredString, requiredText } from './fields.ts';
import { RETURN_ANSWER_SCHEMAS, deskReturnSchema } from './returns.ts';
import { paymentBodySchema, refundBodySchema } from './payments.ts';
import { FINANCIAL_STATES } from '../orders/ledger.ts';
import { ORDER_CHANNELS } from '../orders/phone-orders.ts';
import { RETURN_STATES } from '../returns/states.ts';
import { settingsAnswerSchema, settingsSavedSchema, settingsSaveSchema } from './settings.ts';
import { DESK_OPS_ANSWER_SCHEMAS, DESK_OPS_REQUESTS } from './desk-ops.ts';
import { STOCK_ANSWER_SCHEMAS, STOCK_REQUESTS } from './desk-stock.ts';
import { EDITOR_ANSWER_SCHEMAS, EDITOR_REQUESTS } from './desk-editor.ts';
import { PUBLISH_ANSWER_SCHEMAS, PUBLISH_REQUESTS } from './desk-publish.ts';
import { PUSH_ANSWER_SCHEMAS, PUSH_REQUESTS } from './desk-push.ts';
import { CONNECTION_ANSWER_SCHEMAS, CONNECTION_REQUESTS } from './desk-connections.ts';
import { PASSKEY_ANSWER_SCHEMAS, PASSKEY_REQUESTS } from './desk-passkeys.ts';
import {
  COURIER_ANSWER_SCHEMAS,
  COURIER_REQUESTS,
  deskCourierBookingSchema,
} from './desk-couriers.ts';
import { REMITTANCE_ANSWER_SCHEMAS, REMITTANCE_REQUESTS } from './desk-remittances.ts';

const success = z.literal(true);
const codeSchema = requiredText('Code is required', 12);
const passwordSchema = requiredString('Password is required').check(
  z.minLength(1, 'Password is required'),
  z.maxLength(128, 'Password must be at most 128 characters'),
);
const daySchema = requiredString('Date is required').check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written YYYY-MM-DD'),
);
const limitSchema = z
  .number({ error: 'Limit must be a number' })
  .check(
    z.refine(Number.isInteger, 'Limit must be a whole number'),
    z.gte(1, 'Limit must be at least 1'),
    z.lte(ORDER_LIST_MAX, `Limit must be at most ${ORDER_LIST_MAX}`),
  );

/** Bodies of the desk's POST calls. */
export const DESK_REQUESTS = {
  deskSignIn: z.object({ email: emailSchema, password: passwordSchema, code: codeSchema }),
  deskInvite: z.object({
    email: emailSchema,
    name: humanText('Name is required', 80),
    role: roleSchema,
  }),
  deskAccept: z.object({
    token: requiredText('Invitation token is required', 200),
    password: requiredString('Password is required').check(
      z.minLength(8, 'Password must be at least 8 characters'),
      z.maxLength(128, 'Password must be at most 128 characters'),
    ),
  }),
  deskConfirm: z.object({
    token: requiredText('Invitation token is required', 200),
    code: codeSchema,
  }),
  deskStaffRole: z.object({ staffId: requiredText('Staff id is required', 64), role: roleSchema }),
  deskStaffRemove: z.object({ staffId: requiredText('Staff id is required', 64) }),
  deskStaffPersonalData: z.object({
    staffId: requiredText('Staff id is required', 64),
    allowed: z.boolean({ error: 'Allowed must be true or false' }),
  }),
  deskOrders: z.object({
    status: z.optional(requiredText('Status is required', 40)),
    payment: z.optional(
      z.enum(FINANCIAL_STATES, { error: `Payment must be one of: ${FINANCIAL_STATES.join(', ')}` }),
    ),
    from: z.optional(daySchema),
    to: z.optional(daySchema),
    q: z.optional(requiredText('Search text is required', 100)),
    /** `toPack`: the orders waiting to be packed (as the bar counts them), oldest first. */
    view: z.optional(z.enum(['toPack'], { error: 'View must be toPack' })),
    limit: z.optional(limitSchema),
  }),
  deskOrder: z.object({ order: requiredText('Order id or number is required', 64) }),
  deskMove: z.object({
    order: requiredText('Order id or number is required', 64),
    to: requiredText('Status is required', 40),
    from: z.optional(requiredText('Status is required', 40)),
    courier: z.optional(humanText('Courier is required', 60)),
    trackingNumber: z.optional(humanText('Tracking number is required', 60)),
    reason: z.optional(humanText('Reason is required', 200)),
  }),
  deskAudit: z.object({
    actorId: z.optional(requiredText('Staff id is required', 64)),
    target: z.optional(requiredText('Target is required', 100)),
    action: z.optional(requiredText('Action is required', 40)),
    limit: z.optional(limitSchema),
  }),
  // Shop settings.
  deskSettingsSave: settingsSaveSchema,
  // Payments.
  deskPayment: paymentBodySchema,
  deskRefund: refundBodySchema,
  // Failed mails, business view, customer look-up, CSV export
  ...DESK_OPS_REQUESTS,
  // Book a courier, download the airway bill.
  ...COURIER_REQUESTS,
  ...REMITTANCE_REQUESTS,
  // A colour's stock, archive, restore, delete.
  ...STOCK_REQUESTS,
  // Read one product for editing, save one.
  ...EDITOR_REQUESTS,
  ...PUBLISH_REQUESTS,
  // A member's devices that get alerts.
  ...PUSH_REQUESTS,
  ...CONNECTION_REQUESTS,
  ...PASSKEY_REQUESTS,
} as const;

const statusSchema = z.enum(ORDER_STATUSES);

export { deskOrderLineSchema, deskStaffSchema };

/**
 * One event on an order's timeline, as what it is: the order placed, a status move, a payment or a
 * refund (its method, amount in the order's currency and reference), or a step of its return.
 */
export const deskEventSchema = z.object({
  kind: z.enum(['placed', 'move', 'payment', 'refund', 'return', 'address']),
  at: z.string(),
  atKarachi: z.string(),
  from: z.nullable(statusSchema),
  to: statusSchema,
  by: z.string(),
  note: z.nullable(z.string()),
  returnStep: z.nullable(z.enum(RETURN_STATES)),
  method: z.nullable(z.string()),
  amount: z.nullable(z.number()),
  reference: z.nullable(z.string()),
});

// A ledger entry as the desk shows it.
/** A payment received or a refund sent, in the order's currency. */
export const deskPaymentSchema = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  at: z.string(),
  atKarachi: z.string(),
  method: z.string(),
  amount: z.number(),
  reference: z.nullable(z.string()),
  by: z.string(),
  /** A card refund reserved and not yet confirmed by the gateway. */
  pending: z.boolean(),
  /** A released reservation: the gateway refused it, and nothing went back. */
  released: z.boolean(),
  /** Why a refund was made, in the staff member's words. */
  note: z.nullable(z.string()),
});

/**
 * The delivery address as the desk is sent it: the city, region and country always (packing and the
 * courier need them), the name, contacts, street and postcode only to a member who may see them.
 */
export const deskAddressSchema = z.object({
  firstName: personalSchema,
  lastName: personalSchema,
  email: personalSchema,
  address1: personalSchema,
  address2: z.optional(personalSchema),
  country: z.string(),
  city: z.string(),
  state: z.string(),
  zip: personalSchema,
  mobile: personalSchema,
});

/** An order as the desk's detail shows it. */
export const deskOrderSchema = z.extend(deskOrderLineSchema, {
  /** The most that may be recorded now as the exchange's shipping fee; absent when none may. */
  exchangeFee: z.optional(z.number()),
  lines: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      colour: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      lineTotal: z.number(),
      image: z.string(),
      /** How many of the line were refunded (or are being). */
      refunded: z.number(),
    }),
  ),
  /** Whether the delivery fee was refunded. */
  feeRefunded: z.boolean(),
  itemsPkr: z.number(),
  amount: z.number(),
  deliveryFee: z.number(),
  rate: z.number(),
  address: deskAddressSchema,
  cancelReason: z.nullable(z.string()),
  courier: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  /** The parcel booked with a courier from the desk; absent until it is booked. */
  booking: z.optional(deskCourierBookingSchema),
  timeline: z.array(deskEventSchema),
  // The wallet number and the payments recorded.
  walletNumber: z.nullable(z.string()),
  /**
   * A wallet order taken through the wallet's API: the references of the payment requests the
   * shop sent to the phone, the first first (Pay again sends another); absent for any other order.
   */
  walletRequests: z.optional(z.array(z.string())),
  payments: z.array(deskPaymentSchema),
  /** What is still owed, in the order's currency (0 once paid). */
  due: z.number(),
  /** What was sent back, and what the shop holds (paid minus refunded), in the order's currency. */
  refunded: z.number(),
  held: z.number(),
  /** What may be refunded now: held, less a refund still being sent. */
  refundable: z.number(),
  /** Held beyond the order's worth (all of it once cancelled): a refund due. */
  surplus: z.number(),
  // The order's return or exchange request as the returns list shows it (null: none).
  return: z.nullable(deskReturnSchema),
  /** How staff took it for the customer (by phone, on WhatsApp); absent for a web order. */
  channel: z.optional(z.enum(ORDER_CHANNELS)),
  /**
   * The shopper ticked "Send shipping updates to my WhatsApp" at checkout: the number the updates
   * go to (null to a member who may not see customers' data) and when they asked, Karachi time;
   * absent when they did not.
   */
  whatsappUpdates: z.optional(z.object({ to: z.nullable(z.string()), sinceText: z.string() })),
});

// The session's token is in the HttpOnly cookie the answer sets, never in the body.
const session = z.object({
  success,
  message: z.string(),
  staff: deskStaffSchema,
});

/** Answers of the desk's calls. */
export const DESK_ANSWER_SCHEMAS = {
  ...DESK_START_ANSWER_SCHEMAS,
  deskSession: session,
  deskMessage: z.object({ success, message: z.string() }),
  deskInvited: z.object({ success, message: z.string(), staff: deskStaffSchema }),
  deskEnrol: z.object({
    success,
    message: z.string(),
    email: z.string(),
    secret: z.string(),
    otpauthUri: z.string(),
  }),
  deskStaffList: z.object({ success, staff: z.array(deskStaffSchema) }),
  deskStaffChange: z.object({ success, message: z.string(), staff: deskStaffSchema }),
  deskOrder: z.object({ success, order: deskOrderSchema }),
  deskMoved: z.object({ success, message: z.string(), order: deskOrderSchema }),
  deskAudit: z.object({
    success,
    entries: z.array(
      z.object({
        id: z.string(),
        at: z.string(),
        atKarachi: z.string(),
        actor: z.object({ id: z.string(), email: z.string(), name: z.string() }),
        action: z.string(),
        target: z.string(),
        /** The target as the desk names it: an order's #number, a member's name. */
        targetLabel: z.string(),
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
  }),
  // desk-returns:
  ...RETURN_ANSWER_SCHEMAS,
  // Shop settings.
  deskSettings: settingsAnswerSchema,
  deskSettingsSaved: settingsSavedSchema,
  // Payments.
  deskPaid: z.object({ success, message: z.string(), order: deskOrderSchema }),
  /** An existing customer for a phone order: their account, and the address of their last order. */
  deskCustomerFound: z.object({
    success,
    message: z.string(),
    customer: z.object({
      name: z.string(),
      email: z.string(),
      orders: z.number(),
      address: z.nullable(
        z.object({
          firstName: z.string(),
          lastName: z.string(),
          email: z.string(),
          address1: z.string(),
          address2: z.optional(z.string()),
          country: z.string(),
          city: z.string(),
          state: z.string(),
          zip: z.string(),
          mobile: z.string(),
        }),
      ),
    }),
  }),
  /** An order taken by phone or WhatsApp; `newCustomer` when an account was made for them. */
  deskOrderTaken: z.object({
    success,
    message: z.string(),
    order: deskOrderSchema,
    newCustomer: z.boolean(),
  }),
  // Failed mails, business view, customer look-up, CSV export
  ...DESK_OPS_ANSWER_SCHEMAS,
  deskProductState: STOCK_ANSWER_SCHEMAS.deskProductState,
  deskProductDeleted: STOCK_ANSWER_SCHEMAS.deskProductDeleted,
  deskProductList: STOCK_ANSWER_SCHEMAS.deskProductList,
  ...EDITOR_ANSWER_SCHEMAS,
  ...PUBLISH_ANSWER_SCHEMAS,
  ...PUSH_ANSWER_SCHEMAS,
  ...CONNECTION_ANSWER_SCHEMAS,
  ...PASSKEY_ANSWER_SCHEMAS,
  ...COURIER_ANSWER_SCHEMAS,
  ...REMITTANCE_ANSWER_SCHEMAS,
} as const;

export type DeskStaff = z.infer<typeof deskStaffSchema>;
export type DeskOrderLine = z.infer<typeof deskOrderLineSchema>;
export type DeskOrder = z.infer<typeof deskOrderSchema>;
export type DeskEvent = z.infer<typeof deskEventSchema>;
export type DeskOrdersBody = z.infer<(typeof DESK_REQUESTS)['deskOrders']>;
export type DeskMoveBody = z.infer<(typeof DESK_REQUESTS)['deskMove']>;
