// What every SQLite repository shares: the connection with its transaction, row parsing, and the
// outage errors the driver's messages are turned into.
import type { DatabaseSync } from 'node:sqlite';
import { StoreUnavailableError } from '../port.ts';

/** A row as node:sqlite answers it. */
export type Row = Record<string, unknown>;

/** A prepared statement. */
export type Statement = ReturnType<DatabaseSync['prepare']>;

/** The open database and its write transaction, handed to each repository. */
export interface SqliteContext {
  db: DatabaseSync;
  /** Runs `work` in one BEGIN IMMEDIATE transaction and answers what it answered. */
  tx: <T>(work: () => T) => T;
}

/** The JSON held in `column` of `row`, or null for no row. */
export const parse = <T>(row: Row | undefined, column = 'doc'): T | null =>
  row ? (JSON.parse(String(row[column])) as T) : null;

/**
 * A full disk, an I/O failure or a read-only file is an outage of the store, not a bug: it becomes
 * StoreUnavailableError, which the API answers with 503 and Retry-After.
 */
export function sqliteOutage(error: unknown): string | null {
  const text = String((error as { message?: string } | null)?.message ?? error);
  return /SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED)|database or disk is full|disk I\/O error|readonly database|database is locked/i.test(
    text,
  )
    ? `SQLite store unavailable: ${text}`
    : null;
}

/** The error to throw for `error`: StoreUnavailableError for an outage, else `error` itself. */
function asOutage(error: unknown): unknown {
  const outage = sqliteOutage(error);
  return outage === null ? error : new StoreUnavailableError(outage);
}

function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw asOutage(error);
  }
}

/**
 * The transaction of `db`: runs `work` inside BEGIN IMMEDIATE so concurrent workers never lose each
 * other's writes. SQLite may already have rolled back on its own (a full disk does), so ROLLBACK is
 * sent only while a transaction is still open, and the original error is the one that surfaces.
 */
export function transaction(db: DatabaseSync): SqliteContext['tx'] {
  return function tx<T>(work: () => T): T {
    guard(() => db.exec('BEGIN IMMEDIATE'));
    try {
      const result = work();
      guard(() => db.exec('COMMIT'));
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw asOutage(error);
    }
  };
}
