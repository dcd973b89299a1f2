// The stand-ins' airway bills: a PDF a reader opens, not only bytes that start with %PDF.
import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../../src/demo/minimal-pdf.ts';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('minimalPdf', () => {
  it('writes a cross-reference table whose every offset points at its object', () => {
    const pdf = text(minimalPdf(['20120012345678', 'To: Ayesha Khan, Lahore']));
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) =>
      expect(pdf.slice(offset)).toMatch(new RegExp(`^${index + 1} 0 obj`)),
    );
  });

  it('gives the content stream its exact length', () => {
    const pdf = text(minimalPdf(['LE07500001']));
    const [, length, stream] = /\/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf)!;
    expect(Number(length)).toBe(stream!.length);
  });

  it('escapes parentheses and backslashes, and writes a character beyond Latin-1 as ?', () => {
    const pdf = text(minimalPdf(['House (12) \\ Block C — ڈیفنس']));
    expect(pdf).toContain('(House \\(12\\) \\\\ Block C ? ?????) Tj');
  });
});
