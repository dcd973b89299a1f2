// How the audit log reads to the owner: what was done in words ('Moved an order', not
// 'order.move'), what it was about (an order by its #number, a member by their name, never the ids
// the log stores), and what changed as sentences ('Status: Packing → Out for Delivery').
import { CONNECTIONS, type ConnectionName } from './connections.ts';
import { shortNumber } from './desk.ts';
import { fieldChanges } from './product-changes.ts';
import type { Product } from './product.ts';
import { RETURN_STATE_LABELS, type ReturnState } from './returns/states.ts';

const ORDER_ID = /^order:([0-9a-f-]{36})$/i;
const STAFF_ID = /^staff:(.+)$/;
const CONNECTION = /^connection:(\w+)$/;

/**
 * The label of an audit target: 'order:<id>' → 'Order #7133649B', 'staff:<id>' → the member's
 * name (as `nameOf` knows it; 'A removed member' when it does not); anything else as written.
 */
export function auditTargetLabel(
  target: string,
  nameOf: (staffId: string) => string | undefined,
): string {
  const order = ORDER_ID.exec(target);
  if (order) return `Order #${shortNumber(order[1]!)}`;
  const staff = STAFF_ID.exec(target);
  if (staff) return nameOf(staff[1]!) ?? 'A removed member';
  const connection = CONNECTION.exec(target)?.[1];
  if (connection && Object.hasOwn(CONNECTIONS, connection))
    return `The ${CONNECTIONS[connection as ConnectionName].label} connection`;
  return target;
}

/**
 * Every action the shop writes to the audit log. The server's `audit()` takes only these, so a new
 * action is added here first, and its label below (the table is keyed by this list).
 */
export const AUDIT_ACTIONS = [
  'catalogue.publish',
  'connections.reseal',
  'connections.save',
  'desk.signIn',
  'desk.signOut',
  'mail.resend',
  'order.address',
  'order.book',
  'order.confirm',
  'order.move',
  'order.payment',
  'order.refund',
  'order.take',
  'orders.export',
  'passkey.add',
  'passkey.remove',
  'product.archive',
  'product.create',
  'product.delete',
  'product.edit',
  'product.photo',
  'product.restore',
  'product.stock',
  'return.step',
  'settings.save',
  'staff.enrol',
  'staff.invite',
  'staff.personalData',
  'staff.publish',
  'staff.refunds',
  'staff.remove',
  'staff.resealKey',
  'staff.role',
  'staff.sales',
] as const;

/** An action the audit log records. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How each action reads to the owner: what the member did, in words. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'catalogue.publish': 'Published the catalogue',
  'connections.reseal': "Re-sealed a connection's keys",
  'connections.save': 'Changed a connection (couriers, WhatsApp, a wallet)',
  'desk.signIn': 'Signed in',
  'desk.signOut': 'Signed out',
  'mail.resend': 'Sent a failed mail again',
  'order.address': 'Changed a delivery address (the shopper)',
  'order.book': 'Booked a courier',
  'order.confirm': 'Confirmed a COD order by phone',
  'order.move': 'Moved an order',
  'order.payment': 'Recorded a payment',
  'order.refund': 'Recorded a refund',
  'order.take': 'Took a phone order',
  'orders.export': 'Exported the orders',
  'passkey.add': 'Added a passkey',
  'passkey.remove': 'Removed a passkey',
  'product.archive': 'Archived a product',
  'product.create': 'Added a product',
  'product.delete': 'Deleted a product',
  'product.edit': 'Edited a product',
  'product.photo': 'Uploaded a photo',
  'product.restore': 'Put a product back on sale',
  'product.stock': "Changed a colour's stock",
  'return.step': 'Took a return to its next step',
  'settings.save': 'Saved the settings',
  'staff.enrol': 'Joined the desk',
  'staff.invite': 'Invited a member',
  'staff.personalData': 'Changed who sees personal data',
  'staff.refunds': 'Changed who may send refunds',
  'staff.sales': 'Changed who sees sales figures',
  'staff.publish': 'Changed who may publish the catalogue',
  'staff.remove': 'Removed a member',
  'staff.resealKey': "Re-sealed a member's sign-in key",
  'staff.role': "Changed a member's role",
};

const isAuditAction = (action: string): action is AuditAction =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action);

/** The words for an entry's action; an action this desk does not know (an old row) as written. */
export const auditActionLabel = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action || 'Unknown action';

/** One value an entry changed, in words: 'Status: Packing → Out for Delivery'. */
export interface AuditChange {
  field: string;
  /** Absent: the value is new (nothing before it). */
  from?: string;
  /** Absent: the value went (nothing after it). */
  to?: string;
}

// The fields the log keeps, named as the owner knows them; any other is un-camel-cased.
const FIELD_WORDS: Record<string, string> = {
  _id: 'Id',
  status: 'Status',
  state: 'Step',
  role: 'Role',
  personalData: "Sees customers' personal data",
  refunds: 'May send refunds',
  sales: 'Sees sales figures',
  publish: 'May publish the catalogue',
  payment: 'Payment',
  paid: 'Paid',
  refunded: 'Refunded',
  method: 'Method',
  amount: 'Amount',
  reference: 'Reference',
  courier: 'Courier',
  trackingNumber: 'Tracking number',
  address: 'Delivery address',
  reason: 'Reason',
  name: 'Name',
  email: 'E-mail',
  ip: 'From address',
  passkey: 'With the passkey',
  rows: 'Orders exported',
  personal: "With customers' personal data",
  attempts: 'Attempts',
  to: 'To',
  subject: 'Subject',
  error: 'Error',
  version: 'Version',
  products: 'Products',
  changed: 'Products changed',
  archived: 'Archived',
  archivedAt: 'Archived at',
  stock: 'On sale',
  productName: 'Product',
  colours: 'Colours',
  sealedWith: 'Sealed with',
  pickupFrom: 'Pick-up from',
  pickupTo: 'Pick-up until',
  refundAccount: 'Refund account',
  whatsappNumber: 'WhatsApp number',
  supportEmail: 'Support e-mail',
  ordersEmail: 'Orders alert address',
  bankDetails: 'Bank details',
  accountTitle: 'account title',
  bank: 'bank',
  iban: 'IBAN',
  accountNumber: 'account number',
  swift: 'SWIFT/BIC',
  bankAddress: 'bank address',
  supportHours: 'Support hours',
  deliveryDays: 'Delivery estimates',
  codConfirmation: 'COD confirmation',
  channel: 'Channel',
  customer: 'Customer',
  paymentMethod: 'Payment method',
  total: 'Total',
};

const fieldWords = (key: string): string =>
  FIELD_WORDS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

// What an action keeps for the shop's own bookkeeping, which says nothing to the owner.
const UNSAID: Partial<Record<string, readonly string[]>> = { 'return.step': ['version'] };

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a kept value has a product's shape (its fields read by fieldChanges). */
function isProduct(value: unknown): value is Product {
  return (
    isPlain(value) &&
    typeof value.productName === 'string' &&
    typeof value.price === 'number' &&
    Array.isArray(value.colors) &&
    Array.isArray(value.colorImages) &&
    value.colorImages.every((c) => isPlain(c) && Array.isArray(c.images)) &&
    isPlain(value.specs)
  );
}

/** A colour list as the desk keeps it, [{ color, inStock }], in words; null for anything else. */
function colourWords(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const parts: string[] = [];
  for (const c of value) {
    if (!isPlain(c) || typeof c.color !== 'string' || typeof c.inStock !== 'boolean') return null;
    parts.push(`${c.color} ${c.inStock ? 'in stock' : 'sold out'}`);
  }
  return parts.join(', ') || 'none';
}

/** A value in words, or null when it is not one a sentence can say (an object, a list). */
function valueWords(action: string, key: string, value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (action === 'return.step' && key === 'state' && value in RETURN_STATE_LABELS)
      return RETURN_STATE_LABELS[value as ReturnState];
    return value === '' ? '(blank)' : value;
  }
  if (key === 'colours') return colourWords(value);
  return null;
}

/** An entry's before or after as flat fields: nested objects one level down ('Bank details, IBAN'). */
function flatten(
  value: unknown,
): Map<string, { field: string; key: string; value: unknown }> | null {
  const out = new Map<string, { field: string; key: string; value: unknown }>();
  if (value === null || value === undefined) return out;
  if (!isPlain(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (isPlain(inner))
      for (const [innerKey, leaf] of Object.entries(inner))
        out.set(`${key}.${innerKey}`, {
          field: `${fieldWords(key)}, ${fieldWords(innerKey)}`,
          key: innerKey,
          value: leaf,
        });
    else out.set(key, { field: fieldWords(key), key, value: inner });
  }
  return out;
}

/**
 * What an entry changed, a line a field ('Status: Packing → Out for Delivery'), leaving out what
 * stayed the same; a product edit by the product's fields that changed. Null when a value cannot
 * be said in words (a whole new product, say), for which the desk shows the entry's before and
 * after as they were kept.
 */
export function auditChanges(
  action: string,
  before: unknown,
  after: unknown,
): AuditChange[] | null {
  // A product edit keeps the whole product before and after; it reads as the fields that changed,
  // as Publish says them ('Price: ₨1,300 → ₨130').
  if (action === 'product.edit' && isProduct(before) && isProduct(after))
    return fieldChanges(before, after).map((c) => ({
      field: c.label,
      from: c.before,
      to: c.after,
    }));
  const was = flatten(before);
  const now = flatten(after);
  if (!was || !now) return null;
  const changes: AuditChange[] = [];
  for (const path of new Set([...was.keys(), ...now.keys()])) {
    if (UNSAID[action]?.includes(path)) continue;
    const a = was.get(path);
    const b = now.get(path);
    const from =
      a && a.value !== undefined && a.value !== null
        ? valueWords(action, a.key, a.value)
        : undefined;
    const to =
      b && b.value !== undefined && b.value !== null
        ? valueWords(action, b.key, b.value)
        : undefined;
    if (from === null || to === null) return null;
    if (from === to) continue;
    changes.push({
      field: (a ?? b)!.field,
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    });
  }
  return changes;
}

/** One change as a line: 'Status: Packing → Out for Delivery', 'Reason: Out of stock', 'Name was Pixel 8'. */
export function auditChangeLine(change: AuditChange): string {
  if (change.from !== undefined && change.to !== undefined)
    return `${change.field}: ${change.from} → ${change.to}`;
  if (change.to !== undefined) return `${change.field}: ${change.to}`;
  return `${change.field} was ${change.from}`;
}
