// Raw access to stored records, for backups and restores.

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
