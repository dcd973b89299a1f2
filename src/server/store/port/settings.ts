// The owner's shop settings.
import type { ShopSettings } from '../../../lib/shop-settings.ts';

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
