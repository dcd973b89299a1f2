// The MongoDB driver seam: the client options for serverless, one shared client per function
// instance, the driver classes a test double can stand in for, and the errors that mean an outage.
import { MongoClient, MongoServerError } from 'mongodb';

/**
 * Client options for serverless: each function instance holds one client with a small pool (15
 * functions × many instances share the cluster's connection limit), and a request fails fast
 * instead of hanging when the cluster cannot be reached.
 */
export const MONGO_CLIENT_OPTIONS = {
  maxPoolSize: 5,
  minPoolSize: 0,
  maxIdleTimeMS: 60_000,
  serverSelectionTimeoutMS: 4000,
  connectTimeoutMS: 4000,
  socketTimeoutMS: 10_000,
} as const;

/** The driver classes the adapter uses; the test double provides the same two. */
export interface MongoDriver {
  MongoClient: new (uri: string, options?: object) => MongoClient;
  MongoServerError: abstract new (...args: never[]) => Error;
}

/** The real driver. */
export const realDriver: MongoDriver = { MongoClient, MongoServerError };

// One client per function instance: serverless workers reuse it across invocations.
const clients = new Map<string, Promise<MongoClient>>();

/** The shared client for `uri` on `driver`, connecting it on first use. */
export function connect(uri: string, driver: MongoDriver): Promise<MongoClient> {
  const key = driver === realDriver ? uri : `${uri}#double`;
  let client = clients.get(key);
  if (!client) {
    client = new driver.MongoClient(uri, MONGO_CLIENT_OPTIONS).connect();
    client.catch(() => clients.delete(key));
    clients.set(key, client);
  }
  return client;
}

/**
 * The driver's outage errors (no server to select, a dropped connection, a closed topology): the
 * store is unreachable, which is not a bug of the call.
 */
export function mongoOutage(error: unknown): string | null {
  const name = (error as { name?: string } | null)?.name ?? '';
  return /^Mongo(ServerSelection|Network|Topology|NotConnected)/.test(name)
    ? `MongoDB unavailable: ${String(error)}`
    : null;
}
