// How both adapters keep a product's live state. It lives in the product's
// own record (SQLite row, MongoDB document) beside the docs/product.md §3 fields, so a stock change, an
// archive and the order's stock check each read and write one record: `soldOut` (colours marked
// sold out), `archivedAt` (ISO 8601, absent or null while live) and `ordered` (units ordered, bumped
// by every order in its transaction so that a concurrent stock change or delete conflicts with it).
import type { OrderRecord } from './port.ts';
import { anyColourInStock, soldOutAfterImport } from '../../lib/stock.ts';
import type { Product } from '../../lib/product.ts';
import type { ProductChange, ProductEditor, ProductState, UnavailableLine } from './port.ts';
import { productVersion } from './product-version.ts';

/** The live-state fields a stored product carries besides its product fields (docs/product.md §3). */
export interface StateFields {
  soldOut?: string[];
  archivedAt?: string | null;
  ordered?: number;
  /** When the record entered the draft (ISO 8601); absent on records written before it was kept. */
  draftSince?: string | null;
  /** Who last changed its fields at the desk; absent or null when an import or the CLI did. */
  editedBy?: ProductEditor | null;
}

/** Field names that never leave the adapter as part of a Product. */
export const STATE_FIELD_NAMES = [
  'soldOut',
  'archivedAt',
  'ordered',
  'draftSince',
  'editedBy',
] as const;

/** A stored record (without adapter fields such as position) as its product and state. */
export function toState(doc: Product & StateFields): ProductState {
  const {
    soldOut = [],
    archivedAt = null,
    ordered: _ordered,
    draftSince = null,
    editedBy = null,
    ...product
  } = doc;
  return { product: product as Product, soldOut, archivedAt, draftSince, editedBy };
}

/** The product a stored record holds, without its state fields. */
export function toProduct(doc: Product & StateFields): Product {
  return toState(doc).product;
}

/**
 * The record to store for an imported product over the previous one (or none): sold-out colours by
 * soldOutAfterImport, `stock` derived from them, archive state, order count and the time it
 * entered the draft kept; a new record entered the draft `now`. `by` (the desk member saving it,
 * null for an import) becomes its last editor when its fields change; a write that changes none
 * keeps the editor it had, so Publish names who made each change.
 */
export function importedRecord(
  product: Product,
  previous: (Product & StateFields) | null,
  now = new Date(),
  by: ProductEditor | null = null,
): Product & StateFields {
  const soldOut = soldOutAfterImport(product, previous?.soldOut ?? []);
  const same = previous !== null && productVersion(toProduct(previous)) === productVersion(product);
  return {
    ...product,
    stock: anyColourInStock(product.colors, soldOut),
    soldOut,
    archivedAt: previous?.archivedAt ?? null,
    ordered: previous?.ordered ?? 0,
    draftSince: previous ? (previous.draftSince ?? null) : now.toISOString(),
    // Only the name fields: a caller's whole staff record must never land in the catalogue.
    editedBy: same ? (previous.editedBy ?? null) : by && { id: by.id, email: by.email },
  };
}

/** A record's next version for a state change, or what to answer when there is nothing to write. */
export type StateStep =
  { write: Product & StateFields; change: ProductChange } | { write: null; change: ProductChange };

/** Marks `color` in or out on `doc`; `stock` follows. */
export function colourStep(doc: Product & StateFields, color: string, inStock: boolean): StateStep {
  const before = toState(doc);
  if (!before.product.colors.includes(color))
    return { write: null, change: { kind: 'unknownColour', state: before } };
  const soldOut = inStock
    ? before.soldOut.filter((c) => c !== color)
    : [...new Set([...before.soldOut, color])].filter((c) => before.product.colors.includes(c));
  if (soldOut.length === before.soldOut.length && soldOut.every((c) => before.soldOut.includes(c)))
    return { write: null, change: { kind: 'unchanged', state: before } };
  const write = { ...doc, soldOut, stock: anyColourInStock(before.product.colors, soldOut) };
  return { write, change: { kind: 'changed', before, after: toState(write) } };
}

/**
 * Archives (`at`) or restores (null) `doc`; `by` (the desk member, null for the CLI) becomes its
 * last editor, as a save of its fields makes them (only the name fields, as importedRecord keeps).
 */
export function archiveStep(
  doc: Product & StateFields,
  at: string | null,
  by: ProductEditor | null = null,
): StateStep {
  const before = toState(doc);
  if ((before.archivedAt === null) === (at === null))
    return { write: null, change: { kind: 'unchanged', state: before } };
  const write = { ...doc, archivedAt: at, editedBy: by && { id: by.id, email: by.email } };
  return { write, change: { kind: 'changed', before, after: toState(write) } };
}

/** Units of each product and colour an order holds, to check and count in its transaction. */
export function orderedUnits(
  order: OrderRecord,
): { productId: string; color: string; units: number }[] {
  const units = new Map<string, { productId: string; color: string; units: number }>();
  for (const item of order.items) {
    const key = JSON.stringify([item.productId, item.selectedColor]);
    const line = units.get(key) ?? {
      productId: item.productId,
      color: item.selectedColor,
      units: 0,
    };
    line.units += item.quantity;
    units.set(key, line);
  }
  return [...units.values()];
}

/** Why `doc` cannot supply `color`, or null when it can (live, colour listed and in stock). */
export function unavailability(
  doc: (Product & StateFields) | null,
  productId: string,
  color: string,
): UnavailableLine | null {
  if (!doc || (doc.archivedAt ?? null) !== null || !doc.colors.includes(color))
    return { productId, color, reason: 'gone' };
  if ((doc.soldOut ?? []).includes(color)) return { productId, color, reason: 'soldOut' };
  return null;
}

/** Thrown inside an order's transaction to roll it back when a line cannot be had. */
export class LineUnavailable extends Error {
  readonly line: UnavailableLine;
  constructor(line: UnavailableLine) {
    super(`${line.productId} in ${line.color}: ${line.reason}`);
    this.line = line;
  }
}
