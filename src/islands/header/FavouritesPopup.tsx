import { discountedPrice } from '../../lib/pricing.ts';
import { ROUTES, productPath } from '../../lib/routes.ts';
import { FAVOURITE_MESSAGES } from '../../lib/messages.ts';
import { $products } from '../../stores/catalogue.ts';
import { $favourites, toggleFavourite } from '../../stores/favourites.ts';
import { $ui, closeOverlays, UI_CLOSED } from '../../stores/ui.ts';
import { Price } from '../shared/Price.tsx';
import { CloseButton, Dialog } from './Dialog.tsx';
import { useHydratedStore } from '../shared/hooks.ts';

const NO_FAVOURITES: string[] = [];

/** The header's favourites popup: the saved products with a link to the full page. */
export function FavouritesPopup() {
  const { favourites } = useHydratedStore($ui, UI_CLOSED);
  return (
    <Dialog
      open={favourites}
      onClose={closeOverlays}
      label={FAVOURITE_MESSAGES.emptyTitle}
      className="favourites-popup"
    >
      <FavouritesBody />
    </Dialog>
  );
}

function FavouritesBody() {
  const ids = useHydratedStore($favourites, NO_FAVOURITES);
  const products = useHydratedStore($products, null);
  const saved = (products ?? []).filter((p) => ids.includes(p._id));
  return (
    <>
      <div className="sheet-head">
        <h2>{FAVOURITE_MESSAGES.emptyTitle}</h2>
        <CloseButton onClose={closeOverlays} />
      </div>
      {ids.length === 0 && (
        <div className="empty-favourites">
          <p className="empty">{FAVOURITE_MESSAGES.empty}</p>
          <p className="muted">Tap the heart on any bag to keep it here.</p>
          <a className="button" href={ROUTES.collections}>
            Browse bags
          </a>
        </div>
      )}
      {ids.length > 0 && products === null && <p>Loading...</p>}
      <ul className="mini-list">
        {saved.map((p) => (
          <li key={p._id}>
            <a href={productPath(p._id)}>
              <img
                src={p.colorImages[0]?.images[0] ?? ''}
                alt=""
                width={56}
                height={56}
                loading="lazy"
              />
              <span className="name">{p.productName}</span>
            </a>
            <Price pkr={discountedPrice(p)} />
            <button
              type="button"
              className="link"
              onClick={() => toggleFavourite(p._id)}
              aria-label={`${FAVOURITE_MESSAGES.remove}: ${p.productName}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {ids.length > 0 && (
        <a className="button secondary" href={ROUTES.favourites}>
          See all favourites
        </a>
      )}
    </>
  );
}
