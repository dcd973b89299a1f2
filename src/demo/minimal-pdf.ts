// A one-page PDF of a few lines of text, written by hand: what the couriers' stand-ins serve as an
// airway bill. Its text is left uncompressed, as a literal string, so a test finds the tracking
// number in the bytes of the bill and of any sheet it is embedded in (pdf-lib, which the shop uses
// for its own PDFs, compresses). The file follows PDF 1.4: a catalog, one page of 4 × 6 inches,
// Helvetica, an exact cross-reference table.

/** Text as a PDF string literal: Latin-1 only (anything else is '?'), with \, ( and ) escaped. */
function pdfString(text: string): string {
  const latin1 = [...text].map((char) => (char.charCodeAt(0) <= 0xff ? char : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/** A 4 × 6 inch page (a courier label) with `lines` written top-down, the first one large. */
export function minimalPdf(lines: readonly string[]): Uint8Array {
  const text = lines
    .map((line, index) =>
      index === 0
        ? `BT /F1 20 Tf 24 390 Td ${pdfString(line)} Tj ET`
        : `BT /F1 11 Tf 24 ${360 - index * 18} Td ${pdfString(line)} Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
