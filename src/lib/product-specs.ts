// A product's specifications as shoppers see them (only those given, in the catalogue's order), and
// "Copy from a similar product": the new product's form takes what it has left empty from another
// product, never its name, its photos or its id, so the owner adds a product in under a minute and
// changes anything after.
import { SPEC_DECLARATIONS, SPEC_FIELDS } from './product-fields.ts';
import type { Product, Specs } from './product.ts';
import { productToForm, type ProductForm } from './product-form.ts';

/** The specifications a product gives, as [label, value] in the catalogue's order; empty ones left out. */
export function shownSpecs(specs: Specs): [label: string, value: string][] {
  return SPEC_FIELDS.flatMap((f) => {
    const value = specs[f]?.trim();
    return value ? [[SPEC_DECLARATIONS[f].label, value] as [string, string]] : [];
  });
}

/**
 * The form with every field it leaves empty taken from `similar`: category, maker, prices,
 * description, specifications. What was typed stays; the name and the colours with their photos
 * are the new product's own, and the id comes from the name when it is saved.
 */
export function copyFromSimilar(form: ProductForm, similar: Product): ProductForm {
  const from = productToForm(similar);
  const keep = (typed: string, copied: string) => (typed.trim() === '' ? copied : typed);
  return {
    ...form,
    maker: keep(form.maker, from.maker),
    category: keep(form.category, from.category),
    price: keep(form.price, from.price),
    discountPercent: keep(form.discountPercent, from.discountPercent),
    wholesalePrice: keep(form.wholesalePrice, from.wholesalePrice),
    bestSeller: form.bestSeller,
    para: keep(form.para, from.para),
    specs: Object.fromEntries(
      SPEC_FIELDS.map((f) => [f, keep(form.specs[f], from.specs[f])]),
    ) as ProductForm['specs'],
  };
}
