import { describe, expect, it } from 'vitest';
import {
  csvText,
  detectDelimiter,
  OPEN_QUOTE_PROBLEM,
  readCsvRows,
  restoreFormula,
} from '../../src/server/catalogue/csv-text.ts';

describe('csvText', () => {
  it('quotes a cell holding a comma, a quote or a line break, and ends every row with CRLF', () => {
    expect(
      csvText([
        ['Name', 'Note'],
        ['Dera Tote, Large', 'Fits 15.6" laptops\nand tablets'],
      ]),
    ).toBe('Name,Note\r\n"Dera Tote, Large","Fits 15.6"" laptops\nand tablets"\r\n');
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula, never before a number', () => {
    expect(csvText([['=SUM(A1)', '@Zara', "'+92 300", -5, 4500]])).toBe(
      "'=SUM(A1),'@Zara,''+92 300,-5,4500\r\n",
    );
  });

  it('writes text that the reader gives back as it was', () => {
    const cells = ['=1+1', "'=already", 'a "quote"', 'two\r\nlines', 'plain;semi', ''];
    const read = readCsvRows(csvText([cells]), ',');
    expect(read.ok && read.rows[0]!.cells.map(restoreFormula)).toEqual(cells);
  });
});

describe('readCsvRows', () => {
  it('numbers rows as a spreadsheet shows them: blank rows are left out but counted', () => {
    expect(readCsvRows('a,b\r\n\r\n"x\ny",z\r\n,\r\nlast,row')).toEqual({
      ok: true,
      rows: [
        { row: 1, cells: ['a', 'b'] },
        { row: 3, cells: ['x\ny', 'z'] },
        { row: 5, cells: ['last', 'row'] },
      ],
    });
  });

  it('names the row and the cell where a quote opens and is never closed', () => {
    expect(readCsvRows('a,b,c\n1,2,3\n4,"five,6\n7,8,9\n')).toEqual({
      ok: false,
      problem: { row: 3, index: 1, problem: OPEN_QUOTE_PROBLEM },
    });
  });
});

describe('detectDelimiter', () => {
  it('takes the separator the header row uses most, not the commas of the rows below', () => {
    expect(detectDelimiter('\uFEFF_id;productName;price\r\nbag;Tote, Large;4,500\r\n')).toBe(';');
    expect(detectDelimiter('_id\tproductName\nbag\tTote, Large, Black\n')).toBe('\t');
    expect(detectDelimiter('_id,productName;odd\n')).toBe(',');
  });
});
