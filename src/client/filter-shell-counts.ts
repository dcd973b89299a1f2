// Inlined after a listing page's filter shell (src/components/ListingPage.astro, `?inline-script`):
// the counts of the page's first-tap copy of the filter panel follow the shopper's ticks before the
// listing's island has come, as the island's panel does (docs/product.md §2's counts beside each
// choice, and the results button's). On a slow phone the island comes a second or more after the
// first tick; these counts follow it in the tick's own frame. The island takes the ticks over when
// it comes (src/client/shells.ts), and its panel replaces this one.
import {
  facetCounts,
  filterProducts,
  type FacetFields,
  type ProductFilter,
} from '../lib/catalogue.ts';
import { categoryLabel, colourLabel, inStockLabel, resultsLabel } from '../lib/filter-labels.ts';
import type { Category } from '../lib/product.ts';

/** The filter the panel's fields say (their names: stock, category, colour, min, max). */
function filterOf(form: HTMLFormElement): ProductFilter {
  const data = new FormData(form);
  const number = (name: string) => {
    const raw = data.get(name);
    return typeof raw === 'string' && raw !== '' && Number.isFinite(Number(raw))
      ? Number(raw)
      : undefined;
  };
  return {
    inStockOnly: data.has('stock'),
    categories: data.getAll('category').map(String) as Category[],
    colors: data.getAll('colour').map(String),
    minPrice: number('min'),
    maxPrice: number('max'),
  };
}

/** Writes `text` after a choice's box, in place of the words there. */
function sayAfter(input: HTMLInputElement, text: string): void {
  while (input.nextSibling) input.nextSibling.remove();
  input.after(text);
}

/** Brings every count of the panel in `form` up to its fields, over `products`. */
function recount(form: HTMLFormElement, products: readonly FacetFields[]): void {
  const filter = filterOf(form);
  const counts = facetCounts(products, filter);
  const offer = (input: HTMLInputElement, count: number) => {
    input.disabled = count === 0 && !input.checked;
  };
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name="stock"]')) {
    sayAfter(input, inStockLabel(counts.inStock));
    offer(input, counts.inStock);
  }
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name="category"]')) {
    const count = counts.categories[input.value as Category] ?? 0;
    sayAfter(input, categoryLabel(input.value as Category, count));
    offer(input, count);
  }
  const colours = new Map(counts.colours.map((c) => [c.colour, c.count]));
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name="colour"]')) {
    const count = colours.get(input.value) ?? 0;
    const words = input.closest('label')?.querySelector('span:last-child');
    if (words) words.textContent = colourLabel(input.value, count);
    offer(input, count);
  }
  const results = form.querySelector('.filter-results');
  if (results) results.textContent = resultsLabel(filterProducts(products, filter).length);
}

const form = document.querySelector<HTMLFormElement>('#shell-filter form');
const data = document.getElementById('shell-filter-facets');
if (form && data) {
  try {
    const products = JSON.parse(data.textContent ?? '[]') as FacetFields[];
    const follow = () => recount(form, products);
    form.addEventListener('change', follow);
    form.addEventListener('input', follow);
    // A reset clears the fields after its event: count once they are cleared.
    form.addEventListener('reset', () => setTimeout(follow));
  } catch {
    // Unreadable data: the counts stay as the page drew them until the island comes.
  }
}
