// Orders as the store keeps them: the record (with its history, return request and payments)
// and the repository whose writes are each one atomic step.
import type { Order } from '../../../lib/contract/responses.ts';
import type { OrderStatus } from '../../../lib/orders/moves.ts';
import type { LedgerEntry, RefundOutcome } from '../../../lib/orders/ledger.ts';
import type { RefundAccount } from '../../../lib/returns/refund-account.ts';
import type { RefundMethod, ReturnKind, ReturnState } from '../../../lib/returns/rules.ts';
import type { OrderChannel } from '../../../lib/orders/phone-orders.ts';
import type { CodConfirmation } from '../../../lib/orders/cod-confirmation.ts';

/**
 * A stored order, priced by the server. The fields its owner sees are the contract's `Order`
 * (src/lib/contract/responses.ts); the store keys it by `id`, keeps the date as ISO text, and
 * holds what never leaves the server.
 */
export interface OrderRecord extends Omit<
  Order,
  '_id' | 'date' | 'deliveredAt' | 'return' | 'payment'
> {
  id: string;
  userId: string;
  /** Items total in PKR. */
  amountPkr: number;
  /** Units of the order's currency per 1 PKR, as charged. */
  rate: number;
  /** When it was placed (ISO 8601). */
  date: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  /** Every status move after placing, oldest first, appended in the same write as the move. */
  history?: OrderEvent[];
  /** The courier and tracking number given when the order went Out for Delivery. */
  shipping?: { courier: string | null; trackingNumber: string | null };
  /** The shopper's return or exchange request (one per order), with every staff step's details. */
  returnRequest?: ReturnRecord;
  // Wallet number and payments.
  /** The JazzCash or EasyPaisa number (03001234567) the shop sends the payment request to. */
  walletNumber?: string;
  /**
   * The order's ledger: every payment and refund, oldest first (src/lib/orders/ledger.ts). Its
   * financial state is derived from these entries and stored nowhere else.
   */
  payments?: LedgerEntry[];
  /** How each pending refund on the ledger ended, by entry id; set once per entry. */
  refundOutcomes?: Record<string, RefundOutcome>;
  /** Set once its shopper removed it from their list (on every device); the desk still sees it. */
  hiddenByOwner?: boolean;
  /**
   * The wallet (JazzCash, EasyPaisa) the order was to be paid by before its owner switched it to
   * Cash on Delivery; a late payment of that wallet's request is still recorded by it.
   */
  switchedFrom?: string;
  /** A card order's payment at the gateway: absent until one is opened (the gateway was down). */
  card?: CardCharge;
  /** The parcel booked with a courier from the desk: absent until someone taps Book. */
  courierBooking?: CourierBooking;
  /** How staff took it for the customer (by phone, on WhatsApp); absent for a web order. */
  channel?: OrderChannel;
  /** The member who took it on the desk; absent for a web order. */
  takenBy?: { id: string; email: string };
  /**
   * A COD order the shopper confirms before it ships: waiting, then confirmed or cancelled
   * (src/lib/orders/cod-confirmation.ts); absent for an order that needs no confirmation.
   */
  codConfirmation?: CodConfirmation;
  /**
   * The shopper ticked "Send shipping updates to my WhatsApp" at checkout: the number the updates
   * go to (E.164 without the "+", 923001234567) and when they opted in (ISO 8601). Absent otherwise.
   */
  whatsappUpdates?: { to: string; optedInAt: string };
}

/**
 * An order's booking with a courier. A tap claims it first ('booking', under a claim id of its
 * own), then asks the courier, then writes the answer ('booked') or lets the claim go: so a
 * second tap, or a second member, never books the parcel twice.
 */
export interface CourierBooking {
  /** The id of the tap that claimed the booking: only it may complete or release it. */
  claim: string;
  /** The registry's name of the courier ('postex', 'leopards'). */
  courier: string;
  state: 'booking' | 'booked';
  /** When the claim was written (ISO 8601). */
  claimedAt: string;
  /** Who tapped Book. */
  by: { id: string; email: string };
  /** The courier's consignment number, once booked. */
  trackingNumber: string | null;
  /** Where the courier serves the airway bill, when it names an address (Leopards' slip link). */
  labelUrl: string | null;
  /** When the courier answered (ISO 8601), once booked. */
  bookedAt: string | null;
  /** True when a local stand-in (a TEST courier) booked it: no parcel will be collected. */
  test: boolean;
  /** The cash the parcel was booked to collect, in paisa (absent on bookings made before it was kept). */
  codMinor?: number;
  /** Where the courier last said the parcel is, as the tracking job read it (absent until then). */
  parcel?: ParcelSeen;
  /** The delivery problems the courier reported (an attempt, a refusal, the return), each once, oldest first. */
  problems?: ParcelSeen[];
  /** When a returned parcel's items were marked in stock again: set once, by the run that restocked. */
  restockedAt?: string;
}

/** A parcel's state as the courier reported it, and when the shop read it. */
export interface ParcelSeen {
  /** The shop's word for it (the courier port's ParcelState: 'picked_up', 'refused', …). */
  state: string;
  /** The courier's own words. */
  status: string;
  /** When it happened, as the courier wrote it (local time, no zone), when it says. */
  at: string | null;
  /** When the shop read it (ISO 8601). */
  seenAt: string;
}

/** What a card order is charged at the gateway; a webhook must match it to the unit. */
export interface CardCharge {
  /** The gateway's id of the payment last opened (Safepay's tracker). */
  reference: string;
  /** Payments opened before it (an earlier Pay now): a payment on one of them still counts. */
  earlier?: string[];
  /** The order's currency where the gateway takes it, else PKR. */
  chargeCurrency: string;
  /** The charge in minor units of chargeCurrency. */
  chargeMinor: number;
}

/** A payment or refund on an order's ledger. */
export type OrderPayment = LedgerEntry;

/**
 * What a ledger write answered: saved; refused because the order moved or another entry was
 * written since the writer read it; or refused because its reference is already on a ledger.
 */
export type LedgerWrite =
  { kind: 'saved'; order: OrderRecord } | { kind: 'stale' } | { kind: 'duplicateReference' };

/** The condition a ledger write holds to: the statuses it may be written in, and the entries read. */
export interface LedgerCondition {
  statuses: readonly OrderStatus[];
  /** How many entries the writer read: of two writers who read the same ledger, one wins. */
  entriesBefore: number;
}

/** What the desk's list needs of an order to filter, search and count it (OrderRepository.listHeads). */
export interface OrderHead {
  id: string;
  date: string;
  status: OrderStatus;
  /** What the ledger's state is derived from. */
  total: number;
  currency: string;
  payments: LedgerEntry[];
  refundOutcomes?: Record<string, RefundOutcome>;
  paymentMethod: string;
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
  /** Set while a COD order is (or was) waiting for its shopper's confirmation: only its state. */
  codConfirmation?: Pick<CodConfirmation, 'state'>;
  /** Present when the order is paid online through a gateway session (a card, or a wallet by API). */
  card?: true;
}

/** One move of an order's status: when, from what, to what, by whom (null: the shopper), and why. */
export interface OrderEvent {
  at: string;
  /** Absent when the writer did not know it (a shopper's cancel from Order Placed or Packing). */
  from?: OrderStatus;
  to: OrderStatus;
  /** The staff member who moved it, or null when the shopper did (a cancel). */
  by: { id: string; email: string } | null;
  note?: string;
  /** Set on a return or exchange step: the status (`to`) stays Delivered and this says which step. */
  returnStep?: ReturnState;
  /** Set when the event changed the order rather than moved it: its shopper changed the delivery address. */
  change?: 'address';
}

/** A shopper's return or exchange request on a delivered order, and where it stands. */
export interface ReturnRecord {
  kind: ReturnKind;
  state: ReturnState;
  /** 1 when requested, bumped by every step: each step is written only over the version its writer saw. */
  version: number;
  /** The order lines sent back: the line's index in the order's items, what it is, how many. */
  lines: {
    line: number;
    productId: string;
    productName: string;
    selectedColor: string;
    quantity: number;
  }[];
  reason: string;
  /** ISO 8601 times of the request and of the last step. */
  requestedAt: string;
  updatedAt: string;
  refusalReason?: string;
  /** The courier's pick-up window (ISO 8601). */
  pickup?: { from: string; to: string };
  refund?: { method: RefundMethod; reference: string; amountPkr: number };
  /** Where a cash-on-delivery return's refund goes, as the shopper gave it. */
  refundAccount?: RefundAccount;
  exchangeShipping?: { courier: string | null; trackingNumber: string | null };
}

/** Why an order's line could not be had when it was stored (OrderRepository.create's requireStock). */
export interface UnavailableLine {
  productId: string;
  color: string;
  /** The product is archived or deleted, or the colour is gone or marked sold out. */
  reason: 'gone' | 'soldOut';
}

/** Result of creating an order under an idempotency key. */
export type CreateOrderResult =
  | { kind: 'created'; order: OrderRecord }
  | { kind: 'replayed'; order: OrderRecord }
  | { kind: 'conflict' }
  // A line's product or colour could not be had (only with requireStock).
  | { kind: 'unavailable'; line: UnavailableLine };

/** Orders. */
export interface OrderRepository {
  /**
   * Stores an order and clears its owner's cart in one transaction, honouring the idempotency key.
   * With `requireStock`, the same transaction first checks that every line's product is
   * live and its colour in stock (a replayed key answers before that check), and answers
   * 'unavailable' with the first line that is not, storing nothing.
   */
  create(order: OrderRecord, opts?: { requireStock?: boolean }): Promise<CreateOrderResult>;
  get(id: string): Promise<OrderRecord | null>;
  /** The user's orders, newest first. */
  listByUser(userId: string): Promise<OrderRecord[]>;
  /** Every order, newest first, optionally of one status (operator use). */
  list(filter?: { status?: OrderStatus }): Promise<OrderRecord[]>;
  // The desk's list reads these instead of every whole order.
  /** The fields the desk's list filters, searches and counts on, for every order, newest first. */
  listHeads(): Promise<OrderHead[]>;
  /** Whole orders by id, in the order asked; unknown ids are left out. */
  getMany(ids: readonly string[]): Promise<OrderRecord[]>;
  /**
   * Moves an order from one of `from` to `to` only if it is in one of `from` (and owned by
   * `userId` when given); returns the updated order or null when the condition did not hold.
   */
  transition(
    id: string,
    from: readonly OrderStatus[],
    to: OrderStatus,
    opts?: {
      userId?: string;
      cancelReason?: string;
      /** Appended to the order's history in the same atomic write. */
      event?: OrderEvent;
      /** Set in the same atomic write (Out for Delivery). */
      shipping?: { courier: string | null; trackingNumber: string | null };
    },
  ): Promise<OrderRecord | null>;
  /**
   * Writes the order's return request as `next` and appends `event` to its history, in one atomic
   * write, only if the order is Delivered, owned by `userId` when given, and its stored request's
   * version is `expectedVersion` (0: no request yet). Returns the updated order, or null when the
   * condition did not hold (nothing changed): of two writers who saw one version, one wins. With
   * `refund`, the ledger must also hold `entriesBefore` entries and the refund's reference must be
   * free (as appendLedger claims it); a refusal is null as well, and a re-read tells which it was.
   */
  saveReturn(
    id: string,
    expectedVersion: number,
    next: ReturnRecord,
    opts: {
      userId?: string;
      event: OrderEvent;
      /** A refund appended to the ledger in the same write, on the ledger as the writer read it. */
      refund?: { entry: LedgerEntry; entriesBefore: number };
    },
  ): Promise<OrderRecord | null>;
  // The ledger.
  /**
   * Appends a payment or refund to the order's ledger in one atomic write, only while the order
   * holds to `when`. An entry with a reference also claims it, per kind and method, across every
   * order (src/lib/orders/ledger.ts referenceKey): the store refuses a second claim, so one
   * transaction cannot pay two orders even when both writes race.
   */
  appendLedger(id: string, entry: LedgerEntry, when: LedgerCondition): Promise<LedgerWrite>;
  /**
   * Settles pending refund `entryId` on the order as `outcome`, in one atomic write, only while the
   * entry is on the ledger and not yet settled. Returns the updated order, or null when it was not
   * (no such order or entry, or settled already): a refund is settled once, by whoever comes first.
   */
  settleRefund(id: string, entryId: string, outcome: RefundOutcome): Promise<OrderRecord | null>;
  // Cards.
  /**
   * Sets a card order's gateway charge, in one atomic write, only while the order is Order Placed,
   * holds no ledger entry, and is owned by `userId` when given; the charge it replaces (if any)
   * joins `earlier`. Returns the updated order, or null when the condition did not hold.
   */
  setCard(id: string, card: CardCharge, when?: { userId?: string }): Promise<OrderRecord | null>;
  /**
   * Cancels an order with `reason`, appending `event`, in one atomic write, only while it is Order
   * Placed and holds no ledger entry: a payment recorded first wins, and a cancel first makes the
   * payment's conditional write fail. Returns the cancelled order, or null.
   */
  cancelUnpaid(id: string, reason: string, event: OrderEvent): Promise<OrderRecord | null>;
  /**
   * Switches owner `userId`'s order from wallet `from` to Cash on Delivery (`switchedFrom` keeps
   * `from`), appending `event`, in one atomic write, only while it is Order Placed, holds no ledger
   * entry and is still to be paid by `from`. Returns the switched order, or null when the condition
   * did not hold (nothing changed): a payment recorded first wins over the switch. With
   * `codConfirmation`, the same write makes the order wait for its shopper's confirmation.
   */
  switchToCod(
    id: string,
    from: string,
    userId: string,
    event: OrderEvent,
    codConfirmation?: CodConfirmation,
  ): Promise<OrderRecord | null>;
  // COD confirmation.
  /**
   * Writes the order's COD confirmation as `next`, appending `opts.event` when given, in one atomic
   * write, only while the order is Order Placed and its stored confirmation is 'waiting'. With
   * `opts.cancelReason`, the same write cancels the order with that reason. Returns the updated
   * order, or null when the condition did not hold (nothing changed): of a confirm and a cancel
   * racing (the shopper's link, a member's phone call, the deadline), exactly one wins.
   */
  writeCodConfirmation(
    id: string,
    next: CodConfirmation,
    opts?: { event?: OrderEvent; cancelReason?: string },
  ): Promise<OrderRecord | null>;
  // Address changes.
  /**
   * Replaces owner `userId`'s delivery address with `address`, appending `event`, in one atomic
   * write, only while the order is Order Placed, not booked with a courier, and `address` keeps
   * its country (the country decided the currency, the fee and the payment). Returns the updated
   * order, or null when the condition did not hold (nothing changed): of a change and the desk's
   * move to Packing, whichever is written first wins, and the other is refused.
   */
  changeAddress(
    id: string,
    userId: string,
    address: OrderRecord['address'],
    event: OrderEvent,
  ): Promise<OrderRecord | null>;
  // Courier bookings.
  /**
   * Writes the order's courier booking as `next` (null: removes it), in one atomic write, only
   * while the order's status is one of `statuses` and its stored booking's claim is
   * `expectedClaim` (null: no booking yet). Returns the updated order, or null when the condition
   * did not hold (nothing changed): of two taps that read no booking, exactly one claims it.
   */
  writeCourierBooking(
    id: string,
    expectedClaim: string | null,
    next: CourierBooking | null,
    when: { statuses: readonly OrderStatus[] },
  ): Promise<OrderRecord | null>;
  // Removed orders.
  /**
   * Marks order `id` as removed from its owner's list, only when `userId` owns it, in one atomic
   * write. True when it is `userId`'s order (removing twice is fine), false otherwise (nothing changes).
   */
  hideForOwner(id: string, userId: string): Promise<boolean>;
}
