import { FAVOURITE_MESSAGES } from '../../lib/messages.ts';
import { $products, $productsError } from '../../stores/catalogue.ts';
import { $favourites } from '../../stores/favourites.ts';
import { toCardProduct } from '../catalogue/card-product.ts';
import { ProductGrid } from '../catalogue/ProductGrid.tsx';
import { useClientStore, useWakeHeader } from '../shared/hooks.ts';
import '../catalogue/catalogue.css';
import './account.css';
import { useHydratedStore } from '../shared/hooks.ts';
import { ROUTES } from '../../lib/routes.ts';

/** The /favourites and /yourFavourites page body: the saved products as cards. */
export default function FavouritesPage() {
  useWakeHeader();
  const ids = useClientStore($favourites);
  const products = useHydratedStore($products, null);
  const failure = useHydratedStore($productsError, null);
  const saved =
    ids && products ? products.filter((p) => ids.includes(p._id)).map(toCardProduct) : [];
  const view =
    ids === null
      ? 'loading'
      : ids.length === 0
        ? 'empty'
        : products === null
          ? failure
            ? 'failed'
            : 'loading'
          : saved.length === 0
            ? 'empty'
            : 'grid';
  return (
    <section className="account-page favourites-page" aria-labelledby="favourites-title">
      <h1 id="favourites-title">{FAVOURITE_MESSAGES.emptyTitle}</h1>
      {view === 'loading' && <p className="muted">Loading...</p>}
      {view === 'failed' && <p role="alert">{failure}</p>}
      {view === 'empty' && (
        <div className="account-panel">
          <p>{FAVOURITE_MESSAGES.empty}</p>
          <a className="button" href={ROUTES.collections}>
            Explore Collections
          </a>
        </div>
      )}
      {view === 'grid' && (
        <>
          {/* The cards' names are h3: an h2 keeps the outline from jumping from h1. */}
          <h2 className="visually-hidden">Saved products</h2>
          <ProductGrid products={saved} eager={4} />
        </>
      )}
    </section>
  );
}
