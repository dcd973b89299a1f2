// Reading the spreadsheet form of the catalogue as an owner's spreadsheet writes it: any of three
// separators, UTF-8 or Excel's "ANSI", extra columns, and cells read by the rules in
// src/lib/catalogue-sheet.ts. Every problem is one line naming the row, the column and the value;
// a sheet with any problem gives no records at all.
import {
  quoted,
  readCategory,
  readColour,
  readDiscount,
  readId,
  readImages,
  readPrice,
  readStock,
  readSwatch,
  readOptionalText,
  readText,
  readWholesale,
  readYesNo,
  rowProblem,
  wholesaleProblem,
  type Cell,
} from '../../lib/catalogue-sheet.ts';
import {
  CSV_COLUMNS,
  PRODUCT_FIELDS,
  SPEC_DECLARATIONS,
  SPEC_FIELDS,
  type Column,
} from '../../lib/product-fields.ts';
import { REQUIRED_COLUMNS } from './catalogue-csv.ts';
import {
  detectDelimiter,
  readCsvRows,
  readHeaderCells,
  restoreFormula,
  type CsvRow,
} from './csv-text.ts';

/** What a CSV file became: records for the schema and, per record and colour, its row. */
export type CsvCatalogue =
  | { ok: true; data: unknown[]; rows: number[][]; warnings: string[] }
  | { ok: false; errors: string[]; warnings: string[] };

/** The one-line warning printed when a file was read as Windows-1252. */
export const ANSI_WARNING =
  'The file is not UTF-8, so it was read as Windows-1252 ("ANSI", what Excel\'s plain "CSV" writes): ' +
  'check accented letters. To avoid this, save it in Excel with Save As › "CSV UTF-8 (Comma delimited) (*.csv)".';

/**
 * A sheet file's text: UTF-8 (a BOM is dropped), UTF-16 when it starts with a UTF-16 BOM (Excel's
 * "Unicode Text"), or else Windows-1252 with a warning, since a byte that is not UTF-8 would
 * otherwise become "�" without a word.
 */
export function decodeSheet(bytes: Uint8Array): { text: string; warning?: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes) };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), warning: ANSI_WARNING };
  }
}

/** UTF-8 read as Windows-1252 and saved again: "Café" became "CafÃ©". */
const DOUBLE_ENCODED = /[ÂÃ][\u0080-\u00bf]|â€/;

/** The product columns, each with the rule that reads it and what a blank means. */
const PRODUCT_RULES: [Column, (text: string) => Cell<unknown>, blank?: unknown][] = [
  ['productName', (t) => readText(t, PRODUCT_FIELDS.productName.max)],
  ['maker', (t) => readOptionalText(t, PRODUCT_FIELDS.maker.max), ''],
  ['category', readCategory],
  ['price', readPrice],
  ['discountPercent', readDiscount, 0],
  ['wholesalePrice', readWholesale, null],
  ['stock', readStock],
  ['bestSeller', readYesNo, false],
  ['para', (t) => readOptionalText(t, PRODUCT_FIELDS.para.max), ''],
  // A blank specification is left out: the shop shows only those given.
  ...SPEC_FIELDS.map((c): [Column, (text: string) => Cell<unknown>] => [
    c,
    (t) => readOptionalText(t, SPEC_DECLARATIONS[c].max),
  ]),
];

type Row = { row: number; cell: (c: Column) => string };

/** The header's problems and warnings, and where each known column sits. */
function readHeader(header: CsvRow): {
  at: Map<Column, number>;
  errors: string[];
  warnings: string[];
} {
  const at = new Map<Column, number>();
  const errors: string[] = [];
  const ignored: string[] = [];
  header.cells.forEach((name, i) => {
    const typed = name.trim();
    const column = CSV_COLUMNS.find((c) => c.toLowerCase() === typed.toLowerCase());
    if (!column) {
      if (typed !== '') ignored.push(typed);
    } else if (at.has(column)) errors.push(`row 1: column ${column} appears twice`);
    else at.set(column, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !at.has(c));
  if (missing.length)
    errors.push(
      `row 1: missing column(s) ${missing.join(', ')}; the first row must name the columns (README, "Catalogue CSV")`,
    );
  const warnings = ignored.length
    ? [`row 1: ignored column(s) ${ignored.join(', ')}: not catalogue columns`]
    : [];
  return { at, errors, warnings };
}

/**
 * Turns CSV text into catalogue records for the schema. Rows of one product share its `_id`, in
 * any order; a product column may be blank on some rows, and the non-blank ones must agree.
 */
export function csvToCatalogue(text: string): CsvCatalogue {
  const delimiter = detectDelimiter(text);
  const read = readCsvRows(text, delimiter);
  if (!read.ok) {
    const { row, index, problem } = read.problem;
    const column = readHeaderCells(text, delimiter)[index]?.trim();
    const where = row > 1 && column ? rowProblem(row, column, problem) : `row ${row}: ${problem}`;
    return { ok: false, errors: [where], warnings: [] };
  }
  const [header, ...lines] = read.rows;
  if (!header) return { ok: false, errors: ['the CSV file is empty'], warnings: [] };
  const { at, errors, warnings } = readHeader(header);
  if (errors.length) return { ok: false, errors, warnings };
  const rows: Row[] = [];
  for (const { row, cells } of lines) {
    if (cells.slice(header.cells.length).some((c) => c.trim() !== ''))
      errors.push(`row ${row}: more cells than the header has columns`);
    const get = (c: Column) => {
      const i = at.get(c);
      return i === undefined ? '' : restoreFormula((cells[i] ?? '').trim());
    };
    for (const c of at.keys()) {
      const value = get(c);
      if (value.includes('\uFFFD'))
        errors.push(
          rowProblem(
            row,
            c,
            `${quoted(value)} holds �, a letter lost to a wrong encoding; retype it and save the file as "CSV UTF-8"`,
          ),
        );
      else if (DOUBLE_ENCODED.test(value))
        warnings.push(
          rowProblem(
            row,
            c,
            `${quoted(value)} looks garbled by a wrong encoding ("Ã©" for "é"); check it`,
          ),
        );
    }
    rows.push({ row, cell: get });
  }
  const swatches = readSwatches(rows, errors);
  const products = new Map<string, Row[]>();
  for (const r of rows) {
    const id = readId(r.cell('_id'));
    if (!id.ok) errors.push(rowProblem(r.row, '_id', id.problem));
    else products.set(id.value, [...(products.get(id.value) ?? []), r]);
  }
  const data: unknown[] = [];
  const rowsOf: number[][] = [];
  for (const [id, group] of products) {
    const record = readProduct(id, group, swatches, errors);
    data.push(record);
    rowsOf.push(group.map((r) => r.row));
  }
  if (errors.length) return { ok: false, errors, warnings };
  return { ok: true, data, rows: rowsOf, warnings };
}

const colourKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The paint given for each colour: a swatch given on one row paints that colour on every row of
 * the sheet; two different ones for the same colour are a problem.
 */
function readSwatches(rows: Row[], errors: string[]): Map<string, { swatch: string; row: number }> {
  const found = new Map<string, { swatch: string; row: number }>();
  for (const r of rows) {
    const swatch = readSwatch(r.cell('swatch'));
    if (!swatch.ok) errors.push(rowProblem(r.row, 'swatch', swatch.problem));
    if (!swatch.ok || swatch.value === null) continue;
    const key = colourKey(r.cell('color'));
    const first = found.get(key);
    if (!first) found.set(key, { swatch: swatch.value, row: r.row });
    else if (first.swatch !== swatch.value)
      errors.push(
        rowProblem(
          r.row,
          'swatch',
          `${quoted(swatch.value)} differs from ${quoted(first.swatch)} given for ${r.cell('color')} on row ${first.row}`,
        ),
      );
  }
  return found;
}

/** One product's record from its rows; each problem goes to `errors` with its row and column. */
function readProduct(
  id: string,
  group: Row[],
  swatches: Map<string, { swatch: string; row: number }>,
  errors: string[],
): unknown {
  const fields: Record<string, unknown> = {};
  for (const [column, rule, blank] of PRODUCT_RULES) {
    let first: { row: number; typed: string; value: unknown } | undefined;
    for (const r of group) {
      const typed = r.cell(column);
      if (typed === '') continue;
      const read = rule(typed);
      if (!read.ok) {
        errors.push(rowProblem(r.row, column, read.problem));
        first ??= { row: r.row, typed, value: undefined };
      } else if (!first) first = { row: r.row, typed, value: read.value };
      else if (first.value !== undefined && first.value !== read.value)
        errors.push(
          rowProblem(
            r.row,
            column,
            `${quoted(typed)} differs from ${quoted(first.typed)} on row ${first.row}, the first row of ${id}; leave it blank or make them the same`,
          ),
        );
    }
    if (first) fields[column] = first.value;
    else if (blank !== undefined) fields[column] = blank;
    else {
      const read = rule('');
      if (!read.ok) errors.push(rowProblem(group[0]!.row, column, read.problem));
    }
  }
  const wholesale = fields.wholesalePrice as number | null | undefined;
  if (typeof fields.price === 'number' && wholesale !== undefined) {
    const problem = wholesaleProblem(wholesale, fields.price);
    const row = group.find((r) => r.cell('wholesalePrice') !== '')?.row ?? group[0]!.row;
    if (problem) errors.push(rowProblem(row, 'wholesalePrice', problem));
  }
  const colorImages: { color: string; images: string[]; swatch?: string }[] = [];
  const seen = new Map<string, number>();
  for (const r of group) {
    const swatch = swatches.get(colourKey(r.cell('color')))?.swatch ?? null;
    const colour = readColour(r.cell('color'), swatch);
    const images = readImages(r.cell('images'));
    if (!colour.ok) errors.push(rowProblem(r.row, 'color', colour.problem));
    if (!images.ok) errors.push(rowProblem(r.row, 'images', images.problem));
    if (!colour.ok || !images.ok) continue;
    const before = seen.get(colour.value);
    if (before !== undefined) {
      errors.push(
        rowProblem(r.row, 'color', `${quoted(colour.value)} is already on row ${before} for ${id}`),
      );
      continue;
    }
    seen.set(colour.value, r.row);
    colorImages.push({ color: colour.value, images: images.value, ...(swatch ? { swatch } : {}) });
  }
  const { productName, maker, category, price, discountPercent, wholesalePrice, stock } = fields;
  return {
    _id: id,
    productName,
    maker,
    category,
    colors: colorImages.map((c) => c.color),
    colorImages,
    price,
    discountPercent,
    wholesalePrice,
    stock,
    bestSeller: fields.bestSeller,
    para: fields.para,
    specs: Object.fromEntries(
      SPEC_FIELDS.filter((c) => typeof fields[c] === 'string' && fields[c] !== '').map((c) => [
        c,
        fields[c],
      ]),
    ),
  };
}
