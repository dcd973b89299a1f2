// Backups of the store: `npm run shop -- backup export <folder>` writes each backed-up
// collection (src/server/store/collections.ts) as JSON lines, one record a line, with a manifest
// naming the collections, their counts and SHA-256 checksums, when and from which kind of store,
// signed with a key derived from the shop's secret. `backup restore <folder>` checks all of that
// before it writes anything (the signature first: checksums beside the data prove nothing on
// their own), and loads the records into an empty store only. Records are raw (SQLite rows,
// MongoDB documents): a restore puts back exactly what was stored, into the same kind of store.
// docs/operations-backups.md says what this protects against and what it does not.
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, privateFolder } from '../private-files.ts';
import { BACKED_UP, isBackedUp } from '../store/collections.ts';
import type { Store } from '../store/port.ts';

/** What the manifest's `format` says, so a stray manifest.json is never taken for a backup. */
export const BACKUP_FORMAT = 'bastaa-shop-backup';
/** The layout of the records; a restore refuses a backup of another version. */
export const BACKUP_SCHEMA_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

/** How a manifest is signed: HMAC-SHA256 under a key derived from the shop's secret. */
export const SIGNATURE_ALGORITHM = 'HMAC-SHA256';

const signatureSchema = z.object({
  alg: z.literal(SIGNATURE_ALGORITHM),
  keyId: z.string(),
  value: z.string(),
});

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  schemaVersion: z.number(),
  createdAt: z.string(),
  store: z.enum(['sqlite', 'mongo']),
  collections: z.array(
    z.object({ name: z.string(), file: z.string(), count: z.number(), sha256: z.string() }),
  ),
  signature: z.optional(signatureSchema),
});

/** The manifest of a backup folder. */
export type BackupManifest = z.infer<typeof manifestSchema>;

/**
 * The shop's secrets that sign and check backups: the current one first (it signs), then any
 * earlier one still accepted during a rotation (JWT_SECRET, then JWT_SECRET_PREVIOUS).
 */
export type BackupKeys = readonly Uint8Array[];

/** The manifest-signing key of one shop secret: its own derivation, so it is never the token key. */
function manifestKey(secret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bastaa-backup', 'manifest-signature-v1', 32));
}

/** Names a signing key without telling anything about it (a label of its own, 64 bits). */
const keyIdOf = (key: Buffer) =>
  createHash('sha256')
    .update('bastaa-backup-key-id\0')
    .update(key)
    .digest()
    .subarray(0, 8)
    .toString('base64url');

/** JSON with every object's keys sorted: the bytes a signature covers. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const macOf = (key: Buffer, body: unknown) =>
  createHmac('sha256', key).update(canonical(body)).digest('base64url');

/** `manifest` (its signature, if any, replaced) signed with `secret`. */
export function signManifest(
  manifest: Omit<BackupManifest, 'signature'> & { signature?: unknown },
  secret: Uint8Array,
): BackupManifest {
  const { signature: _old, ...body } = manifest;
  const key = manifestKey(secret);
  return {
    ...(body as Omit<BackupManifest, 'signature'>),
    signature: { alg: SIGNATURE_ALGORITHM, keyId: keyIdOf(key), value: macOf(key, body) },
  };
}

/**
 * Why a manifest as read from disk (every field it holds, known or not) is not one this shop
 * signed, or null when one of `secrets` signed it as it stands.
 */
function signatureProblem(raw: Record<string, unknown>, secrets: BackupKeys): string | null {
  const { signature, ...body } = raw;
  const checked = signatureSchema.safeParse(signature);
  if (signature === undefined)
    return `${MANIFEST_FILE} is not signed: this shop cannot tell where the backup came from or whether it was changed. Restore a backup \`backup export\` made, which signs it.`;
  if (!checked.success) return `${MANIFEST_FILE} has a damaged signature.`;
  const key = secrets.map(manifestKey).find((k) => keyIdOf(k) === checked.data.keyId);
  if (!key)
    return `${MANIFEST_FILE} is signed with another key, not this shop's secret: it was signed again elsewhere, or the shop that made it had another JWT_SECRET. Set JWT_SECRET (and JWT_SECRET_PREVIOUS during a rotation) to the secret of the shop that made the backup (without JWT_SECRET: copy its DATA_DIR/jwt-secret).`;
  const expected = Buffer.from(macOf(key, body));
  const given = Buffer.from(checked.data.value);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return `${MANIFEST_FILE} was changed after it was signed: its collections, counts or checksums are not the ones the shop wrote.`;
  return null;
}

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

/**
 * Writes every backed-up collection of `store` into `folder` (new or empty, made its owner's only),
 * each file its owner's only, and the manifest signed with the first of `keys`; answers the manifest.
 */
export async function exportBackup(
  store: Store,
  folder: string,
  keys: BackupKeys,
  now = new Date(),
): Promise<BackupManifest> {
  const signing = keys[0];
  if (!signing) throw new Error('exportBackup needs the key that signs the manifest');
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const present = await readdir(folder);
  if (present.length > 0)
    throw new BackupError([
      `${folder} is not empty (${present.length} entries): export into a new or empty folder, so no older backup is mixed in.`,
    ]);
  // The files hold customers, addresses, password hashes, sealed keys and bank details.
  await privateFolder(folder);
  const manifest: Omit<BackupManifest, 'signature'> = {
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
    await writeFile(path.join(folder, file), text, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    manifest.collections.push({ name, file, count: records.length, sha256: sha256(text) });
  }
  const signed = signManifest(manifest, signing);
  await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(signed, null, 2)}\n`, {
    mode: PRIVATE_FILE_MODE,
    flag: 'wx',
  });
  return signed;
}

/**
 * Reads and checks a backup folder: the manifest's signature under one of `keys`, that it lists
 * every collection this shop backs up, that it comes from the kind of store it goes `into`, and
 * every file's checksum and count.
 */
export async function readBackup(
  folder: string,
  keys: BackupKeys,
  into?: Store['kind'],
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
  const unsigned = signatureProblem(parsed as Record<string, unknown>, keys);
  if (unsigned) throw new BackupError([unsigned, 'Nothing was restored.']);
  const listed = manifest.collections.map((c) => c.name);
  const missing = BACKED_UP.filter((name) => !listed.includes(name));
  const twice = listed.filter((name, i) => listed.indexOf(name) !== i);
  if (missing.length > 0 || twice.length > 0)
    throw new BackupError([
      ...(missing.length > 0
        ? [`The backup is incomplete: it lacks ${missing.join(', ')}. Restore a whole backup.`]
        : []),
      ...(twice.length > 0 ? [`${MANIFEST_FILE} lists ${twice.join(', ')} twice.`] : []),
      'Nothing was restored.',
    ]);
  if (into && manifest.store !== into)
    throw new BackupError([
      `This backup was made from a ${manifest.store} store; restore it into a ${manifest.store} store (this one is ${into}).`,
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
 * Loads a backup `keys` prove this shop made (readBackup) into `store`, which must be of the
 * backup's kind and empty in every backed-up collection; answers the count restored per collection. Nothing is written unless
 * every check passes.
 */
export async function restoreBackup(
  store: Store,
  folder: string,
  keys: BackupKeys,
): Promise<Record<string, number>> {
  const { records } = await readBackup(folder, keys, store.kind);
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
