// Catalogue versions. The products collection is the working draft; a
// publish records a version (a snapshot of the draft's live products), and pages and orders read
// the version that is live.
import type { Product } from '../../../lib/product.ts';

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
