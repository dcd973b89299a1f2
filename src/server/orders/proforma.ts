// The pro-forma invoice of a wholesale order paid by bank transfer: what a reseller's bank or
// accounts department asks for before it sends money abroad. One A4 page: the shop as seller, the
// buyer and where the goods go, each line with its quantity, unit price and amount in the order's
// currency (the same line amounts as the confirmation mail, adding up to its Items figure), the
// delivery fee and total, and the bank details with the order number as the payment reference.
//
// Written with pdf-lib (a kept library: pure JavaScript, no font files to bundle into a function)
// in its standard Helvetica, which covers Latin-1 only: a name or street in another script is
// shown with "?" for each character it cannot draw, and money is written with its currency code
// ("PKR 8,350", "AED 2,172.90"), since Helvetica has no rupee sign.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { shortNumber, karachiDay } from '../../lib/desk.ts';
import { currencyDigits, toMinorUnits } from '../../lib/money.ts';
import { orderLineAmounts } from '../../lib/orders/order-lines.ts';
import { productQuantities, WHOLESALE_MIN_QUANTITY } from '../../lib/pricing.ts';
import { SHOP } from '../../lib/shop-info.ts';
import { bankDetailsLines, type ShopSettings } from '../../lib/shop-settings.ts';
import { isAbroad } from '../../lib/payments.ts';
import type { MailAttachment } from '../mail.ts';
import type { OrderRecord } from '../store/port.ts';

/** The confirmation mail's line that says the invoice is attached. */
export const PROFORMA_ATTACHED = (number: string) =>
  `Your pro-forma invoice PF-${number} for your bank is attached.`;

/** How long the prices of a pro-forma invoice hold. */
export const PROFORMA_VALID_DAYS = 7;

/**
 * Whether an order gets a pro-forma invoice: paid by bank transfer, with lines at the wholesale
 * price (50 or more of a product across its colour lines, as the order was priced).
 */
export function wantsProforma(order: OrderRecord): boolean {
  const quantities = productQuantities(order.items);
  return (
    order.paymentMethod === 'Bank Transfer' &&
    order.items.some(
      (item) =>
        (quantities.get(item.productId) ?? 0) >= WHOLESALE_MIN_QUANTITY &&
        typeof item.wholesalePrice === 'number' &&
        item.unitPrice === item.wholesalePrice,
    )
  );
}

/** An amount with its currency's code and digits: "PKR 8,350", "AED 2,172.90". */
export function proformaAmount(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  return `${currency} ${amount.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })}`;
}

/** Text Helvetica can draw: Latin-1 kept, every other character "?", controls removed. */
export function drawable(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
      return code <= 0xff ? char : '?';
    })
    .join('');
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

/** Writes lines top-down from `y`, wrapping each at the column's width; answers the next y. */
function write(
  page: PDFPage,
  font: PDFFont,
  lines: readonly string[],
  at: { x: number; y: number; size?: number; width?: number },
): number {
  const size = at.size ?? 10;
  const width = at.width ?? A4.width - MARGIN - at.x;
  const fits = (text: string) => font.widthOfTextAtSize(text, size) <= width;
  let y = at.y;
  const draw = (text: string) => {
    if (text) page.drawText(text, { x: at.x, y, size, font, color: rgb(0, 0, 0) });
    y -= size * 1.45;
  };
  for (const line of lines) {
    let current = '';
    for (const word of drawable(line).split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (fits(next)) current = next;
      else {
        if (current) draw(current);
        // A word wider than the column (a long e-mail address) is cut to fit.
        let cut = word;
        while (cut.length > 1 && !fits(cut)) cut = cut.slice(0, -1);
        current = cut;
      }
    }
    draw(current);
  }
  return y;
}

/** The pro-forma invoice of `order` as a PDF, with the shop's bank details as the settings hold them. */
export async function proformaPdf(
  order: OrderRecord,
  settings: Pick<ShopSettings, 'bankDetails'>,
  now = new Date(),
): Promise<Uint8Array> {
  const number = shortNumber(order.id);
  const doc = await PDFDocument.create();
  doc.setTitle(`Pro-forma invoice PF-${number}`);
  doc.setAuthor(SHOP.legalName);
  doc.setCreationDate(now);
  const page = doc.addPage([A4.width, A4.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const money = (n: number) => proformaAmount(n, order.currency);
  // A unit price only where unit × quantity is the line's amount to the minor unit (a line of an
  // order priced when rupee lines were converted whole may not divide evenly; its amount is owed).
  const unitOf = (amount: number, quantity: number) => {
    const unit = toMinorUnits(amount / quantity, order.currency);
    return unit * quantity === toMinorUnits(amount, order.currency) ? money(amount / quantity) : '';
  };
  const a = order.address;
  const issued = karachiDay(now);
  const validUntil = karachiDay(now.getTime() + PROFORMA_VALID_DAYS * 24 * 60 * 60 * 1000);

  let y = A4.height - MARGIN;
  y = write(page, bold, ['PRO-FORMA INVOICE'], { x: MARGIN, y, size: 18 });
  y = write(
    page,
    regular,
    [`Number: PF-${number} (order #${number})`, `Issued: ${issued}`, `Valid until: ${validUntil}`],
    { x: MARGIN, y: y - 6 },
  );
  const top = y - 10;
  write(page, bold, ['Seller'], { x: MARGIN, y: top, size: 11 });
  const sellerEnd = write(page, regular, [SHOP.legalName, SHOP.address, SHOP.email], {
    x: MARGIN,
    y: top - 16,
    width: 230,
  });
  write(page, bold, ['Buyer'], { x: 310, y: top, size: 11 });
  y = write(
    page,
    regular,
    [
      `${a.firstName} ${a.lastName}`,
      [a.address1, a.address2].filter(Boolean).join(', '),
      [a.city, a.state, a.zip].filter(Boolean).join(', '),
      a.country,
      a.email,
      a.mobile,
    ],
    { x: 310, y: top - 16, width: 235 },
  );
  y = Math.min(y, sellerEnd);

  // The lines: description, quantity, unit price, amount (each in the order's currency).
  const columns = { item: MARGIN, qty: 330, unit: 390, amount: 475 };
  y -= 16;
  for (const [key, label] of [
    ['item', 'Item'],
    ['qty', 'Qty'],
    ['unit', 'Unit price'],
    ['amount', 'Amount'],
  ] as const)
    write(page, bold, [label], { x: columns[key], y, width: key === 'item' ? 270 : 80 });
  y -= 6;
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: A4.width - MARGIN, y },
    thickness: 0.5,
  });
  y -= 14;
  const amounts = orderLineAmounts(order);
  for (const [i, item] of order.items.entries()) {
    const amount = amounts?.[i] ?? null;
    write(page, regular, [`${item.productName} (${item.selectedColor})`], {
      x: columns.item,
      y,
      width: 270,
    });
    write(page, regular, [String(item.quantity)], { x: columns.qty, y, width: 55 });
    write(page, regular, [amount === null ? '' : unitOf(amount, item.quantity)], {
      x: columns.unit,
      y,
      width: 80,
    });
    y = write(page, regular, [amount === null ? '' : money(amount)], {
      x: columns.amount,
      y,
      width: 75,
    });
  }
  y -= 4;
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: A4.width - MARGIN, y },
    thickness: 0.5,
  });
  y -= 14;
  y = write(
    page,
    regular,
    [`Items: ${money(order.amount)}`, `Delivery: ${money(order.deliveryFee)}`],
    { x: columns.unit, y },
  );
  y = write(page, bold, [`Total: ${money(order.total)}`], { x: columns.unit, y, size: 12 });

  y -= 14;
  write(page, bold, ['Payment by bank transfer'], { x: MARGIN, y, size: 11 });
  y = write(
    page,
    regular,
    [
      ...bankDetailsLines(settings.bankDetails ?? null, isAbroad(a.country)),
      `Payment reference: #${number}`,
    ],
    { x: MARGIN, y: y - 16 },
  );
  write(
    page,
    regular,
    [
      'This pro-forma invoice is not a tax invoice. The goods ship once the transfer arrives;',
      `its prices hold until ${validUntil}.`,
    ],
    { x: MARGIN, y: y - 10, size: 9 },
  );
  return doc.save({ useObjectStreams: false });
}

/** The pro-forma invoice as a mail attachment. */
export async function proformaAttachment(
  order: OrderRecord,
  settings: Pick<ShopSettings, 'bankDetails'>,
  now = new Date(),
): Promise<MailAttachment> {
  const pdf = await proformaPdf(order, settings, now);
  return {
    filename: `proforma-PF-${shortNumber(order.id)}.pdf`,
    contentType: 'application/pdf',
    base64: Buffer.from(pdf).toString('base64'),
  };
}
