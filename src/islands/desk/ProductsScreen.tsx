// The products screen: the catalogue with each colour's stock, searched by name, maker
// or id, live / archived / all. A colour is marked sold out or back in stock with one tap, live in
// the shop at once; a product is archived (hidden) or restored; an owner deletes one never ordered.
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { DeskProductState } from '../../lib/contract/desk-stock.ts';
import {
  $productFilters,
  $productList,
  deleteProduct,
  loadProducts,
  setArchived,
  setColourStock,
  type ProductShow,
} from '../../stores/desk-products.ts';
import type { ScreenProps } from './screen-props.ts';
import { Field } from './Field.tsx';
import PublishBar from './PublishBar.tsx';

function ProductCard({ product, owner }: { product: DeskProductState; owner: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    await action();
    setBusy(false);
  };
  return (
    <li className="desk-product">
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
              disabled={busy}
              onClick={() => void run(() => setColourStock(product, c.color, !c.inStock))}
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
          disabled={busy}
          onClick={() => void run(() => setArchived(product, !product.archived))}
          aria-label={`${product.archived ? 'Restore' : 'Archive'} ${product.productName}`}
        >
          {product.archived ? 'Restore' : 'Archive'}
        </button>
        {owner && (
          <button
            type="button"
            className="desk-button desk-danger"
            disabled={busy}
            onClick={() => {
              if (confirm(`Delete ${product.productName} for good?`))
                void run(() => deleteProduct(product));
            }}
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

  useEffect(() => {
    void loadProducts();
  }, []);

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
  return (
    <>
      {/* editor */}
      <p>
        <a className="desk-button" href="#/products/new">
          Add product
        </a>
      </p>
      <PublishBar owner={staff.role === 'owner'} />
      <ul className="desk-chips" aria-label="Which products">
        {chip('live', 'On sale', counts?.live)}
        {chip('archived', 'Archived', counts?.archived)}
        {chip('all', 'All', counts ? counts.live + counts.archived : undefined)}
      </ul>
      <form className="desk-form desk-filters" role="search" onSubmit={search}>
        <Field
          label="Search: name, maker or id"
          name="q"
          type="search"
          defaultValue={filters.q}
          maxLength={100}
        />
        <button type="submit" className="desk-button">
          Search
        </button>
      </form>
      {list === null ? (
        <p>Loading products…</p>
      ) : list.products.length === 0 ? (
        <p>No products match.</p>
      ) : (
        <ul className="desk-products">
          {list.products.map((p) => (
            <ProductCard key={p._id} product={p} owner={staff.role === 'owner'} />
          ))}
        </ul>
      )}
    </>
  );
}
