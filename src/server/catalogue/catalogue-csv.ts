// The spreadsheet form of the catalogue: one row per product and colour (docs/catalogue.md,
// "Catalogue CSV columns"); the columns are the fields' declaration's (src/lib/product-fields.ts).
import { CSV_COLUMNS, SPEC_FIELDS, type Column, type SpecField } from '../../lib/product-fields.ts';
import type { Product } from '../../lib/product.ts';
import { csvText } from './csv-text.ts';

/** The columns an import needs; `swatch` may be left out. */
export const REQUIRED_COLUMNS = CSV_COLUMNS.filter((c) => c !== 'swatch');

export { CSV_COLUMNS, type Column };

/** The catalogue as CSV text, one row per product and colour; `csvToCatalogue` reads it back. */
export function catalogueToCsv(products: readonly Product[]): string {
  const rows: (string | number)[][] = [[...CSV_COLUMNS]];
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  for (const p of products) {
    for (const { color, images, swatch } of p.colorImages) {
      const values: Record<Column, string | number> = {
        _id: p._id,
        productName: p.productName,
        maker: p.maker,
        category: p.category,
        price: p.price,
        discountPercent: p.discountPercent,
        wholesalePrice: p.wholesalePrice ?? '',
        stock: yesNo(p.stock),
        bestSeller: yesNo(p.bestSeller),
        para: p.para,
        ...(Object.fromEntries(SPEC_FIELDS.map((f) => [f, p.specs[f] ?? ''])) as Record<
          SpecField,
          string
        >),
        color,
        images: images.join('|'),
        swatch: swatch ?? '',
      };
      rows.push(CSV_COLUMNS.map((c) => values[c]));
    }
  }
  return csvText(rows);
}
