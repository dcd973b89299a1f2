// What Publish would change, product by product and field by field, in the words the desk's
// editor uses: each field's label from its one declaration (src/lib/product-fields.ts), money in
// rupees as the desk shows it, prices first, so that a price typed ten times too small is the first
// line the person publishing reads. The audit log says a product edit with the same lines.
import { BASE_CURRENCY, formatMoney } from './money.ts';
import {
  COLOUR_FIELDS,
  COLOURS_FIELD,
  PRODUCT_FIELDS,
  SPEC_DECLARATIONS,
  SPEC_FIELDS,
} from './product-fields.ts';
import type { Product } from './product.ts';

/** One field a change touches: its label, and its value before and after, in words. */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/** One product a publish changes: added, removed, or changed in the fields listed. */
export interface ChangedProduct {
  id: string;
  name: string;
  kind: 'added' | 'removed' | 'changed';
  /** For a changed product, every field that differs, prices first; empty otherwise. */
  fields: FieldChange[];
}

/** The price fields, said before any other field of a changed product. */
const PRICE_FIELDS = ['price', 'discountPercent', 'wholesalePrice'] as const;

/** The product's own fields after the prices, in their declaration's order; stock is live, never published. */
const OTHER_FIELDS = (Object.keys(PRODUCT_FIELDS) as (keyof typeof PRODUCT_FIELDS)[]).filter(
  (f) => f !== '_id' && f !== 'stock' && !(PRICE_FIELDS as readonly string[]).includes(f),
);

/**
 * A declared label without the unit in brackets the form asks for ('Price (PKR)' is 'Price'):
 * a change's values carry their unit ('₨1,300', '10%').
 */
const labelOf = (label: string) => label.replace(/\s*\(.*\)$/, '');

/** How much of a long text a line shows around its first difference. */
const TEXT_WINDOW = 60;

/**
 * Two texts in words: blank as '(blank)', a long one cut to TEXT_WINDOW characters from a little
 * before where the two first differ, so the cut pieces still differ.
 */
function texts(before: string | undefined, after: string | undefined): [string, string] {
  const a = before ?? '';
  const b = after ?? '';
  let first = 0;
  while (first < a.length && a[first] === b[first]) first++;
  const start = Math.max(0, first - TEXT_WINDOW / 3);
  const cut = (text: string) => {
    if (text === '') return '(blank)';
    const piece = text.slice(start, start + TEXT_WINDOW);
    return `${start > 0 ? '…' : ''}${piece}${start + TEXT_WINDOW < text.length ? '…' : ''}`;
  };
  return [cut(a), cut(b)];
}

const rupees = (amount: number | null) =>
  amount === null ? 'none' : formatMoney(amount, BASE_CURRENCY);
const percent = (value: number) => (value === 0 ? 'none' : `${value}%`);
const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const photos = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

/**
 * The fields that differ between two versions of one product, in words: the prices first, then
 * the rest in the declaration's order, the specifications, the colours and each colour's photos
 * and swatch.
 */
export function fieldChanges(was: Product, now: Product): FieldChange[] {
  const changes: FieldChange[] = [];
  const add = (label: string, before: string, after: string) => {
    if (before !== after) changes.push({ label: labelOf(label), before, after });
  };
  add(PRODUCT_FIELDS.price.label, rupees(was.price), rupees(now.price));
  add(
    PRODUCT_FIELDS.discountPercent.label,
    percent(was.discountPercent),
    percent(now.discountPercent),
  );
  add(PRODUCT_FIELDS.wholesalePrice.label, rupees(was.wholesalePrice), rupees(now.wholesalePrice));
  for (const field of OTHER_FIELDS) {
    const label = PRODUCT_FIELDS[field].label;
    if (field === 'bestSeller') add(label, yesNo(was.bestSeller), yesNo(now.bestSeller));
    // The rest are texts: the name, maker, category and description.
    else if (was[field] !== now[field])
      add(label, ...texts(was[field] as string, now[field] as string));
  }
  for (const field of SPEC_FIELDS)
    if ((was.specs[field] ?? '') !== (now.specs[field] ?? ''))
      add(SPEC_DECLARATIONS[field].label, ...texts(was.specs[field], now.specs[field]));
  add(COLOURS_FIELD.label, was.colors.join(', '), now.colors.join(', '));
  for (const colour of now.colorImages) {
    const before = was.colorImages.find((c) => c.color === colour.color);
    if (!before) continue;
    const same = before.images.join('|') === colour.images.join('|');
    if (!same)
      add(
        `${colour.color} ${COLOUR_FIELDS.images.label}`,
        photos(before.images.length),
        before.images.length === colour.images.length
          ? `${photos(colour.images.length)}, new or reordered`
          : photos(colour.images.length),
      );
    add(
      `${colour.color} ${COLOUR_FIELDS.swatch.label}`,
      before.swatch ?? 'none',
      colour.swatch ?? 'none',
    );
  }
  return changes;
}

/**
 * What publishing `next` over `previous` changes: each product added, removed, or changed with the
 * fields that differ (stock left out: it is live). Products in `next`'s order, then the removed
 * ones in `previous`'s; against no catalogue (null) every product is added. As many entries as
 * changedProducts (src/lib/catalogue-version.ts) counts.
 */
export function productChanges(
  previous: readonly Product[] | null,
  next: readonly Product[],
): ChangedProduct[] {
  const before = new Map((previous ?? []).map((p) => [p._id, p]));
  const changes: ChangedProduct[] = [];
  for (const product of next) {
    const was = before.get(product._id);
    before.delete(product._id);
    const entry = { id: product._id, name: product.productName };
    if (!was) changes.push({ ...entry, kind: 'added', fields: [] });
    else {
      const fields = fieldChanges(was, product);
      if (fields.length > 0) changes.push({ ...entry, kind: 'changed', fields });
    }
  }
  for (const gone of before.values())
    changes.push({ id: gone._id, name: gone.productName, kind: 'removed', fields: [] });
  return changes;
}

/** One field change as a line: 'Price: ₨1,300 → ₨130'. */
export const fieldChangeLine = (change: FieldChange): string =>
  `${change.label}: ${change.before} → ${change.after}`;
