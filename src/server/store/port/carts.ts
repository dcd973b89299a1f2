// Signed-in shoppers' carts, one per user.
import type { CartMap } from '../../../lib/contract/fields.ts';

export type { CartMap };

/** Carts, one per user. */
export interface CartRepository {
  get(userId: string): Promise<CartMap>;
  /** Atomically reads, transforms and writes a user's cart; returns the written cart. */
  update(userId: string, change: (cart: CartMap) => CartMap): Promise<CartMap>;
  /** Replaces a user's cart in one write. */
  set(userId: string, cart: CartMap): Promise<void>;
}
