// The spreadsheet form of the catalogue: one row per product and colour (README, "Catalogue CSV").
import type { Product } from '../../lib/product.ts';

const SPEC_COLUMNS = [
  'material',
  'compatibility',
  'texture',
  'closure',
  'compartment',
  'zips',
  'strap',
  'length',
  'width',
  'height',
  'weight',
] as const;

/** The CSV columns, in order. `images` holds the colour's images separated by `|`. */
export const CSV_COLUMNS = [
  '_id',
  'productName',
  'maker',
  'category',
  'price',
  'discountPercent',
  'wholesalePrice',
  'stock',
  'bestSeller',
  'para',
  ...SPEC_COLUMNS,
  'color',
  'images',
] as const;

type Column = (typeof CSV_COLUMNS)[number];
type Row = Record<Column, string>;

/** Splits RFC 4180 CSV text into rows of fields (quoted fields may hold commas, quotes, newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

const number = (s: string) => (s.trim() === '' ? s : Number(s));
const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0']);
const flag = (s: string) => {
  const v = s.trim().toLowerCase();
  return YES.has(v) ? true : NO.has(v) ? false : s;
};

/**
 * Turns CSV rows into catalogue records (for the schema to validate). Rows of one product are
 * consecutive or not, in any order of colours; a product column may be left blank after the
 * product's first row, but a different value is a problem.
 */
export function csvToCatalogue(
  text: string,
): { ok: true; data: unknown[] } | { ok: false; errors: string[] } {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { ok: false, errors: ['the CSV file is empty'] };
  const names = header.map((h) => h.trim());
  const missing = CSV_COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
  const errors: string[] = [];
  if (missing.length) errors.push(`header: missing column(s) ${missing.join(', ')}`);
  if (unknown.length) errors.push(`header: unknown column(s) ${unknown.join(', ')}`);
  if (errors.length) return { ok: false, errors };
  const products = new Map<string, { first: number; row: Row; colours: [string, string[]][] }>();
  rows.forEach((cells, i) => {
    const line = i + 2;
    const row = Object.fromEntries(
      names.map((n, k) => [n, restoreFormula((cells[k] ?? '').trim())]),
    ) as Row;
    if (cells.length > names.length) errors.push(`row ${line}: more fields than columns`);
    const images = row.images
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean);
    const known = products.get(row._id);
    if (!known) {
      products.set(row._id, { first: line, row, colours: [[row.color, images]] });
      return;
    }
    for (const c of CSV_COLUMNS) {
      if (c === 'color' || c === 'images' || row[c] === '' || row[c] === known.row[c]) continue;
      errors.push(
        `row ${line} (_id "${row._id}"): ${c} "${row[c]}" differs from row ${known.first} ("${known.row[c]}")`,
      );
    }
    known.colours.push([row.color, images]);
  });
  if (errors.length) return { ok: false, errors };
  const data = [...products.values()].map(({ row, colours }) => ({
    _id: row._id,
    productName: row.productName,
    maker: row.maker,
    category: row.category,
    colors: colours.map(([c]) => c),
    colorImages: colours.map(([color, images]) => ({ color, images })),
    price: number(row.price),
    discountPercent: number(row.discountPercent === '' ? '0' : row.discountPercent),
    wholesalePrice: row.wholesalePrice === '' ? null : number(row.wholesalePrice),
    stock: flag(row.stock),
    bestSeller: flag(row.bestSeller),
    para: row.para,
    specs: Object.fromEntries(SPEC_COLUMNS.map((c) => [c, row[c]])),
  }));
  return { ok: true, data };
}

/**
 * A text a spreadsheet would run as a formula when it opens the file (=, +, -, @, tab or CR first),
 * or one that already carries our apostrophe before such a start: export adds one apostrophe in
 * front of either, import takes exactly one off, so every value comes back as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell's text as exported: a formula-like value gets a leading apostrophe (shown as text). */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell's text as imported: the apostrophe export put before a formula-like value comes off. */
export function restoreFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

function cell(value: string | number | boolean | null): string {
  const s = defuseFormula(
    value === null ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value),
  );
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The catalogue as CSV text, one row per product and colour; `csvToCatalogue` reads it back. */
export function catalogueToCsv(products: readonly Product[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const p of products) {
    for (const { color, images } of p.colorImages) {
      const values: Record<Column, string | number | boolean | null> = {
        _id: p._id,
        productName: p.productName,
        maker: p.maker,
        category: p.category,
        price: p.price,
        discountPercent: p.discountPercent,
        wholesalePrice: p.wholesalePrice,
        stock: p.stock,
        bestSeller: p.bestSeller,
        para: p.para,
        ...p.specs,
        color,
        images: images.join('|'),
      };
      lines.push(CSV_COLUMNS.map((c) => cell(values[c])).join(','));
    }
  }
  return lines.join('\r\n') + '\r\n';
}
