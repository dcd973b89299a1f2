// The courier's airway bill and the order's packing slip, ready for one print: on one A4 sheet
// (the label in the top half, a dashed cut line, the slip below it) or on 4 × 6 inch labels for a
// thermal printer (the label on the first, the slip on the second). The label is the courier's own
// first page, drawn scaled to fit and never redrawn, so its barcode stays the courier's; the slip
// says what the slip screen says (#/slip/<number>), with the member's view of the customer.
//
// pdf-lib (already the pro-forma invoice's) embeds the courier's page as a form; its standard
// Helvetica draws Latin-1 only, so text in another script shows "?" (as on the invoice).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DeskOrder } from '../../lib/contract/desk.ts';
import type { LabelFormat } from '../../lib/contract/desk-couriers.ts';
import { drawable } from './proforma.ts';

/** Page sizes in PDF points (1/72 inch). */
const A4: [number, number] = [595.28, 841.89];
const LABEL: [number, number] = [288, 432];
const MARGIN = 24;

/** The slip's lines, top-down: what the slip screen shows, as text. */
export function slipLines(order: DeskOrder): { heading: string; lines: string[]; items: string[] } {
  const a = order.address;
  const address =
    a.address1 === null
      ? [`${a.city}, ${a.state}`, a.country]
      : [
          `${a.firstName} ${a.lastName}`,
          a.address1,
          ...(a.address2 ? [a.address2] : []),
          `${a.city}, ${a.state} ${a.zip ?? ''}`.trimEnd(),
          a.country,
        ];
  return {
    heading: `Packing slip · Order #${order.number}`,
    lines: [
      `Placed ${order.placedAt} · ${order.paymentMethod} (${order.payment})`,
      ...address,
      ...(order.phone !== null ? [`Phone: ${order.phone}`] : []),
    ],
    items: order.lines.map((line) => {
      const left = line.quantity - line.refunded;
      return `${left} × ${line.productName}, ${line.colour}${line.refunded > 0 ? ` (${line.refunded} refunded)` : ''}`;
    }),
  };
}

/** Text cut to what fits `width` at `size`, with an ellipsis when cut. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  const safe = drawable(text);
  if (font.widthOfTextAtSize(safe, size) <= width) return safe;
  let cut = safe;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Draws the slip in the box from `top` down to `bottom`; lines that do not fit say how many are left. */
function drawSlip(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  order: DeskOrder,
  box: { top: number; bottom: number; size: number },
) {
  const { heading, lines, items } = slipLines(order);
  const width = page.getWidth() - 2 * MARGIN;
  const step = box.size * 1.45;
  let y = box.top - box.size * 1.3;
  page.drawText(fitted(heading, fonts.bold, box.size * 1.3, width), {
    x: MARGIN,
    y,
    size: box.size * 1.3,
    font: fonts.bold,
  });
  y -= step * 1.4;
  const all = [...lines, '', 'Items:', ...items];
  for (const [index, text] of all.entries()) {
    if (y < box.bottom + step && index < all.length - 1) {
      page.drawText(`… and ${all.length - index} more lines: see the slip on the desk`, {
        x: MARGIN,
        y,
        size: box.size,
        font: fonts.regular,
      });
      return;
    }
    const font = text === 'Items:' ? fonts.bold : fonts.regular;
    if (text)
      page.drawText(fitted(text, font, box.size, width), { x: MARGIN, y, size: box.size, font });
    y -= step;
  }
}

/**
 * One PDF to print: the courier's airway bill (its first page) and the order's packing slip, on
 * one A4 sheet or on two 4 × 6 inch labels. Throws when the airway bill is not a PDF it can read.
 */
export async function labelWithSlip(
  airwayBill: Uint8Array,
  order: DeskOrder,
  format: LabelFormat,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Order #${order.number}: airway bill and packing slip`);
  const [label] = await doc.embedPdf(airwayBill, [0]);
  if (!label) throw new Error('the airway bill has no page');
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  // The label fitted into a box, keeping its proportions, centred across and from the box's top.
  const place = (page: PDFPage, box: { top: number; height: number }) => {
    const width = page.getWidth() - 2 * MARGIN;
    const scale = Math.min(width / label.width, (box.height - MARGIN) / label.height);
    const w = label.width * scale;
    const h = label.height * scale;
    page.drawPage(label, { x: (page.getWidth() - w) / 2, y: box.top - h, width: w, height: h });
  };
  if (format === 'a4') {
    const page = doc.addPage(A4);
    const middle = A4[1] / 2;
    place(page, { top: A4[1] - MARGIN, height: middle - MARGIN });
    page.drawLine({
      start: { x: MARGIN, y: middle },
      end: { x: A4[0] - MARGIN, y: middle },
      thickness: 0.75,
      color: rgb(0.4, 0.4, 0.4),
      dashArray: [6, 4],
    });
    page.drawText('Cut here: the label above goes on the parcel, the slip below inside it.', {
      x: MARGIN,
      y: middle + 4,
      size: 7,
      font: fonts.regular,
      color: rgb(0.4, 0.4, 0.4),
    });
    drawSlip(page, fonts, order, { top: middle - 8, bottom: MARGIN, size: 11 });
  } else {
    place(doc.addPage(LABEL), { top: LABEL[1] - MARGIN / 2, height: LABEL[1] - MARGIN / 2 });
    drawSlip(doc.addPage(LABEL), fonts, order, { top: LABEL[1] - MARGIN, bottom: MARGIN, size: 9 });
  }
  return doc.save();
}
