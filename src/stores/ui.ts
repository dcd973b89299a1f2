import { map } from 'nanostores';
import { wakeIslands } from '../client/wake.ts';

/** Which account-drawer form is showing, or 'account' when signed in. */
export type DrawerMode = 'login' | 'register' | 'forgot' | 'account';

/** Every overlay closed: the state the static HTML is built with. */
export const UI_CLOSED: Readonly<{
  drawer: DrawerMode | null;
  cartPanel: boolean;
  search: boolean;
  favourites: boolean;
}> = {
  drawer: null,
  cartPanel: false,
  search: false,
  favourites: false,
};

/** Open/closed state of the header's overlays, shared by every island. */
export const $ui = map({ ...UI_CLOSED });

/** Opens the account drawer in a mode, waking the header island that holds it. */
export function openDrawer(mode: DrawerMode): void {
  $ui.set({ ...$ui.get(), drawer: mode, search: false, favourites: false });
  wakeIslands();
}

/** Closes every overlay. */
export function closeOverlays(): void {
  $ui.set({ drawer: null, cartPanel: false, search: false, favourites: false });
}

/** Opens the 'Just Added to Cart' panel, waking the header island if it has not hydrated yet. */
export function openCartPanel(): void {
  $ui.set({ drawer: null, cartPanel: true, search: false, favourites: false });
  wakeIslands();
}
