// The catalogue's working draft: products with their live state (sold-out colours, archive).
import type { Product } from '../../../lib/product.ts';

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
  /**
   * Archives a live product at `at` (ISO 8601) in one atomic write; `by` (the desk member, null
   * for the CLI) becomes its last editor, so Publish names who took it off.
   */
  archive(id: string, at: string, by?: ProductEditor | null): Promise<ProductChange>;
  /** Makes an archived product live again in one atomic write; `by` becomes its last editor. */
  restore(id: string, by?: ProductEditor | null): Promise<ProductChange>;
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
   * product goes last in catalogue order. `by` becomes the record's last editor when the save
   * changes its fields (a save that changes none keeps the one before; an import's upsertMany
   * makes a changed record's editor null). Answers `stale` (nothing written) when the stored
   * product differs or is gone, `taken` when a new product's id is in use.
   */
  saveEdited(
    product: Product,
    expected: string | null,
    by?: ProductEditor | null,
  ): Promise<EditedSave>;
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
  /** Who last changed its fields at the desk; null when an import, the CLI or an older save did. */
  editedBy: ProductEditor | null;
}

/** A desk member as a product's record names its last editor. */
export interface ProductEditor {
  id: string;
  email: string;
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
