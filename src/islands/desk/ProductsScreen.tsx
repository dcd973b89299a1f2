// The products screen: the search field first, then the catalogue with each colour's stock, a page
// of 12 at a time, searched by name, maker or id, live / archived / all. A colour is marked sold
// out or back in stock with one tap, live in the shop at once; a product is archived (hidden) or
// restored; an owner deletes one never ordered. After a tap focus stays on the colour's button (its
// new label says the new state) or, when the product leaves the list, goes to the message: never
// to the page, where Tab would go astray.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { DeskProductState } from '../../lib/contract/desk-stock.ts';
import { PRODUCT_PAGE, pageOf, showingText } from '../../lib/desk-paging.ts';
import {
  $productFilters,
  $productList,
  $productPage,
  deleteProduct,
  loadProducts,
  setArchived,
  setColourStock,
  showProductPage,
  type ProductShow,
} from '../../stores/desk-products.ts';
import type { ScreenProps } from './screen-props.ts';
import { SearchBox } from './Field.tsx';
import PublishBar from './PublishBar.tsx';
import {
  actionButtonIn,
  pressWhenIdle,
  theMessage,
  useFocusAfter,
  type FocusTarget,
} from './focus-after.ts';

function ProductCard({
  product,
  owner,
  focusAfter,
}: {
  product: DeskProductState;
  owner: boolean;
  focusAfter: (target: FocusTarget) => void;
}) {
  const [busy, setBusy] = useState(false);
  const card = useRef<HTMLLIElement>(null);
  const run = async (action: () => Promise<void>, then: FocusTarget) => {
    setBusy(true);
    await action();
    setBusy(false);
    focusAfter(then);
  };
  // The pressed button while the card is still listed; the message once it has left the list.
  const back = (action: string) => () =>
    (card.current?.isConnected ? actionButtonIn(card.current, action) : null) ?? theMessage();
  return (
    <li className="desk-product" ref={card}>
      <h2 className="desk-product-name">{product.productName}</h2>
      <p className="desk-hint">
        {product._id}
        {product.archived ? ' · Archived' : product.stock ? ' · On sale' : ' · Sold out'}
      </p>
      <ul className="desk-colours" aria-label={`Colours of ${product.productName}`}>
        {product.colours.map((c) => (
          <li key={c.color}>
            <span>
              {c.color}: <strong>{c.inStock ? 'In stock' : 'Out of stock'}</strong>
            </span>
            <button
              type="button"
              className="desk-button desk-quiet"
              data-action={`stock ${c.color}`}
              {...pressWhenIdle(
                busy,
                () =>
                  void run(
                    () => setColourStock(product, c.color, !c.inStock),
                    back(`stock ${c.color}`),
                  ),
              )}
              aria-label={`${c.inStock ? `Mark ${c.color} sold out` : `Mark ${c.color} in stock`} (${product.productName})`}
            >
              {c.inStock ? `Mark ${c.color} sold out` : `Mark ${c.color} in stock`}
            </button>
          </li>
        ))}
      </ul>
      {/* Every card repeats these buttons: each names its product, as a screen reader lists them. */}
      <div className="desk-actions">
        <a
          className="desk-button desk-quiet"
          href={`#/products/${encodeURIComponent(product._id)}`}
          aria-label={`Edit ${product.productName}`}
        >
          Edit
        </a>
        <button
          type="button"
          className="desk-button desk-quiet"
          data-action="archive"
          {...pressWhenIdle(
            busy,
            () => void run(() => setArchived(product, !product.archived), back('archive')),
          )}
          aria-label={`${product.archived ? 'Restore' : 'Archive'} ${product.productName}`}
        >
          {product.archived ? 'Restore' : 'Archive'}
        </button>
        {owner && (
          <button
            type="button"
            className="desk-button desk-danger"
            {...pressWhenIdle(busy, () => {
              if (confirm(`Delete ${product.productName} for good?`))
                void run(() => deleteProduct(product), theMessage);
            })}
            aria-label={`Delete ${product.productName}`}
          >
            Delete
          </button>
        )}
      </div>
    </li>
  );
}

/** The products screen. */
export default function ProductsScreen({ staff }: ScreenProps) {
  const filters = useStore($productFilters);
  const list = useStore($productList);
  // Held above the cards: an archived or deleted product's card goes, and focus must still land.
  const focusAfter = useFocusAfter();
  const pageNumber = useStore($productPage);
  const showing = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    void loadProducts();
  }, []);

  /** Another page: focus goes to the line that says which, at the top of the new cards. */
  function turnTo(page: number) {
    showProductPage(page);
    showing.current?.focus();
  }

  const chip = (show: ProductShow, label: string, count: number | undefined) => (
    <li key={show}>
      <button
        type="button"
        className="desk-chip"
        aria-pressed={filters.show === show}
        onClick={() => void loadProducts({ ...filters, show })}
      >
        {label} <span className="desk-count">{count ?? '…'}</span>
      </button>
    </li>
  );

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '');
    void loadProducts({ ...filters, q });
  }

  const counts = list?.counts;
  const page = list ? pageOf(list.products, pageNumber, PRODUCT_PAGE) : null;
  return (
    <>
      <form className="desk-form desk-filters" role="search" onSubmit={search}>
        <SearchBox label="Search: name, maker or id" query={filters.q} />
      </form>
      <ul className="desk-chips" aria-label="Which products">
        {chip('live', 'On sale', counts?.live)}
        {chip('archived', 'Archived', counts?.archived)}
        {chip('all', 'All', counts ? counts.live + counts.archived : undefined)}
      </ul>
      {/* editor */}
      <p>
        <a className="desk-button" href="#/products/new">
          Add product
        </a>
      </p>
      <PublishBar mayPublish={staff.publish} />
      {list === null || page === null ? (
        <p>Loading products…</p>
      ) : list.products.length === 0 ? (
        <p>No products match.</p>
      ) : (
        <>
          <p className="desk-hint desk-showing" ref={showing} tabIndex={-1} aria-live="polite">
            {showingText(page)}
          </p>
          <ul className="desk-products">
            {page.items.map((p) => (
              <ProductCard
                key={p._id}
                product={p}
                owner={staff.role === 'owner'}
                focusAfter={focusAfter}
              />
            ))}
          </ul>
          {page.pages > 1 && (
            <nav className="desk-pager" aria-label="Pages of products">
              <button
                type="button"
                className="desk-button desk-quiet"
                disabled={page.page === 1}
                onClick={() => turnTo(page.page - 1)}
              >
                Previous
              </button>
              <span>
                Page {page.page} of {page.pages}
              </span>
              <button
                type="button"
                className="desk-button desk-quiet"
                disabled={page.page === page.pages}
                onClick={() => turnTo(page.page + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
