// What every MongoDB repository shares: the client (for sessions), the database, the driver's
// duplicate-key test and the transaction helper.
import type { ClientSession, Db, MongoClient } from 'mongodb';
import type { MongoDriver } from './driver.ts';

/** The connected database, handed to each repository. */
export interface MongoContext {
  client: MongoClient;
  db: Db;
  /** Whether `error` is the driver's duplicate-key error (code 11000). */
  isDuplicate(error: unknown): boolean;
  /** Runs `work` in one transaction and answers what it answered. */
  inTransaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T>;
}

/** The context over database `dbName` of `client`, on `driver`. */
export function mongoContext(
  client: MongoClient,
  dbName: string,
  driver: MongoDriver,
): MongoContext {
  const db: Db = client.db(dbName);
  const isDuplicate = (error: unknown) =>
    error instanceof driver.MongoServerError && (error as { code?: number }).code === 11000;
  /** Runs `work` in one transaction and answers what it answered. */
  const inTransaction = async <T>(work: (session: ClientSession) => Promise<T>): Promise<T> => {
    const session: ClientSession = client.startSession();
    try {
      let result: T | undefined;
      await session.withTransaction(async () => {
        result = await work(session);
      });
      return result as T;
    } finally {
      await session.endSession();
    }
  };
  return { client, db, isDuplicate, inTransaction };
}
