import { useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

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
