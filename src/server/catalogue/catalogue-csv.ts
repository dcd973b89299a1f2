// The spreadsheet form of the catalogue: one row per product and colour (docs/catalogue.md,
// "Catalogue CSV columns").
import { SPEC_FIELDS, type Product } from '../../lib/product.ts';

/** The eleven specification columns, in docs/product.md §3 order. */
export const SPEC_COLUMNS = SPEC_FIELDS;

/**
 * The CSV columns, in order. `images` holds the colour's images separated by `|`; `swatch` the
 * paint (#rrggbb) of a colour outside the swatch table.
 */
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
  'swatch',
] as const;

/** The columns an import needs; `swatch` may be left out. */
export const REQUIRED_COLUMNS = CSV_COLUMNS.filter((c) => c !== 'swatch');

export type Column = (typeof CSV_COLUMNS)[number];

/** The separators a header line may use: commas, semicolons (a European Excel) or tabs. */
const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The separator the header line uses most: a spreadsheet writes one throughout the file. */
export function detectDelimiter(text: string): Delimiter {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (d: string) => header.split(d).length - 1;
  return DELIMITERS.reduce((best, d) => (count(d) > count(best) ? d : best), DELIMITERS[0]);
}

/** One spreadsheet row: its number as a spreadsheet shows it (header = 1) and its cells. */
export type CsvRow = { row: number; cells: string[] };

/** Splits RFC 4180 CSV text into rows of fields (quoted fields may hold commas, quotes, newlines). */
export function parseCsv(text: string, delimiter: Delimiter = ','): string[][] {
  return parseCsvRows(text, delimiter).map((r) => r.cells);
}

/**
 * Splits CSV text as parseCsv does, numbering the rows as a spreadsheet shows them (header = 1);
 * blank rows keep their number but are left out.
 */
export function parseCsvRows(text: string, delimiter: Delimiter = ','): CsvRow[] {
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
    else if (ch === delimiter) {
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
  return rows
    .map((cells, i) => ({ row: i + 1, cells }))
    .filter((r) => r.cells.some((f) => f.trim() !== ''));
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
    for (const { color, images, swatch } of p.colorImages) {
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
        ...(Object.fromEntries(SPEC_FIELDS.map((f) => [f, p.specs[f] ?? null])) as Record<
          (typeof SPEC_FIELDS)[number],
          string | null
        >),
        color,
        images: images.join('|'),
        swatch: swatch ?? null,
      };
      lines.push(CSV_COLUMNS.map((c) => cell(values[c])).join(','));
    }
  }
  return lines.join('\r\n') + '\r\n';
}
