import { createHash } from 'node:crypto';
import { lstat, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MAX_PHOTO_PIXELS, PHOTO_PATH, MIN_PHOTO_SIDE } from '../../lib/photos.ts';
import type { PhotoStore } from './photo-store/port.ts';

const FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** Whether `file` is `folder` itself or inside it (both already resolved). */
function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The real path of a photo named relative to the images folder, or the problem in words: a name
 * that leads out of the folder (`../private.png`), or a link inside it whose target (followed to
 * the end, as fs.realpath does) lies outside the folder's own real path, is refused, so an import
 * only ever copies files from inside the folder. A missing file is left to checkPhoto to report.
 */
export async function photoInFolder(
  folder: string,
  name: string,
): Promise<{ ok: true; file: string } | { ok: false; problem: string }> {
  const root = path.resolve(folder);
  const file = path.resolve(root, name);
  const outside = `outside the images folder ${root}`;
  if (!isInside(root, file)) return { ok: false, problem: `image ${name} is ${outside}` };
  let realRoot: string;
  let realFile: string;
  try {
    realRoot = await realpath(root);
    realFile = await realpath(file);
  } catch {
    // A dangling link is a link out of the folder as far as an import is concerned.
    const link = await lstat(file).then(
      (s) => s.isSymbolicLink(),
      () => false,
    );
    if (link) return { ok: false, problem: `image ${name} is a link to a file ${outside}` };
    return { ok: true, file };
  }
  if (!isInside(realRoot, realFile))
    return { ok: false, problem: `image ${name} is a link to a file ${outside}` };
  return { ok: true, file: realFile };
}

/** A photo that passed the checks, ready to be stored under its content address. */
export type CheckedPhoto = { file: string; name: string };

/**
 * Checks that `file` is a JPEG, PNG or WebP at least 800 px on its shorter side.
 * Returns the problem in words, or the content-addressed name it will be stored under.
 */
export async function checkPhoto(
  file: string,
  shown: string,
): Promise<{ ok: true; photo: CheckedPhoto } | { ok: false; problem: string }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return { ok: false, problem: `image ${shown} was not found` };
  }
  const checked = await checkPhotoBytes(bytes, shown);
  return checked.ok ? { ok: true, photo: { file, name: checked.name } } : checked;
}

/**
 * The checks of checkPhoto on bytes already read (the desk's upload): the problem in words, or the
 * content-addressed name and the size in pixels.
 */
export async function checkPhotoBytes(
  bytes: Uint8Array,
  shown: string,
): Promise<
  { ok: true; name: string; width: number; height: number } | { ok: false; problem: string }
> {
  let meta: Metadata;
  try {
    // Only the header is read, so sharp's pixel limit is lifted here and checked below, to say
    // "too large" rather than "not an image".
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: `image ${shown} is not a JPEG, PNG or WebP image` };
  }
  const ext = FORMATS[meta.format ?? ''];
  if (!ext)
    return {
      ok: false,
      problem: `image ${shown} is ${meta.format?.toUpperCase() ?? 'an unknown format'}; use JPEG, PNG or WebP`,
    };
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_PHOTO_PIXELS)
    return {
      ok: false,
      problem: `image ${shown} is ${width} × ${height} px, too large: at most ${MAX_PHOTO_PIXELS.toLocaleString('en-US')} pixels (16383 × 16383) can be processed`,
    };
  if (Math.min(width, height) < MIN_PHOTO_SIDE)
    return {
      ok: false,
      problem: `image ${shown} is ${width} × ${height} px; the shorter side must be at least ${MIN_PHOTO_SIDE} px`,
    };
  const name = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
  return { ok: true, name, width, height };
}

/** True when a stored path (`/photos/<sha256>.<ext>`) names an original already in the store. */
export async function storedPhotoExists(site: string, store: PhotoStore): Promise<boolean> {
  if (!PHOTO_PATH.test(site)) return false;
  return store.has(path.basename(site));
}

/**
 * Puts checked photos into the photo store, one at a time (a phone photo is a few MB). A name
 * already there is kept (same bytes, same name), so re-importing never duplicates.
 */
export async function storePhotos(
  photos: readonly CheckedPhoto[],
  store: PhotoStore,
): Promise<{ added: number; kept: number }> {
  let added = 0;
  let kept = 0;
  const done = new Set<string>();
  for (const { file, name } of photos) {
    if (done.has(name)) continue;
    done.add(name);
    if ((await store.put(name, await readFile(file))) === 'added') added += 1;
    else kept += 1;
  }
  return { added, kept };
}
