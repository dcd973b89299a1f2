import { useEffect, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';
import { WAKE_EVENT } from '../../directives/interaction.ts';

/**
 * Reads a store only in the browser: `null` while the static HTML hydrates (which was built with
 * no session or favourites), then the browser's value, so nothing signed-out flashes or mismatches.
 */
export function useClientStore<T>(store: ReadableAtom<T>): T | null {
  return useSyncExternalStore<T | null>(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => null,
  );
}

/**
 * Hydrates the header at once: its toasts and account drawer must answer this page's actions,
 * while elsewhere it waits for the shopper's first touch (client:interaction).
 */
export function useWakeHeader(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(WAKE_EVENT));
  }, []);
}
