import { useEffect } from 'react';
import { FAVOURITE_MESSAGES } from '../../lib/messages.ts';
import { startAccount } from '../../stores/account.ts';
import { $cartCount } from '../../stores/cart.ts';
import { refreshCurrency } from '../../stores/currency.ts';
import { $session, SIGNED_OUT } from '../../stores/session.ts';
import { $ui, openDrawer } from '../../stores/ui.ts';
import { AccountDrawer } from './AccountDrawer.tsx';
import { CartPanel } from './CartPanel.tsx';
import { FavouritesPopup } from './FavouritesPopup.tsx';
import { SearchOverlay } from './SearchOverlay.tsx';
import { Toasts } from './Toasts.tsx';
import { useHydratedStore } from '../shared/hooks.ts';
import './header.css';
import { ROUTES } from '../../lib/routes.ts';

const open = (key: 'search' | 'favourites') =>
  $ui.set({ ...$ui.get(), [key]: true, drawer: null, cartPanel: false });

/**
 * The header's icons (search, profile, favourites, cart with count) and every overlay they open.
 * Checkout hides search and favourites (docs/product.md §2).
 */
export default function HeaderTools({ checkout = false }: { checkout?: boolean }) {
  const count = useHydratedStore($cartCount, 0);
  const session = useHydratedStore($session, SIGNED_OUT);
  useEffect(() => {
    void startAccount();
    void refreshCurrency();
  }, []);
  return (
    <>
      {!checkout && (
        <button
          type="button"
          className="icon-button"
          aria-label="Search"
          data-action="search"
          data-shell="shell-search"
          onClick={() => open('search')}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label={session.token ? `Account of ${session.name}` : 'Log in or create an account'}
        data-action="account"
        data-shell="shell-account"
        onClick={() => openDrawer(session.token ? 'account' : 'login')}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
      </button>
      {!checkout && (
        <button
          type="button"
          className="icon-button"
          aria-label={FAVOURITE_MESSAGES.emptyTitle}
          data-action="favourites"
          onClick={() => open('favourites')}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
          </svg>
        </button>
      )}
      <a className="cart-link" href={ROUTES.cart}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M6 7h12l-1 13H7L6 7Zm3 0a3 3 0 0 1 6 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        <span className="visually-hidden">Cart, items:</span>
        <span className="cart-count" data-cart-count>
          {count}
        </span>
      </a>
      <SearchOverlay />
      <AccountDrawer />
      <FavouritesPopup />
      <CartPanel />
      <Toasts />
    </>
  );
}
