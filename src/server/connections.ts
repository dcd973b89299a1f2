// The connection settings in force: the owner's connections made from the desk's Settings (their
// keys sealed in the store) over the environment's variables. A connection the owner saved wins
// whole (none of its variables comes from the environment); one never saved, or removed, is the
// environment's as before, so a deployment configured by variables keeps working unchanged. A field
// that stands alone (Leopards' push secret) is the exception: saved, it replaces the environment's
// value of itself only, so an owner whose courier keys are variables can still set it here. The
// API addresses and timeouts (POSTEX_API_URL, …) stay the environment's: they are not the owner's.
import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../lib/desk-audit.ts';
import {
  CONNECTIONS,
  CONNECTION_NAMES,
  connectionFieldNames,
  isAloneField,
  savedWhole,
  type ConnectionName,
  type ConnectionSource,
} from '../lib/connections.ts';
import { checkVariable, isVariable, type Config } from './config.ts';
import { openSecretWithKeys, sealSecret, verifyingKeys } from './secret.ts';
import type { Store, StoredConnection, StoredConnections } from './store/port.ts';

/** What connection secrets are sealed for (src/server/secret.ts). */
export const CONNECTION_PURPOSE = 'bastaa-connection-secret-v1';

/** A connection's fields in clear, by variable name. */
export type OpenedConnection = Record<string, string>;

/** Whether `field` of `connection` is a secret (sealed at rest, write-only at the desk). */
export function isSecretField(connection: ConnectionName, field: string): boolean {
  return CONNECTIONS[connection].fields.some((f) => f.name === field && f.secret);
}

/** A connection's values with its secret fields sealed under the current key. */
export function sealConnection(
  connection: ConnectionName,
  values: OpenedConnection,
  signingKey: Uint8Array,
): StoredConnection {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      isSecretField(connection, field) ? sealSecret(value, signingKey, CONNECTION_PURPOSE) : value,
    ]),
  );
}

/** One stored connection opened: its values, whether an older key sealed any, and what no key opens. */
export function openConnection(
  connection: ConnectionName,
  stored: StoredConnection,
  keys: readonly Uint8Array[],
): { values: OpenedConnection; stale: boolean; unreadable: string[] } {
  const values: OpenedConnection = {};
  const unreadable: string[] = [];
  let stale = false;
  for (const field of connectionFieldNames(connection)) {
    const value = stored[field];
    if (typeof value !== 'string') continue;
    if (!isSecretField(connection, field)) {
      values[field] = value;
      continue;
    }
    const opened = openSecretWithKeys(value, keys, CONNECTION_PURPOSE);
    if (!opened) unreadable.push(field);
    else {
      values[field] = opened.secret;
      stale ||= opened.stale;
    }
  }
  return { values, stale, unreadable };
}

/**
 * `config` with each connection the owner saved in place of the environment's: every variable of
 * such a connection comes from the saved values (absent ones take their defaults; one that breaks
 * its rule, as a hand-edited record could, counts as unset). A field that stands alone replaces the
 * environment's only when it is saved itself.
 */
export function withConnections(
  config: Config,
  opened: Partial<Record<ConnectionName, OpenedConnection>>,
): Config {
  const overlay: Record<string, unknown> = {};
  for (const connection of CONNECTION_NAMES) {
    const values = opened[connection];
    if (!values) continue;
    const whole = savedWhole(connection, values);
    for (const field of connectionFieldNames(connection)) {
      if (!isVariable(field)) continue;
      if (isAloneField(connection, field) ? values[field] === undefined : !whole) continue;
      const checked = checkVariable(field, values[field]);
      overlay[field] = checked.ok ? checked.value : undefined;
    }
  }
  return { ...config, ...overlay } as Config;
}

/**
 * Where `field` of `connection` comes from, given the owner's saved record (sealed or opened: only
 * which fields it holds matters) and the configuration in force (or the environment's variables as
 * they are): the desk's Settings, the environment, or nowhere (unset). Without `field`, the connection's own source (its fields that do
 * not stand alone): the desk once any of them is saved there, else the environment when any of its
 * secrets is set.
 */
export function connectionSource(
  connection: ConnectionName,
  saved: Readonly<Record<string, unknown>> | undefined,
  config: Readonly<Record<string, unknown>>,
  field?: string,
): ConnectionSource {
  if (field !== undefined && isAloneField(connection, field)) {
    if (saved?.[field]) return 'desk';
    return config[field] ? 'environment' : 'none';
  }
  if (savedWhole(connection, saved)) return 'desk';
  if (field !== undefined) return config[field] ? 'environment' : 'none';
  const secrets = CONNECTIONS[connection].fields.filter((f) => f.secret && !f.alone);
  return secrets.some((f) => config[f.name]) ? 'environment' : 'none';
}

/** How long one function instance keeps the stored connections before reading them again. */
export const CONNECTIONS_CACHE_MS = 30_000;

let cached: { store: Store; at: number; stored: StoredConnections } | null = null;

/**
 * The owner's stored connections, read at most every CONNECTIONS_CACHE_MS per instance (every call
 * needs them, and a read is a round trip on MongoDB); a save on this instance reads afresh at once.
 */
export async function storedConnections(store: Store): Promise<StoredConnections> {
  const now = Date.now();
  if (cached?.store === store && now - cached.at < CONNECTIONS_CACHE_MS) return cached.stored;
  const stored = await store.connections.get();
  cached = { store, at: now, stored };
  return stored;
}

/** Forgets the cached connections: the next call reads the store (after the owner saves). */
export function forgetConnections(): void {
  cached = null;
}

/**
 * The configuration in force: `config` (the environment's) with the owner's saved connections over
 * it, their secrets opened with the current or the previous JWT_SECRET. Every courier, WhatsApp
 * and wallet adapter is built from this (src/server/deps.ts getDeps, doctor).
 */
export async function effectiveConfig(store: Store, config: Config): Promise<Config> {
  const stored = await storedConnections(store);
  const keys = verifyingKeys(config);
  const opened: Partial<Record<ConnectionName, OpenedConnection>> = {};
  for (const connection of CONNECTION_NAMES) {
    const record = stored[connection];
    if (record) opened[connection] = openConnection(connection, record, keys).values;
  }
  return withConnections(config, opened);
}

/** What a re-seal of the connections did: those moved to the current secret, and fields no key opens. */
export interface ConnectionResealReport {
  resealed: ConnectionName[];
  unreadable: string[];
}

/**
 * Re-seals under the current JWT_SECRET every saved connection an older one sealed (a rotation:
 * `npm run shop -- staff reseal`), so JWT_SECRET_PREVIOUS can then be dropped. A field no key opens
 * is named and left as it is.
 */
export async function resealConnectionSecrets(
  store: Store,
  config: Pick<Config, 'JWT_SECRET' | 'JWT_SECRET_PREVIOUS' | 'DATA_DIR'>,
): Promise<ConnectionResealReport> {
  const keys = verifyingKeys(config);
  const report: ConnectionResealReport = { resealed: [], unreadable: [] };
  const stored = await store.connections.get();
  for (const connection of CONNECTION_NAMES) {
    const record = stored[connection];
    if (!record) continue;
    const opened = openConnection(connection, record, keys);
    report.unreadable.push(...opened.unreadable);
    if (!opened.stale) continue;
    // Fields no key opens stay sealed as they were; the others move to the current key.
    const resealed = { ...record, ...sealConnection(connection, opened.values, keys[0]!) };
    await store.connections.save(connection, resealed);
    report.resealed.push(connection);
    await store.audit.append({
      id: randomUUID(),
      at: new Date().toISOString(),
      actor: { id: 'cli', email: 'operator (npm run shop)' },
      action: 'connections.reseal' satisfies AuditAction,
      target: `connection:${connection}`,
      before: { sealedWith: 'JWT_SECRET_PREVIOUS' },
      after: { sealedWith: 'JWT_SECRET' },
    });
  }
  forgetConnections();
  return report;
}

/**
 * The connections the owner made in the desk with every required field (secrets not opened: a
 * build has no need of them), for the pages a build renders (the checkout asks the CNIC digits of
 * a wallet connected here). None when the store cannot be read.
 */
export async function connectedInDesk(openStore: () => Promise<Store>): Promise<ConnectionName[]> {
  try {
    const stored = await (await openStore()).connections.get();
    return CONNECTION_NAMES.filter((name) => {
      const record = stored[name];
      return (
        savedWhole(name, record) &&
        CONNECTIONS[name].fields.every((f) => !f.required || Boolean(record![f.name]))
      );
    });
  } catch {
    return [];
  }
}
