// CSV text in and out. Reading is csv-parse's (RFC 4180, plus what real sheets hold: a bare quote
// inside a cell, a byte-order mark, any line end); this module adds the shop's rules: the separator
// found from the header row, rows numbered as a spreadsheet shows them, a quote left open named by
// its row and column, and the one writing rule (formula-safe, quoted when needed) every export uses.
import { CsvError } from 'csv-parse';
import { parse, type Options } from 'csv-parse/sync';

/** The separators a header line may use: commas, semicolons (a European Excel) or tabs. */
const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The separator the header line uses most: a spreadsheet writes one throughout the file. */
export function detectDelimiter(text: string): Delimiter {
  const header = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (d: string) => header.split(d).length - 1;
  return DELIMITERS.reduce((best, d) => (count(d) > count(best) ? d : best), DELIMITERS[0]);
}

/** One spreadsheet row: its number as a spreadsheet shows it (header = 1) and its cells. */
export type CsvRow = { row: number; cells: string[] };

/** A file that cannot be split into cells: where the problem is (cell index in that row) and what. */
export type CsvTextProblem = { row: number; index: number; problem: string };

/** What a quote opened and never closed would do, said where it happens. */
export const OPEN_QUOTE_PROBLEM =
  'a quote (") opens this cell and is never closed, so the rest of the file would be read into it; take the quote out or close it';

const options = (delimiter: Delimiter): Options => ({
  delimiter,
  bom: true,
  // A quote inside a cell that did not start with one is an inch mark or a quotation, kept as
  // typed; only a quote opening a cell starts a quoted cell, as in Excel and LibreOffice.
  relax_quotes: true,
  // The header decides the columns; a row of another length is the reader's to report.
  relax_column_count: true,
  // Blank rows still count, so row numbers stay the spreadsheet's.
  skip_empty_lines: false,
});

/**
 * Splits CSV text into rows numbered as a spreadsheet shows them (header = 1; a line break inside
 * a quoted cell does not move the count); blank rows keep their number but are left out.
 */
export function readCsvRows(
  text: string,
  delimiter: Delimiter = detectDelimiter(text),
): { ok: true; rows: CsvRow[] } | { ok: false; problem: CsvTextProblem } {
  let records: string[][];
  try {
    records = parse(text, options(delimiter)) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // `records` counts the rows read whole before the one the parser stopped in.
    const at = error as CsvError & { records?: number; index?: number };
    const problem =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? OPEN_QUOTE_PROBLEM
        : `the file cannot be read as CSV: ${error.message}`;
    return { ok: false, problem: { row: (at.records ?? 0) + 1, index: at.index ?? 0, problem } };
  }
  const rows = records
    .map((cells, i) => ({ row: i + 1, cells }))
    .filter((r) => r.cells.some((f) => f.trim() !== ''));
  return { ok: true, rows };
}

/** The header row's cells of text that may not read whole (a quote left open further down). */
export function readHeaderCells(text: string, delimiter: Delimiter): string[] {
  try {
    return (parse(text, { ...options(delimiter), to: 1 }) as string[][])[0] ?? [];
  } catch {
    return [];
  }
}

/** Splits CSV text into rows of cells, blank rows left out; throws on text that is not CSV. */
export function parseCsv(text: string, delimiter: Delimiter = ','): string[][] {
  const read = readCsvRows(text, delimiter);
  if (!read.ok) throw new Error(`row ${read.problem.row}: ${read.problem.problem}`);
  return read.rows.map((r) => r.cells);
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

/**
 * One cell as every export writes it: text defused against formulas (a number is written as it
 * is), and quoted when it holds a comma, a quote or a line break.
 */
export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : defuseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV text: comma-separated, CRLF after every row (RFC 4180), header first. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}
