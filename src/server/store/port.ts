import type { CartMap } from '../../lib/contract/fields.ts';
import type { Order } from '../../lib/contract/responses.ts';
import type { OrderStatus } from '../../lib/orders/moves.ts';
import type { PaymentMethod } from '../../lib/payments.ts';
import type { Product } from '../../lib/product.ts';
import type { RefundMethod, ReturnKind, ReturnState } from '../../lib/returns/rules.ts';
import type { ShopSettings } from '../../lib/shop-settings.ts';

export type { CartMap };

/** A stored account. E-mail is kept lower-cased and unique. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  /** scrypt hash, or null for accounts created by Google sign-in only. */
  passwordHash: string | null;
  googleSub: string | null;
  /** Bumped on password reset so older tokens stop working. */
  tokenVersion: number;
  createdAt: string;
  /**
   * True once the owner proved the mailbox: a Google sign-in, or a password set with an e-mailed
   * code. A password chosen at registration is unproven (absent or false), so a Google sign-in drops it.
   */
  emailVerified?: boolean;
}

/**
 * A stored order, priced by the server. The fields its owner sees are the contract's `Order`
 * (src/lib/contract/responses.ts); the store keys it by `id`, keeps the date as ISO text, and
 * holds what never leaves the server.
 */
export interface OrderRecord extends Omit<Order, '_id' | 'date' | 'deliveredAt' | 'return'> {
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
  // desk-returns:
  /** The shopper's return or exchange request (one per order), with every staff step's details. */
  returnRequest?: ReturnRecord;
  // Wallet number and payments.
  /** The JazzCash or EasyPaisa number (03001234567) the shop sends the payment request to. */
  walletNumber?: string;
  /** Payments staff recorded as received, oldest first; `payment` is true once they cover the total. */
  payments?: OrderPayment[];
  // after-purchase:
  /** Set once its shopper removed it from their list (on every device); the desk still sees it. */
  hiddenByOwner?: boolean;
}

/** A payment staff recorded as received, in the order's currency. */
export interface OrderPayment {
  id: string;
  at: string;
  method: PaymentMethod;
  /** In the order's currency, rounded to its minor unit, like the order's total. */
  amount: number;
  /** The bank or wallet transaction reference; null for cash collected on delivery. */
  reference: string | null;
  by: { id: string; email: string };
  /** The order's status when it was recorded. */
  status: OrderStatus;
}

/** What the desk's list needs of an order to filter, search and count it (OrderRepository.listHeads). */
export interface OrderHead {
  id: string;
  date: string;
  status: OrderStatus;
  payment: boolean;
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
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
  // desk-returns:
  /** Set on a return or exchange step: the status (`to`) stays Delivered and this says which step. */
  returnStep?: ReturnState;
}

// desk-returns:
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
  exchangeShipping?: { courier: string | null; trackingNumber: string | null };
}

/** A one-time password awaiting use; only its hash is kept. */
export interface OtpRecord {
  email: string;
  codeHash: string;
  expiresAt: number;
  attempts: number;
  /** Optional service data kept with the code (adapters store and return it unchanged). */
  issuedAt?: number;
  nonce?: string;
}

/** Cached exchange rates, PKR base. */
export interface RatesRecord {
  rates: Record<string, number>;
  fetchedAt: number;
  /** True when the upstream failed and these are the rate-1 fallback (kept briefly). */
  fallback?: boolean;
  /** When the upstream last failed (ms); adapters store and return it unchanged. */
  failedAt?: number;
  /**
   * Currencies whose last fetched rate was refused as more than ×10 from the last good one, with
   * that refused rate; `rates` keeps the last good rate for each, and orders in them wait.
   */
  suspect?: Record<string, number>;
  // ops-alerts:
  /** When the upstream started failing without a success since (ms); absent while it answers. */
  downSince?: number;
}

/** Catalogue persistence. */
export interface ProductRepository {
  /** Every product in catalogue order. */
  list(): Promise<Product[]>;
  /** One product by id, or null. */
  get(id: string): Promise<Product | null>;
  /** Several products by id; unknown ids are absent from the result. */
  getMany(ids: readonly string[]): Promise<Map<string, Product>>;
  /** Inserts or replaces products by id in one transaction; catalogue order follows the input. */
  upsertMany(products: readonly Product[]): Promise<{ inserted: number; updated: number }>;
  /** Number of products. */
  count(): Promise<number>;
  // Per-colour stock, archive, restore, delete. `list`, `get` and `getMany`
  // answer live products only (an archived one is absent, as if deleted); `count` counts all.
  // `upsertMany` keeps each product's sold-out colours by soldOutAfterImport (src/lib/stock.ts)
  // and its stored `stock` as anyColourInStock, and leaves whether it is archived alone.
  /** Live and archived products with their state, in catalogue order; with `ids`, those found, in the order asked. */
  states(ids?: readonly string[]): Promise<ProductState[]>;
  /**
   * Marks one colour (the catalogue's spelling) in or out of stock and sets the product's `stock`
   * to whether any colour is in, in one atomic write; answers the state before and after.
   */
  setColourStock(id: string, color: string, inStock: boolean): Promise<ProductChange>;
  /** Archives a live product at `at` (ISO 8601) in one atomic write. */
  archive(id: string, at: string): Promise<ProductChange>;
  /** Makes an archived product live again in one atomic write. */
  restore(id: string): Promise<ProductChange>;
  /**
   * Deletes a product only if no order holds it, checked in the same transaction as the delete
   * (an order placed at the same moment either holds the product and stops the delete, or finds
   * it gone and is refused).
   */
  remove(id: string): Promise<ProductRemoval>;
  /**
   * Writes one product from the desk's editor, in one transaction, only if it is still as the
   * editor read it: `expected` is the productVersion (store/product-version.ts) the editor read,
   * or null for a new product, which no product (live or archived) may already have the id of.
   * Sold-out colours, archive state and the order count are kept as upsertMany keeps them; a new
   * product goes last in catalogue order. Answers `stale` (nothing written) when the stored
   * product differs or is gone, `taken` when a new product's id is in use.
   */
  saveEdited(product: Product, expected: string | null): Promise<EditedSave>;
}
/** What an editor's save did: refused as stale or as a taken id, or saved (before: null when new). */
export type EditedSave =
  | { kind: 'stale'; current: ProductState | null }
  | { kind: 'taken' }
  | { kind: 'saved'; before: ProductState | null; after: ProductState };
/** A stored product with its live state: the colours marked sold out, and when it was archived. */
export interface ProductState {
  product: Product;
  soldOut: string[];
  archivedAt: string | null;
  /**
   * When this record entered the draft (ISO 8601); null for a record older than this field. A
   * published version sells the product only if it was in the draft by then (the same id deleted
   * and added again is another product).
   */
  draftSince: string | null;
}

/** What a product state change did: nothing to change it on, no change needed, or a change. */
export type ProductChange =
  | { kind: 'missing' }
  | { kind: 'unknownColour'; state: ProductState }
  | { kind: 'unchanged'; state: ProductState }
  | { kind: 'changed'; before: ProductState; after: ProductState };

/** What a delete did: no such product, refused because orders hold it, or deleted. */
export type ProductRemoval =
  | { kind: 'missing' }
  | { kind: 'ordered'; orders: number }
  | { kind: 'deleted'; before: ProductState };

/** Why an order's line could not be had when it was stored (OrderRepository.create's requireStock). */
export interface UnavailableLine {
  productId: string;
  color: string;
  /** The product is archived or deleted, or the colour is gone or marked sold out. */
  reason: 'gone' | 'soldOut';
}

/** Accounts. */
export interface UserRepository {
  findByEmail(email: string): Promise<UserRecord | null>;
  findById(id: string): Promise<UserRecord | null>;
  /** Creates a user; returns null when the e-mail is already taken. */
  create(user: UserRecord): Promise<UserRecord | null>;
  /**
   * Replaces the password hash and bumps the token version atomically; with `emailVerified`, that
   * flag is set in the same write (a password set with an e-mailed code proves the mailbox).
   */
  setPassword(
    id: string,
    passwordHash: string,
    opts?: { emailVerified?: boolean },
  ): Promise<UserRecord | null>;
  /**
   * Links a Google subject to an existing account, marks its e-mail verified and bumps the token
   * version in one atomic write, so every token issued before the link stops working. With
   * `dropPassword`, the password hash is cleared in the same write (a password set by someone who
   * never proved the mailbox).
   */
  linkGoogle(
    id: string,
    googleSub: string,
    opts?: { dropPassword?: boolean },
  ): Promise<UserRecord | null>;
  /** Bumps the token version atomically (sign-out everywhere); returns the updated user or null. */
  bumpTokenVersion(id: string): Promise<UserRecord | null>;
}

/** Carts, one per user. */
export interface CartRepository {
  get(userId: string): Promise<CartMap>;
  /** Atomically reads, transforms and writes a user's cart; returns the written cart. */
  update(userId: string, change: (cart: CartMap) => CartMap): Promise<CartMap>;
  /** Replaces a user's cart in one write. */
  set(userId: string, cart: CartMap): Promise<void>;
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
  // desk-returns:
  /**
   * Writes the order's return request as `next` and appends `event` to its history, in one atomic
   * write, only if the order is Delivered, owned by `userId` when given, and its stored request's
   * version is `expectedVersion` (0: no request yet). Returns the updated order, or null when the
   * condition did not hold (nothing changed): of two writers who saw one version, one wins.
   */
  saveReturn(
    id: string,
    expectedVersion: number,
    next: ReturnRecord,
    opts: { userId?: string; event: OrderEvent },
  ): Promise<OrderRecord | null>;
  // Payments.
  /**
   * Appends a payment and sets the order's `payment` flag in one atomic write, only while the
   * order is in one of `when.statuses` and holds exactly `when.paymentsBefore` payments (so of two
   * staff recording on what they both read, one wins); returns the updated order or null.
   */
  addPayment(
    id: string,
    payment: OrderPayment,
    paid: boolean,
    when: { statuses: readonly OrderStatus[]; paymentsBefore: number },
  ): Promise<OrderRecord | null>;
  // Removed orders.
  /**
   * Marks order `id` as removed from its owner's list, only when `userId` owns it, in one atomic
   * write. True when it is `userId`'s order (removing twice is fine), false otherwise (nothing changes).
   */
  hideForOwner(id: string, userId: string): Promise<boolean>;
}

/** A staff member's role: the owner may do everything; staff handle orders. */
export type StaffRole = 'owner' | 'staff';
/** Invited (link mailed, not yet enrolled), active, or removed (kept for the audit log). */
export type StaffStatus = 'invited' | 'active' | 'removed';

/** A member of the shop's staff (the desk). E-mail is kept lower-cased and unique. */
export interface StaffRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  /** scrypt hash; null until the invitation is accepted. */
  passwordHash: string | null;
  /** The authenticator secret, sealed (src/server/accounts/auth/totp.ts); never leaves the server. */
  totpSecret: string | null;
  /** The last TOTP step used: a code of this step or an earlier one is refused (no replay). */
  totpLastStep: number;
  /** Bumped at sign-out, removal and role change so older desk tokens stop working. */
  sessionVersion: number;
  /** SHA-256 of the invitation link's token, and when it expires (ms); null once used. */
  inviteHash: string | null;
  inviteExpiresAt: number | null;
  /** Who invited them (staff id), or null for the first owner added from the CLI. */
  invitedBy: string | null;
  createdAt: string;
}

/** What a conditional staff update changes: fields to set, and whether to bump the session version. */
export interface StaffChange {
  set?: Partial<Omit<StaffRecord, 'id' | 'email' | 'createdAt' | 'sessionVersion'>>;
  bumpSession?: boolean;
}

/** The condition a staff update needs besides the id; all given parts must hold. */
export interface StaffCondition {
  status?: readonly StaffStatus[];
  inviteHash?: string;
  role?: StaffRole;
  /** The stored totpLastStep must be below this (a TOTP step is claimed once). */
  totpLastStepBelow?: number;
  /**
   * Some active owner other than this member must exist at the moment of the write, so two owners
   * removing or demoting each other at once can never leave the shop without one.
   */
  anotherActiveOwner?: boolean;
}

/** Staff members of the desk. */
export interface StaffRepository {
  /** Creates a member; null when the e-mail is already taken (any status). */
  create(staff: StaffRecord): Promise<StaffRecord | null>;
  findById(id: string): Promise<StaffRecord | null>;
  findByEmail(email: string): Promise<StaffRecord | null>;
  /** The member whose live or expired invitation has this token hash. */
  findByInvite(inviteHash: string): Promise<StaffRecord | null>;
  /** Every member, oldest first. */
  list(): Promise<StaffRecord[]>;
  /**
   * Applies `change` to the member in one atomic write when `when` holds; returns the updated
   * member, or null when it does not exist or the condition failed (nothing changed).
   */
  update(id: string, change: StaffChange, when?: StaffCondition): Promise<StaffRecord | null>;
}

/** One staff action: who, what, when, to what, before and after. */
export interface AuditEntry {
  id: string;
  /** ISO 8601 time of the action. */
  at: string;
  actor: { id: string; email: string };
  /** What was done, e.g. 'order.move', 'staff.invite', 'staff.role', 'staff.remove', 'desk.signIn'. */
  action: string;
  /** What it was done to, e.g. 'order:<id>' or 'staff:<id>'. */
  target: string;
  before: unknown;
  after: unknown;
}

/** The audit log: append-only. */
export interface AuditRepository {
  append(entry: AuditEntry): Promise<void>;
  /** Entries newest first, optionally of one actor, target or action, at most `limit` (default 100). */
  list(filter?: {
    actorId?: string;
    target?: string;
    action?: string;
    limit?: number;
  }): Promise<AuditEntry[]>;
}

/** One-time passwords for password reset, one live code per e-mail. */
export interface OtpRepository {
  put(otp: OtpRecord): Promise<void>;
  get(email: string): Promise<OtpRecord | null>;
  /**
   * Uses up one attempt of a live code in one atomic step: when the code exists, has not expired
   * at `now` and has fewer than `max` attempts, its count goes up by one and the record (after the
   * increment) is returned; otherwise null and nothing changes. A caller compares the submitted
   * code only after this succeeded, so parallel guesses can never exceed `max`.
   */
  spendAttempt(email: string, max: number, now?: number): Promise<OtpRecord | null>;
  /** Removes the code; true when this call removed it (so a code is consumed once). */
  delete(email: string): Promise<boolean>;
}

/** Fixed-window counters used for throttling. */
export interface LimitRepository {
  /** Counts a hit on `key`; returns the count inside the current window and when it resets. */
  hit(key: string, windowMs: number, now?: number): Promise<{ count: number; resetAt: number }>;
  /** Takes back one hit of the current window (never below 0); nothing happens once it has reset. */
  release(key: string, now?: number): Promise<void>;
  reset(key: string): Promise<void>;
  /** Deletes every counter whose window ended before `now`; returns how many were deleted. */
  purge(now?: number): Promise<number>;
}

/** How long a newsletter confirmation link works after the mail that carried it (7 days). */
export const PENDING_SUBSCRIPTION_MS = 7 * 24 * 60 * 60 * 1000;

/** A newsletter subscription awaiting or past double opt-in. */
export interface SubscriberRecord {
  email: string;
  status: 'pending' | 'confirmed';
  /** SHA-256 of the confirmation link's token (the token itself only travels in the mail). */
  tokenHash: string | null;
  createdAt: number;
  /**
   * When the current link was mailed (its PENDING_SUBSCRIPTION_MS start then). Absent on records
   * written before links expired: createdAt counts instead.
   */
  requestedAt?: number;
  confirmedAt: number | null;
}

/** Whether a subscription is pending with a link that still works at `now` (mailed at most 7 days before). */
export function subscriptionLinkWorks(record: SubscriberRecord, now: number): boolean {
  return (
    record.status === 'pending' &&
    (record.requestedAt ?? record.createdAt) >= now - PENDING_SUBSCRIPTION_MS
  );
}

/** Newsletter subscribers, one per e-mail (lower-cased). */
export interface SubscriberRepository {
  /**
   * Records a subscription request atomically: a new e-mail becomes pending with this token hash; a
   * pending one gets the new token hash and requestedAt (the latest mail's link works, for 7 days
   * from now); a confirmed one is left as it is. Returns the record as it now stands.
   */
  request(email: string, tokenHash: string, now?: number): Promise<SubscriberRecord>;
  /**
   * The pending subscription holding this token hash while its link works (mailed at most
   * PENDING_SUBSCRIPTION_MS before `now`), changing nothing; null otherwise.
   */
  findPending(tokenHash: string, now?: number): Promise<SubscriberRecord | null>;
  /**
   * Confirms, in one conditional update, the pending subscription holding this token hash while
   * its link works; returns it, or null for an unknown, used or expired link.
   */
  confirm(tokenHash: string, now?: number): Promise<SubscriberRecord | null>;
  /** Deletes the pending subscriptions whose link expired before `now`; returns how many. */
  purgeExpired(now?: number): Promise<number>;
  get(email: string): Promise<SubscriberRecord | null>;
}

/** The exchange-rate cache. */
export interface RateRepository {
  get(): Promise<RatesRecord | null>;
  put(record: RatesRecord): Promise<void>;
}

// Shop settings.
/** The settings the owner has set; a key never set is absent (the service applies the defaults). */
export type StoredSettings = Partial<ShopSettings>;

/** The shop's settings: one record, changed key by key. */
export interface SettingsRepository {
  /** Every setting that has been set, as it was written. */
  get(): Promise<StoredSettings>;
  /**
   * Sets the given keys (others keep their values) in one atomic write and answers the stored
   * settings just before and just after it, so two owners saving at once each see the other's
   * write in their `before`, and no write is lost.
   */
  save(values: StoredSettings): Promise<{ before: StoredSettings; after: StoredSettings }>;
}

// Failed shopper mails, kept to be retried and resent from the desk.
/** Which shopper mails are kept when they fail: order mails only, never one carrying a code or link. */
export type MailFailureKind = 'order-confirmation' | 'order-status';
/** Waiting for a retry, being sent by one sender right now, sent at last, or retried no more. */
export type MailFailureState = 'failed' | 'sending' | 'sent' | 'given-up';

/** A shopper mail that could not be sent after its tries, as it was composed. */
export interface MailFailureRecord {
  id: string;
  kind: MailFailureKind;
  /** The order the mail is about. */
  orderId: string;
  to: string;
  subject: string;
  text: string;
  /** The last failure, for the desk (the SMTP server's words, never the mail's content). */
  error: string;
  /** Sends tried so far (each after its own SMTP retries). */
  attempts: number;
  state: MailFailureState;
  createdAt: string;
  lastTriedAt: string;
  /** When the next automatic retry is due (ms); null once sent or given up. */
  nextTryAt: number | null;
  /** While 'sending': when the sender's claim lapses (a crashed sender frees it then). */
  claimedUntil: number | null;
  sentAt: string | null;
  /** The staff member whose resend sent it, or null (automatic retry). */
  sentBy: { id: string; email: string } | null;
}

/** How a claimed send ended: sent, or failed again (with the next try, or null to give up). */
export type MailFailureOutcome =
  | { sent: true; at: string; by: { id: string; email: string } | null }
  | { sent: false; at: string; error: string; nextTryAt: number | null };

/** Failed shopper mails. */
export interface MailFailureRepository {
  /** Stores a new failure. */
  add(failure: MailFailureRecord): Promise<void>;
  get(id: string): Promise<MailFailureRecord | null>;
  /** Failures newest first, optionally of some states, at most `limit` (default 100). */
  list(filter?: {
    states?: readonly MailFailureState[];
    limit?: number;
  }): Promise<MailFailureRecord[]>;
  /** Ids of 'failed' failures whose next try is due at `now`, oldest due first, at most `limit`. */
  due(now: number, limit: number): Promise<string[]>;
  /**
   * Claims a failure for one send in one atomic write: when it is 'failed' or 'given-up' (with
   * `manual`: a staff resend), or 'sending' with a lapsed claim, it becomes 'sending' until
   * `now + leaseMs` and its attempts go up by one; returns it, or null (someone else holds it, it
   * was sent, or it does not exist), so two senders never both send one mail.
   */
  claim(
    id: string,
    now: number,
    leaseMs: number,
    manual: boolean,
  ): Promise<MailFailureRecord | null>;
  /** Ends a claimed send (only while 'sending'); returns the updated failure or null. */
  settle(id: string, outcome: MailFailureOutcome): Promise<MailFailureRecord | null>;
}

/** Whether a claim may take this failure now (MailFailureRepository.claim's condition). */
export function claimable(f: MailFailureRecord, now: number, manual: boolean): boolean {
  if (f.state === 'failed') return true;
  if (f.state === 'given-up') return manual;
  return f.state === 'sending' && (f.claimedUntil ?? 0) <= now;
}

/** A claimed failure after its send ended (MailFailureRepository.settle's write). */
export function settled(f: MailFailureRecord, outcome: MailFailureOutcome): MailFailureRecord {
  const base = { ...f, lastTriedAt: outcome.at, claimedUntil: null };
  if (outcome.sent)
    return { ...base, state: 'sent', nextTryAt: null, sentAt: outcome.at, sentBy: outcome.by };
  return {
    ...base,
    state: outcome.nextTryAt === null ? 'given-up' : 'failed',
    nextTryAt: outcome.nextTryAt,
    error: outcome.error,
  };
}

/**
 * Raw access to the stored records of one collection, for `npm run shop -- backup`. A
 * collection is a repository's table (SQLite) or collection (MongoDB) of the same name, and only a
 * name that src/server/store/collections.ts backs up is accepted. Records are what the adapter
 * stores (SQLite rows, MongoDB documents), so a restore puts back exactly what was there.
 */
export interface BackupRepository {
  /** How many records the collection holds. */
  count(collection: string): Promise<number>;
  /** Every record of the collection, in a stable order (insertion for SQLite, _id for MongoDB). */
  read(collection: string): Promise<Record<string, unknown>[]>;
  /** Adds records to the collection as they are; SQLite in one transaction. */
  write(collection: string, records: readonly Record<string, unknown>[]): Promise<void>;
}

// Catalogue versions. The products collection is the working draft; a
// publish records a version (a snapshot of the draft's live products), and pages and orders read
// the version that is live.
/**
 * Where a version's deploy stands: waiting for a build, building, live (the site serves it),
 * failed (with a message), superseded by a newer publish before it went live, or retired (was live,
 * a newer version is live now).
 */
export type DeployState = 'queued' | 'building' | 'live' | 'failed' | 'superseded' | 'retired';

/** One published catalogue version, without its products. */
export interface CatalogueVersion {
  /** 1, 2, 3…: unique and in the order published. */
  number: number;
  /** ISO 8601. */
  publishedAt: string;
  /** The staff member who published it, or null (the CLI, or the first build of a fresh store). */
  by: { id: string; email: string } | null;
  /** How many products it holds. */
  products: number;
  /** Products added, removed or changed against the version before it (all of them for version 1). */
  changed: number;
  state: DeployState;
  /** When the state last changed (ISO 8601). */
  stateAt: string;
  /** Why a deploy failed, or what it waits for; null otherwise. */
  message: string | null;
  /** When it went live (ISO 8601), or null. */
  liveAt: string | null;
}

/** Catalogue versions: written by publish, read by the build, pricing and the desk. */
export interface CatalogueVersionRepository {
  /**
   * Records the next version (latest + 1) holding `products` in one atomic write, with `changed`
   * counted against the latest version's products (null: none yet) inside the same write; older
   * versions still queued or building become superseded. Two publishes at once get two numbers.
   */
  publish(
    input: {
      publishedAt: string;
      by: { id: string; email: string } | null;
      products: readonly Product[];
      state: 'queued' | 'building';
      message?: string | null;
    },
    changed: (previous: readonly Product[] | null) => number,
  ): Promise<CatalogueVersion>;
  /** The newest version published, or null. */
  latest(): Promise<CatalogueVersion | null>;
  /** The newest version that is live, or null. */
  live(): Promise<CatalogueVersion | null>;
  get(number: number): Promise<CatalogueVersion | null>;
  /** The newest versions first, at most `limit`. */
  recent(limit: number): Promise<CatalogueVersion[]>;
  /** A version's products in catalogue order, or null when there is no such version. */
  products(number: number): Promise<Product[] | null>;
  /** Whether any version holds a product with this id (such an id is never given to a new product). */
  holds(productId: string): Promise<boolean>;
  /**
   * Moves a version's deploy to building or failed, only while its state is one of `from`, in
   * one atomic write; the updated version, or null when the condition did not hold.
   */
  setState(
    number: number,
    next: { state: 'building' | 'failed'; at: string; message: string | null },
    from: readonly DeployState[],
  ): Promise<CatalogueVersion | null>;
  /**
   * Marks a version live at `at` in one atomic write, only when no newer version is live: the
   * version live before it becomes retired, older ones still queued or building superseded.
   * Answers the version (unchanged when it already was live), or null (no such version, or a
   * newer one is live).
   */
  markLive(number: number, at: string): Promise<CatalogueVersion | null>;
}

/** The whole persistence port the services depend on. */
export interface Store {
  readonly kind: 'sqlite' | 'mongo';
  products: ProductRepository;
  users: UserRepository;
  carts: CartRepository;
  orders: OrderRepository;
  otps: OtpRepository;
  limits: LimitRepository;
  rates: RateRepository;
  subscribers: SubscriberRepository;
  staff: StaffRepository;
  audit: AuditRepository;
  // Shop settings.
  settings: SettingsRepository;
  mailFailures: MailFailureRepository;
  close(): Promise<void>;
  // Backups.
  backup: BackupRepository;
  // Catalogue versions.
  catalogueVersions: CatalogueVersionRepository;
}

/**
 * Thrown by adapters when the database cannot be reached, opened or written: each adapter turns its
 * own driver's outage errors into this one (guardOutages), so nothing above the store reads a
 * driver's error names. `message` is for the log; callers answer with SERVER_MESSAGES.unavailable.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/**
 * Every repository method of `store`, with the errors `toOutage` recognises turned into
 * StoreUnavailableError (it answers the error to throw, or null for any other error).
 */
export function guardOutages(store: Store, toOutage: (error: unknown) => string | null): Store {
  const wrapped: Record<string, unknown> = { ...store };
  for (const [name, repo] of Object.entries(store)) {
    if (typeof repo !== 'object' || repo === null) continue;
    wrapped[name] = Object.fromEntries(
      Object.entries(repo as Record<string, (...args: unknown[]) => Promise<unknown>>).map(
        ([method, fn]) => [
          method,
          async (...args: unknown[]) => {
            try {
              return await fn(...args);
            } catch (error) {
              const outage = error instanceof StoreUnavailableError ? null : toOutage(error);
              throw outage === null ? error : new StoreUnavailableError(outage);
            }
          },
        ],
      ),
    );
  }
  return wrapped as unknown as Store;
}
