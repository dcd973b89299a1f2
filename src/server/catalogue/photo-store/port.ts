// The photo store: where imported originals live, named by the SHA-256 of their bytes. The build
// reads them, the CLI import (and later the desk) writes them. Two adapters: a local folder
// (folder.ts, under `npm start` and the tests) and Netlify Blobs (blobs.ts, in production).
import { createHash } from 'node:crypto';

/** An original's name in the store: its SHA-256 and its format, as in `/photos/<name>`. */
export const PHOTO_NAME = /^([0-9a-f]{64})\.(jpg|png|webp)$/;

/** Where originals are kept. Every method refuses a name that is not `<sha256>.<jpg|png|webp>`. */
export interface PhotoStore {
  /** Where the originals are, in words, for messages ("the folder /…/.data/photos"). */
  readonly where: string;
  /**
   * Stores `bytes` under `name`, whose hash must be their SHA-256. A name already present is kept
   * as it is (same name, same bytes): `'kept'`; otherwise `'added'`. A reader never sees a
   * half-written original under its final name.
   */
  put(name: string, bytes: Uint8Array): Promise<'added' | 'kept'>;
  /** The original's bytes, or null when the store does not hold it. */
  get(name: string): Promise<Buffer | null>;
  /** Whether the store holds the original. */
  has(name: string): Promise<boolean>;
  /** Every original's name, sorted. */
  list(): Promise<string[]>;
}

/** Throws unless `name` is a photo name: no path, no other extension, nothing to escape with. */
export function assertPhotoName(name: string): void {
  if (typeof name !== 'string' || !PHOTO_NAME.test(name))
    throw new TypeError(
      `${JSON.stringify(name)} is not a photo name (<sha256>.jpg, .png or .webp)`,
    );
}

/** Throws unless `bytes` hash to the name's SHA-256: a content name never lies about content. */
export function assertContentName(name: string, bytes: Uint8Array): void {
  assertPhotoName(name);
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (!name.startsWith(`${hash}.`))
    throw new TypeError(`${name} does not match its bytes (their SHA-256 is ${hash})`);
}
