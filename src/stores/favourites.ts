import { atom } from 'nanostores';
import { mergeFavourites } from '../lib/cart.ts';
import { FAVOURITE_MESSAGES } from '../lib/messages.ts';
import { notify } from './notices.ts';
import { $session } from './session.ts';
import { KEYS, readJson, remove, write } from './storage.ts';

const clean = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Saved product ids, local only, per user e-mail or under the guest key; read from storage at start. */
export const $favourites = atom<string[]>(
  typeof window === 'undefined' ? [] : clean(readJson(KEYS.favourites($session.get().email), [])),
);

/** Loads the saved list of a user ('' for a guest). */
export function loadFavourites(email: string): void {
  $favourites.set(clean(readJson(KEYS.favourites(email), [])));
}

/** Adds or removes a product; adding confirms with the spec's toast. */
export function toggleFavourite(productId: string): void {
  const current = $favourites.get();
  const next = current.includes(productId)
    ? current.filter((id) => id !== productId)
    : [...current, productId];
  $favourites.set(next);
  write(KEYS.favourites($session.get().email), next);
  if (next.length > current.length) notify(FAVOURITE_MESSAGES.added, 'success');
}

/** Folds the guest's favourites into a user's (union, no duplicates) and deletes the guest copy. */
export function adoptGuestFavourites(email: string): void {
  const merged = mergeFavourites(
    clean(readJson(KEYS.favourites(email), [])),
    clean(readJson(KEYS.favourites(''), [])),
  );
  write(KEYS.favourites(email), merged);
  remove(KEYS.favourites(''));
  $favourites.set(merged);
}
