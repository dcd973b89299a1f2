// `npm run shop -- catalogue import <file> [--images <folder>]`: JSON or CSV, photos checked and
// stored by content, all or nothing. Kept apart from catalogue.ts so functions never load sharp.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_PATH } from '../../lib/photos.ts';
import type { Product } from '../../lib/product.ts';
import type { ProductState, Store } from '../store/port.ts';
import { archiveProduct } from './live-stock.ts';
import { importCatalogue, readCatalogueFile, validateCatalogue } from './catalogue.ts';
import { csvToCatalogue } from './catalogue-csv.ts';
import {
  checkPhoto,
  photoInFolder,
  photosDir,
  storedPhotoExists,
  storePhotos,
  type CheckedPhoto,
} from './photos.ts';

/** Where an import reads photos from and stores them. */
export type PhotoOptions = {
  images?: string;
  photos?: string;
  // live-stock (issue 23): --replace
  /**
   * The sheet is the whole catalogue: live products missing from it are archived, after
   * `announce` was told which (before anything is written, once every check passed).
   */
  replace?: { announce: (missing: readonly ProductState[]) => void };
};

/** Outcome of a file import: counts, or every problem one line each (and nothing written). */
export type FileImportResult =
  | {
      ok: true;
      inserted: number;
      updated: number;
      photosAdded: number;
      photosKept: number;
      /** live-stock: ids archived by --replace (only with it). */
      archived?: string[];
    }
  | { ok: false; errors: string[] };

/** Reads a catalogue file: `.csv` as the spreadsheet form, anything else as JSON. */
export async function readAnyCatalogue(
  file: string,
): Promise<{ ok: true; data: unknown } | { ok: false; errors: string[] }> {
  if (path.extname(file).toLowerCase() !== '.csv') return readCatalogueFile(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { ok: false, errors: [`cannot read ${file}: ${(error as Error).message}`] };
  }
  return csvToCatalogue(text);
}

type Record_ = { _id?: unknown; colorImages?: { images?: unknown }[] };

/**
 * Replaces every photo file name in the records with its stored path (`/photos/<sha256>.<ext>`),
 * collecting one problem line per bad image. Site paths (`/images/…`) pass as before; a stored
 * path must name an original that is already in the photo store.
 */
async function resolvePhotos(
  data: unknown,
  folder: string,
  store: string,
): Promise<{ photos: CheckedPhoto[]; errors: string[]; fields: string[] }> {
  const photos: CheckedPhoto[] = [];
  const errors: string[] = [];
  // Schema lines about these fields would repeat a photo problem already reported.
  const fields: string[] = [];
  if (!Array.isArray(data)) return { photos, errors, fields };
  const checked = new Map<string, Awaited<ReturnType<typeof checkPhoto>>>();
  for (const [index, record] of (data as Record_[]).entries()) {
    if (!record || !Array.isArray(record.colorImages)) continue;
    const id = typeof record._id === 'string' ? ` (_id "${record._id}")` : '';
    for (const [c, variant] of record.colorImages.entries()) {
      if (!variant || !Array.isArray(variant.images)) continue;
      const images = variant.images as unknown[];
      for (const [n, name] of images.entries()) {
        if (typeof name !== 'string' || name === '') continue;
        if (name.startsWith('/')) {
          if (PHOTO_PATH.test(name) && !(await storedPhotoExists(name, store)))
            errors.push(`record ${index + 1}${id}: image ${name} is not in ${store}`);
          continue;
        }
        const inFolder = await photoInFolder(folder, name);
        if (!inFolder.ok) {
          errors.push(`record ${index + 1}${id}: ${inFolder.problem}`);
          fields.push(`record ${index + 1}${id}: colorImages.${c}.images.${n}: `);
          continue;
        }
        const file = inFolder.file;
        let result = checked.get(file);
        if (!result) checked.set(file, (result = await checkPhoto(file, name)));
        if (!result.ok) {
          errors.push(`record ${index + 1}${id}: ${result.problem}`);
          fields.push(`record ${index + 1}${id}: colorImages.${c}.images.${n}: `);
          continue;
        }
        photos.push(result.photo);
        images[n] = `/photos/${result.photo.name}`;
      }
    }
  }
  return { photos, errors, fields };
}

/**
 * Imports a catalogue file with its photos: every record validated, every photo checked; when any
 * problem remains nothing is written, neither products nor photos.
 */
export async function importCatalogueFile(
  store: Store,
  file: string,
  options: PhotoOptions = {},
): Promise<FileImportResult> {
  const read = await readAnyCatalogue(file);
  if (!read.ok) return read;
  const folder = path.resolve(options.images ?? path.dirname(file));
  const photoStore = options.photos ?? photosDir();
  const { photos, errors, fields } = await resolvePhotos(read.data, folder, photoStore);
  const checked = validateCatalogue(read.data);
  if (!checked.ok)
    errors.push(...checked.errors.filter((e) => !fields.some((f) => e.startsWith(f))));
  if (errors.length > 0 || !checked.ok) return { ok: false, errors };
  const missing = options.replace ? await missingFrom(store, checked.products) : [];
  options.replace?.announce(missing);
  const { added, kept } = await storePhotos(photos, photoStore);
  const result = await importCatalogue(store, read.data);
  if (!result.ok) return result;
  // Each archive is its own audited write by the operator (CLI), as the desk's archive is.
  for (const state of missing) await archiveProduct(store, null, { productId: state.product._id });
  return {
    ...result,
    photosAdded: added,
    photosKept: kept,
    ...(options.replace ? { archived: missing.map((s) => s.product._id) } : {}),
  };
}

// live-stock (issue 23)
/** The live products a sheet leaves out, in catalogue order. */
async function missingFrom(store: Store, sheet: readonly Product[]): Promise<ProductState[]> {
  const ids = new Set(sheet.map((p) => p._id));
  return (await store.products.states()).filter(
    (s) => s.archivedAt === null && !ids.has(s.product._id),
  );
}
