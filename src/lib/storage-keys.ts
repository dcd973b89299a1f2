// The browser-storage keys, the shop's (docs/product.md §3) and the desk's, in one place: the
// stores, the first-paint script and the storage schemas (stored-values.ts) all read them from here.

/** Prefixes of the per-shopper keys; the suffix is the e-mail, or `guest` when signed out. */
export const KEY_PREFIXES = {
  cart: 'cartItems_',
  favourites: 'favourites_',
  settings: 'userSettings_',
} as const;

const GUEST = 'guest';

/** The display currency's key on its own, for the <head> script that must stay a few bytes. */
export const DISPLAY_CURRENCY_KEY = 'displayCurrency';

/**
 * The brand typeface's file URL once this browser has fetched it, for the <head> script that then
 * uses it from the first paint (src/client/brand-font.ts); a new build's file is a new URL.
 */
export const BRAND_FONT_KEY = 'brandFont';

/**
 * sessionStorage: set when this tab's visit began in the fallback typeface, which its later pages
 * then keep (src/client/brand-font.ts), so the type never changes between pages of one visit.
 */
export const FALLBACK_VISIT_KEY = 'fallbackVisit';

/** The storage keys the shop uses. */
export const KEYS = {
  token: 'token',
  email: 'email',
  name: 'name',
  selectedCountry: 'selectedCountry',
  /** The chosen country's currency code, kept beside its name. */
  selectedCurrency: 'selectedCurrency',
  /** The display currency (src/lib/currency.ts) for the first-paint script, so static prices show converted at once. */
  displayCurrency: DISPLAY_CURRENCY_KEY,
  rates: 'currencyRates',
  highlightTrack: 'highlightAllTrackOrder',
  removedOrders: 'removedCancelledOrders',
  settings: (email: string) => `${KEY_PREFIXES.settings}${email}`,
  cart: (email: string) => `${KEY_PREFIXES.cart}${email || GUEST}`,
  favourites: (email: string) => `${KEY_PREFIXES.favourites}${email || GUEST}`,
} as const;

/** The desk's keys (the session itself is an HttpOnly cookie no script reads). */
export const DESK_KEYS = {
  /** localStorage: this browser signed in to the desk and has not signed out ('true'). */
  signedIn: 'deskSignedIn',
  /** sessionStorage: a success message carried to the next desk page this tab opens (enrolment → the desk). */
  carriedNotice: 'deskCarriedNotice',
} as const;
