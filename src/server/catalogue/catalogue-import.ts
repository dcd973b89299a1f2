// `npm run shop -- catalogue import <file> [--images <folder>]`: JSON or CSV, photos checked and
// stored by content, all or nothing. Kept apart from catalogue.ts so functions never load sharp.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_PATH } from '../../lib/photos.ts';
import type { Product } from '../../lib/product.ts';
import { openPhotoStore, type PhotoStore } from './photo-store/index.ts';
import type { ProductState, Store } from '../store/port.ts';
import { archiveProduct } from './live-stock.ts';
import {
  importCatalogue,
  jsonRecordLabel,
  readCatalogueFile,
  validateCatalogue,
} from './catalogue.ts';
import { csvToCatalogue, decodeSheet } from './catalogue-csv-read.ts';
import {
  checkPhoto,
  photoInFolder,
  storedPhotoExists,
  storePhotos,
  type CheckedPhoto,
} from './photos.ts';

/** Where an import reads photos from (a folder) and stores them (the environment's photo store). */
export type PhotoOptions = {
  images?: string;
  photos?: PhotoStore;
  // live-stock: --replace
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
      warnings: string[];
      /** Ids archived by --replace (only with it). */
      archived?: string[];
    }
  | { ok: false; errors: string[]; warnings: string[] };

/** A catalogue file read: its records, how a line names a record or a colour's row, warnings. */
export type ReadCatalogue =
  | {
      ok: true;
      data: unknown;
      record: (index: number) => string;
      colour: (index: number, colour: number) => string;
      warnings: string[];
    }
  | { ok: false; errors: string[]; warnings: string[] };

/**
 * Reads a catalogue file: `.csv` as the spreadsheet form (rows named as a spreadsheet shows them),
 * anything else as JSON (records named `record N`), which must be UTF-8.
 */
export async function readAnyCatalogue(file: string): Promise<ReadCatalogue> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return {
      ok: false,
      errors: [`cannot read ${file}: ${(error as Error).message}`],
      warnings: [],
    };
  }
  if (path.extname(file).toLowerCase() !== '.csv') {
    const json = await readCatalogueFile(file);
    if (!json.ok) return { ...json, warnings: [] };
    if (decodeSheet(bytes).warning)
      return { ok: false, errors: [`${file} is not UTF-8 text; save it as UTF-8`], warnings: [] };
    const record = (index: number) => jsonRecordLabel(index, json.data);
    return { ok: true, data: json.data, record, colour: record, warnings: [] };
  }
  const decoded = decodeSheet(bytes);
  const csv = csvToCatalogue(decoded.text);
  const warnings = [...(decoded.warning ? [decoded.warning] : []), ...csv.warnings];
  if (!csv.ok) return { ok: false, errors: csv.errors, warnings };
  const ids = csv.data.map((r) => (r as { _id: string })._id);
  return {
    ok: true,
    data: csv.data,
    record: (index) => `row ${csv.rows[index]?.[0]} (_id "${ids[index]}")`,
    colour: (index, colour) => `row ${csv.rows[index]?.[colour]}, images`,
    warnings,
  };
}

type Record_ = { _id?: unknown; colorImages?: { images?: unknown }[] };

/**
 * Replaces every photo file name in the records with its stored path (`/photos/<sha256>.<ext>`),
 * collecting one problem line per bad image. Site paths (`/images/…`) pass as before; a stored
 * path must name an original that is already in the photo store.
 */
async function resolvePhotos(
  { data, record: named, colour: where }: Extract<ReadCatalogue, { ok: true }>,
  folder: string,
  store: PhotoStore,
): Promise<{ photos: CheckedPhoto[]; errors: string[]; fields: string[]; missing: number }> {
  const photos: CheckedPhoto[] = [];
  const errors: string[] = [];
  let missing = 0;
  // Schema lines about these fields would repeat a photo problem already reported.
  const fields: string[] = [];
  if (!Array.isArray(data)) return { photos, errors, fields, missing };
  const checked = new Map<string, Awaited<ReturnType<typeof checkPhoto>>>();
  for (const [index, record] of (data as Record_[]).entries()) {
    if (!record || !Array.isArray(record.colorImages)) continue;
    for (const [c, variant] of record.colorImages.entries()) {
      if (!variant || !Array.isArray(variant.images)) continue;
      const images = variant.images as unknown[];
      for (const [n, name] of images.entries()) {
        if (typeof name !== 'string' || name === '') continue;
        if (name.startsWith('/')) {
          if (PHOTO_PATH.test(name) && !(await storedPhotoExists(name, store)))
            errors.push(`${where(index, c)}: image ${name} is not in ${store.where}`);
          continue;
        }
        const inFolder = await photoInFolder(folder, name);
        if (!inFolder.ok) {
          errors.push(`${where(index, c)}: ${inFolder.problem}`);
          fields.push(`${named(index)}: colorImages.${c}.images.${n}: `);
          continue;
        }
        const file = inFolder.file;
        let result = checked.get(file);
        if (!result) checked.set(file, (result = await checkPhoto(file, name)));
        if (!result.ok) {
          if (result.problem.endsWith(' was not found')) missing += 1;
          errors.push(`${where(index, c)}: ${result.problem}`);
          fields.push(`${named(index)}: colorImages.${c}.images.${n}: `);
          continue;
        }
        photos.push(result.photo);
        images[n] = `/photos/${result.photo.name}`;
      }
    }
  }
  return { photos, errors, fields, missing };
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
  const { warnings } = read;
  const folder = path.resolve(options.images ?? path.dirname(file));
  const photoStore = options.photos ?? openPhotoStore();
  const { photos, errors, fields, missing } = await resolvePhotos(read, folder, photoStore);
  const checked = validateCatalogue(read.data, read.record);
  if (!checked.ok)
    errors.push(...checked.errors.filter((e) => !fields.some((f) => e.startsWith(f))));
  if (missing > 0 && options.images === undefined) errors.push(imagesHint(folder));
  if (errors.length > 0 || !checked.ok) return { ok: false, errors, warnings };
  const leftOut = options.replace ? await missingFrom(store, checked.products) : [];
  options.replace?.announce(leftOut);
  const { added, kept } = await storePhotos(photos, photoStore);
  const result = await importCatalogue(store, read.data);
  if (!result.ok) return { ...result, warnings };
  // Each archive is its own audited write by the operator (CLI), as the desk's archive is.
  for (const state of leftOut) await archiveProduct(store, null, { productId: state.product._id });
  return {
    ...result,
    photosAdded: added,
    photosKept: kept,
    warnings,
    ...(options.replace ? { archived: leftOut.map((s) => s.product._id) } : {}),
  };
}

/** The one hint after photos were not found where an import looked without `--images`. */
export function imagesHint(folder: string): string {
  return `Photos were looked for beside the file, in ${folder}; pass --images <folder> to name the folder that holds them.`;
}
/** The live products a sheet leaves out, in catalogue order. */
async function missingFrom(store: Store, sheet: readonly Product[]): Promise<ProductState[]> {
  const ids = new Set(sheet.map((p) => p._id));
  return (await store.products.states()).filter(
    (s) => s.archivedAt === null && !ids.has(s.product._id),
  );
}
