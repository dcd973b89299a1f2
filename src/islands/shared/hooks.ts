import { useEffect, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';
import { wakeIslands } from '../../client/wake.ts';

/**
 * Reads a store like @nanostores/react's useStore, but hydrates with `serverValue` first: the
 * static HTML was rendered with it, so hydration matches, and the browser's value follows at once.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => serverValue,
  );
}

/**
 * Reads a store only in the browser: `null` while the static HTML hydrates (which was built with
 * no session or favourites), then the browser's value, so nothing signed-out flashes or mismatches.
 */
export function useClientStore<T>(store: ReadableAtom<T>): T | null {
  return useHydratedStore<T | null>(store, null);
}

/**
 * Hydrates the header at once: its toasts, account drawer and server-cart loading must serve this
 * page, while elsewhere it waits for the shopper's first touch (client:interaction).
 */
export function useWakeHeader(): void {
  useEffect(wakeIslands, []);
}
