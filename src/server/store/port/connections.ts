// The shop's connections to outside providers that the owner made from the desk (src/lib/connections.ts).
import type { ConnectionName } from '../../../lib/connections.ts';

/**
 * One connection as stored: each field by its variable's name. A secret field's value is sealed
 * (src/server/secret.ts sealSecret): the store never holds a provider's key in clear.
 */
export type StoredConnection = Record<string, string>;

/** Every connection the owner has made; one never made (or removed) is absent. */
export type StoredConnections = Partial<Record<ConnectionName, StoredConnection>>;

/** The shop's connections: one record, changed connection by connection. */
export interface ConnectionRepository {
  /** Every connection that has been made, as it was written. */
  get(): Promise<StoredConnections>;
  /**
   * Replaces one connection (null removes it; the others keep theirs) in one atomic write, and
   * answers the record just before and just after it.
   */
  save(
    name: ConnectionName,
    connection: StoredConnection | null,
  ): Promise<{ before: StoredConnections; after: StoredConnections }>;
}
