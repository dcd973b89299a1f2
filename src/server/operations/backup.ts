// Backups of the store: `npm run shop -- backup export <folder>` writes each backed-up
// collection (src/server/store/collections.ts) as JSON lines, one record a line, with a manifest
// naming the collections, their counts and SHA-256 checksums, when and from which kind of store;
// `backup restore <folder>` checks all of that before it writes anything, and loads the records
// into an empty store only. Records are raw (SQLite rows, MongoDB documents): a restore puts back
// exactly what was stored, into the same kind of store.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { BACKED_UP, isBackedUp } from '../store/collections.ts';
import type { Store } from '../store/port.ts';

/** What the manifest's `format` says, so a stray manifest.json is never taken for a backup. */
export const BACKUP_FORMAT = 'bastaa-shop-backup';
/** The layout of the records; a restore refuses a backup of another version. */
export const BACKUP_SCHEMA_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  schemaVersion: z.number(),
  createdAt: z.string(),
  store: z.enum(['sqlite', 'mongo']),
  collections: z.array(
    z.object({ name: z.string(), file: z.string(), count: z.number(), sha256: z.string() }),
  ),
});

/** The manifest of a backup folder. */
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A backup that cannot be made or restored; `problems` has one line each, saying what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

// MongoDB documents may hold Dates (the TTL fields); JSON keeps them as {"$date": "…"}.
function encode(record: Record<string, unknown>): string {
  return JSON.stringify(record, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : value;
  });
}

function decode(line: string): Record<string, unknown> {
  return JSON.parse(line, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const date = (value as { $date?: unknown }).$date;
      if (keys.length === 1 && typeof date === 'string') return new Date(date);
    }
    return value;
  }) as Record<string, unknown>;
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** Writes every backed-up collection of `store` into `folder` (new or empty); answers the manifest. */
export async function exportBackup(
  store: Store,
  folder: string,
  now = new Date(),
): Promise<BackupManifest> {
  await mkdir(folder, { recursive: true });
  const present = await readdir(folder);
  if (present.length > 0)
    throw new BackupError([
      `${folder} is not empty (${present.length} entries): export into a new or empty folder, so no older backup is mixed in.`,
    ]);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    schemaVersion: BACKUP_SCHEMA_VERSION,
    createdAt: now.toISOString(),
    store: store.kind,
    collections: [],
  };
  for (const name of BACKED_UP) {
    const records = await store.backup.read(name);
    const text = records.map((r) => `${encode(r)}\n`).join('');
    const file = `${name}.jsonl`;
    await writeFile(path.join(folder, file), text);
    manifest.collections.push({ name, file, count: records.length, sha256: sha256(text) });
  }
  await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads and checks a backup folder: the manifest, every file's checksum and count. */
export async function readBackup(
  folder: string,
): Promise<{ manifest: BackupManifest; records: Map<string, Record<string, unknown>[]> }> {
  let raw: string;
  try {
    raw = await readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError([
      `${folder} has no ${MANIFEST_FILE}: name the folder \`backup export\` wrote.`,
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BackupError([`${MANIFEST_FILE} is not valid JSON: the backup is damaged.`]);
  }
  const checked = manifestSchema.safeParse(parsed);
  if (!checked.success)
    throw new BackupError([`${MANIFEST_FILE} is not a shop backup's manifest.`]);
  const manifest = checked.data;
  if (manifest.schemaVersion !== BACKUP_SCHEMA_VERSION)
    throw new BackupError([
      `This backup has schema version ${manifest.schemaVersion}; this shop restores version ${BACKUP_SCHEMA_VERSION}.`,
    ]);
  const problems: string[] = [];
  const records = new Map<string, Record<string, unknown>[]>();
  for (const entry of manifest.collections) {
    if (!isBackedUp(entry.name) || entry.file !== `${entry.name}.jsonl`) {
      problems.push(`${entry.name}: not a collection this shop backs up.`);
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(folder, entry.file));
    } catch {
      problems.push(`${entry.file}: missing from ${folder}.`);
      continue;
    }
    if (sha256(bytes) !== entry.sha256) {
      problems.push(
        `${entry.file}: checksum does not match the manifest; the file was changed or damaged. Restore from another copy.`,
      );
      continue;
    }
    const lines = bytes.toString('utf8').split('\n').filter(Boolean);
    if (lines.length !== entry.count) {
      problems.push(`${entry.file}: ${lines.length} records, the manifest says ${entry.count}.`);
      continue;
    }
    records.set(entry.name, lines.map(decode));
  }
  if (problems.length > 0) throw new BackupError([...problems, 'Nothing was restored.']);
  return { manifest, records };
}

/**
 * Loads a checked backup into `store`, which must be of the backup's kind and empty in every
 * backed-up collection; answers the count restored per collection. Nothing is written unless
 * every check passes.
 */
export async function restoreBackup(store: Store, folder: string): Promise<Record<string, number>> {
  const { manifest, records } = await readBackup(folder);
  if (manifest.store !== store.kind)
    throw new BackupError([
      `This backup was made from a ${manifest.store} store; restore it into a ${manifest.store} store (this one is ${store.kind}).`,
    ]);
  const occupied: string[] = [];
  for (const name of BACKED_UP) {
    const count = await store.backup.count(name);
    if (count > 0) occupied.push(`${name} ${count}`);
  }
  if (occupied.length > 0)
    throw new BackupError([
      `The store is not empty (${occupied.join(', ')}): restore only into an empty store (a new MongoDB database, or a new DATA_DIR). Nothing was restored.`,
    ]);
  const restored: Record<string, number> = {};
  for (const [name, list] of records) {
    await store.backup.write(name, list);
    restored[name] = list.length;
  }
  return restored;
}
