// Pages of a list the desk already holds (the Products screen): which items a page shows and the
// words that say where the page is in the list.

/** How many products one page of the Products screen shows: a phone's few screens of cards. */
export const PRODUCT_PAGE = 12;

/** One page of a list. */
export interface ListPage<T> {
  items: T[];
  /** The page shown (1-based), after clamping to the pages there are. */
  page: number;
  pages: number;
  /** The first and last item's place in the whole list (1-based; 0 and 0 for an empty list). */
  first: number;
  last: number;
  total: number;
}

/**
 * Page `page` (1-based) of `items`, `size` a page. A page past the end (the list shrank under it,
 * say after an archive) is the last page; one before the start is the first.
 */
export function pageOf<T>(items: readonly T[], page: number, size: number): ListPage<T> {
  const total = items.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(pages, Math.max(1, Math.floor(page)));
  const start = (shown - 1) * size;
  const slice = items.slice(start, start + size);
  return {
    items: slice,
    page: shown,
    pages,
    first: slice.length ? start + 1 : 0,
    last: start + slice.length,
    total,
  };
}

/** Where a page is in its list: 'Showing 1–12 of 57' (an en dash), 'Showing 57 of 57'. */
export function showingText(page: Pick<ListPage<unknown>, 'first' | 'last' | 'total'>): string {
  const range = page.first === page.last ? `${page.last}` : `${page.first}–${page.last}`;
  return `Showing ${range} of ${page.total}`;
}
