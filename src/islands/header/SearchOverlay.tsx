import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { SEARCH_LIMIT, trendingProducts } from '../../lib/catalogue.ts';
import { LISTING_MESSAGES } from '../../lib/messages.ts';
import { discountedPrice } from '../../lib/pricing.ts';
import type { Product } from '../../lib/product.ts';
import { ROUTES, productPath, searchPath } from '../../lib/routes.ts';
import { $products, $productsError } from '../../stores/catalogue.ts';
import { $ui, closeOverlays, UI_CLOSED } from '../../stores/ui.ts';
import { takeShellFields } from '../../client/shells.ts';
import { Price } from '../shared/Price.tsx';
import { CloseButton, Dialog } from './Dialog.tsx';
import { useHydratedStore } from '../shared/hooks.ts';

/** Category shortcut chips (docs/product.md §2 Search overlay). */
export const SEARCH_CHIPS = [
  { label: 'Handbags', href: ROUTES.handbags },
  { label: 'Bagpacks', href: ROUTES.bagpacks },
  { label: 'Sleeves', href: ROUTES.sleeves },
  { label: 'Best Sellers', href: ROUTES.bestSellers },
  { label: 'Under 999', href: ROUTES.under999 },
] as const;

/**
 * The search overlay: up to 6 results by name, maker, colour and category with a link to all of
 * them, chips, suggestions that find something, Trending Products when empty.
 */
export function SearchOverlay() {
  const { search } = useHydratedStore($ui, UI_CLOSED);
  return (
    <Dialog
      open={search}
      onClose={closeOverlays}
      label="Search products"
      side="top"
      className="search"
    >
      <SearchBody />
    </Dialog>
  );
}

type SearchRule = typeof import('../../lib/search.ts');
let searchRule: Promise<SearchRule> | undefined;

/**
 * The search rule (src/lib/search.ts), loaded when the sheet first opens rather than with the
 * header on every page: it is needed only once a shopper types, and the catalogue it searches is
 * fetched at the same moment. Null until it has loaded; a failed load is tried again next time.
 */
function useSearchRule(): SearchRule | null {
  const [rule, setRule] = useState<SearchRule | null>(null);
  useEffect(() => {
    let live = true;
    (searchRule ??= import('../../lib/search.ts')).then(
      (loaded) => live && setRule(loaded),
      () => (searchRule = undefined),
    );
    return () => {
      live = false;
    };
  }, []);
  return rule;
}

function SearchBody() {
  const products = useHydratedStore($products, null);
  // The words typed into the page's first-tap copy of this sheet, before React came.
  const [query, setQuery] = useState(
    () => takeShellFields('shell-search')?.find(([name]) => name === 'q')?.[1] ?? '',
  );
  const [active, setActive] = useState(-1);
  const failure = useHydratedStore($productsError, null);
  const rule = useSearchRule();
  const list = useMemo(() => products ?? [], [products]);
  const results = useMemo(() => rule?.searchProducts(list, query) ?? [], [rule, list, query]);
  const shown = query.trim() ? results.slice(0, SEARCH_LIMIT) : trendingProducts(list);
  const suggestions = useMemo(
    () => rule?.searchSuggestions(list, query) ?? [],
    [rule, list, query],
  );
  // Until the catalogue (and, for a query, the rule) has come, nothing is said about matches.
  const loading = products === null || (query.trim() !== '' && rule === null);
  useEffect(() => setActive(-1), [query]);

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (shown.length === 0 ? -1 : (i + step + shown.length) % shown.length));
    } else if (e.key === 'Escape') {
      // A search field's first Esc would only clear it; the overlay closes at once instead.
      e.preventDefault();
      closeOverlays();
    } else if (e.key === 'Enter') {
      // The chosen result opens its product; otherwise the form opens every result.
      const target = shown[active];
      if (target) {
        e.preventDefault();
        window.location.assign(productPath(target._id));
      }
    }
  };

  return (
    <div className="search-body">
      <div className="sheet-head">
        {/* A plain GET form: Enter opens the results page (nothing to open stays put). */}
        <form
          role="search"
          className="search-form"
          action={ROUTES.search}
          method="get"
          onSubmit={(e) => {
            // While the catalogue loads the page still answers; once it says nothing matches, stay.
            if (!query.trim() || (!loading && results.length === 0)) e.preventDefault();
          }}
        >
          <label htmlFor="search-input" className="visually-hidden">
            Search products
          </label>
          <input
            id="search-input"
            name="q"
            type="search"
            role="combobox"
            aria-expanded={shown.length > 0}
            aria-controls="search-results"
            aria-activedescendant={active >= 0 ? `search-result-${active}` : undefined}
            autoComplete="off"
            placeholder="Search bags, colours, makers…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKey}
            // The shopper opened search to type: the field takes focus, as the dialog's first control.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        </form>
        <CloseButton onClose={closeOverlays} label="Close search" />
      </div>
      <nav className="chips" aria-label="Categories">
        {SEARCH_CHIPS.map((chip) => (
          <a key={chip.href} className="chip" href={chip.href}>
            {chip.label}
          </a>
        ))}
      </nav>
      {suggestions.length > 0 && (
        <p className="suggestions">
          Suggestions:{' '}
          {suggestions.map((s) => (
            <button key={s} type="button" className="link" onClick={() => setQuery(s)}>
              {s}
            </button>
          ))}
        </p>
      )}
      <h2 className="search-title">{query.trim() ? 'Results' : 'Trending Products'}</h2>
      {failure && products === null && <p role="alert">{failure}</p>}
      {!failure && loading && <p>Loading...</p>}
      {!loading && query.trim() !== '' && results.length === 0 && <p>{LISTING_MESSAGES.empty}</p>}
      <ul
        id="search-results"
        role="listbox"
        aria-label={query.trim() ? 'Results' : 'Trending Products'}
        className="search-results"
      >
        {shown.map((p, i) => (
          <SearchResult key={p._id} product={p} index={i} active={i === active} />
        ))}
      </ul>
      {query.trim() !== '' && results.length > 0 && (
        <a className="button secondary see-all" href={searchPath(query)}>
          {seeAllText(results.length)}
        </a>
      )}
    </div>
  );
}

/** The link to the results page: 'See all 9 results' ('See all 1 result' for one). */
const seeAllText = (count: number): string => `See all ${count} result${count === 1 ? '' : 's'}`;

function SearchResult({
  product,
  index,
  active,
}: {
  product: Product;
  index: number;
  active: boolean;
}) {
  const image = product.colorImages[0]?.images[0] ?? '';
  return (
    // The link is the option itself (no control inside an option); focus stays in the search field.
    <li role="presentation" className={active ? 'active' : undefined}>
      <a
        id={`search-result-${index}`}
        role="option"
        aria-selected={active}
        tabIndex={-1}
        href={productPath(product._id)}
      >
        <img src={image} alt="" width={64} height={64} loading="lazy" />
        <span className="name">{product.productName}</span>
        <Price pkr={discountedPrice(product)} />
      </a>
    </li>
  );
}
