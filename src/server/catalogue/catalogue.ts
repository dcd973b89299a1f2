import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ListProduct, ProductListAnswer } from '../../lib/contract/responses.ts';
import { colourProblems, quoted } from '../../lib/catalogue-sheet.ts';
import { catalogueSchema, type Product } from '../../lib/product.ts';
import '../zod-english.ts';
import type { Store } from '../store/port.ts';
import { publishedList } from './published.ts';

/** The catalogue file the store is seeded from on first run. */
export const DEMO_CATALOGUE_FILE = path.resolve('data/catalogue.json');

/** Outcome of validating and importing a catalogue. */
export type ImportResult =
  { ok: true; inserted: number; updated: number } | { ok: false; errors: string[] };

/** How a problem line names a record: `record 2 (_id "bag-b")` for a JSON file. */
export type RecordLabel = (index: number, data: unknown) => string;

/** A JSON file's records are named by their place in the list and their id. */
export const jsonRecordLabel: RecordLabel = (index, data) => {
  const record = Array.isArray(data) ? (data[index] as { _id?: unknown } | undefined) : undefined;
  const id = typeof record?._id === 'string' ? ` (_id "${record._id}")` : '';
  return `record ${index + 1}${id}`;
};

/** Validates a whole catalogue; every bad record gets its own readable line. */
export function validateCatalogue(
  data: unknown,
  label: RecordLabel = jsonRecordLabel,
): { ok: true; products: Product[] } | { ok: false; errors: string[] } {
  const parsed = catalogueSchema.safeParse(data);
  const errors = (parsed.error?.issues ?? []).map((issue) => {
    const [index, ...field] = issue.path;
    if (typeof index !== 'number') return `catalogue: ${issue.message}`;
    return `${label(index, data)}: ${field.join('.') || 'record'}: ${typedProblem(issue, data)}`;
  });
  if (Array.isArray(data))
    data.forEach((record, i) => {
      for (const { index, problem } of colourProblems(record))
        errors.push(`${label(i, data)}: colorImages.${index}.color: ${problem}`);
    });
  if (parsed.success && errors.length === 0) return { ok: true, products: parsed.data };
  return { ok: false, errors };
}

/**
 * An issue's message with the value that was given, when it is a plain value: an enum names what
 * is accepted (`'Wallets' is not one of handbags, bagpacks, sleeves`), a number or text out of
 * its range or of the wrong type is quoted before the rule.
 */
function typedProblem(
  issue: { code: string; path: PropertyKey[]; message: string; values?: unknown[] },
  data: unknown,
): string {
  let value: unknown = data;
  for (const key of issue.path) value = (value as Record<PropertyKey, unknown> | null)?.[key];
  if (!['string', 'number', 'boolean'].includes(typeof value)) return issue.message;
  const typed = typeof value === 'string' ? quoted(value) : String(value);
  if (issue.code === 'invalid_value' && issue.values)
    return `${typed} is not one of ${issue.values.join(', ')}`;
  if (['invalid_type', 'too_small', 'too_big'].includes(issue.code))
    return `${typed} refused: ${issue.message}`;
  return issue.message;
}

/** Validates and upserts a catalogue; nothing is written when any record is bad. */
export async function importCatalogue(store: Store, data: unknown): Promise<ImportResult> {
  const checked = validateCatalogue(data);
  if (!checked.ok) return checked;
  const { inserted, updated } = await store.products.upsertMany(checked.products);
  listed = null;
  return { ok: true, inserted, updated };
}

/** Reads and parses a catalogue JSON file, reporting unreadable or malformed files as errors. */
export async function readCatalogueFile(
  file: string,
): Promise<{ ok: true; data: unknown } | { ok: false; errors: string[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { ok: false, errors: [`cannot read ${file}: ${(error as Error).message}`] };
  }
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, errors: [`${file} is not valid JSON: ${(error as Error).message}`] };
  }
}

/** Seeds an empty store from the demo catalogue; a store that has products is left alone. */
export async function seedIfEmpty(store: Store, file = DEMO_CATALOGUE_FILE): Promise<number> {
  if ((await store.products.count()) > 0) return 0;
  const read = await readCatalogueFile(file);
  if (!read.ok) throw new Error(read.errors.join('\n'));
  const result = await importCatalogue(store, read.data);
  if (!result.ok) throw new Error(`The demo catalogue is invalid:\n${result.errors.join('\n')}`);
  return result.inserted;
}

/** The product list as the API serves it: the spec's fields, plus `name` which the list also uses. */
export function toListProduct(product: Product): ListProduct {
  return { ...product, name: product.productName };
}

/**
 * How long a warm instance reuses its serialized product list. The answer already tells browsers
 * to keep it 60 s, and an import in this process drops it at once; another process's import shows
 * here within this time.
 */
export const PRODUCT_LIST_REUSE_MS = 10_000;

let listed: { store: Store; at: number; body: string } | null = null;

/** The body of GET /api/product/list, `{ success, products }`, serialized once per reuse window. */
export async function productListBody(store: Store, now = Date.now()): Promise<string> {
  if (listed && listed.store === store && now - listed.at < PRODUCT_LIST_REUSE_MS)
    return listed.body;
  // The published version's products, as the pages show them.
  const products = (await publishedList(store)).map(toListProduct);
  const body = JSON.stringify({ success: true, products } satisfies ProductListAnswer);
  listed = { store, at: now, body };
  return body;
}
/** Drops this process's reused product list, after a desk change (stock, archive, delete). */
export function forgetProductList(): void {
  listed = null;
}
