// The spreadsheet form of the catalogue: one row per product and colour (docs/catalogue.md,
// "Catalogue CSV columns").
import { SPEC_FIELDS, type Product } from '../../lib/product.ts';
import { csvText } from './csv-text.ts';

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
          (typeof SPEC_FIELDS)[number],
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
