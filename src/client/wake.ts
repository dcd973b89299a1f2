// The header island (toasts, account drawer, cart panel) hydrates on the shopper's first touch.
// Anything that needs it sooner wakes it through here; the wish is remembered on `window`, so an
// island whose directive starts after the wish still hydrates at once.

/** The event `client:interaction` islands listen for on `document`. */
export const WAKE_EVENT = 'shop:wake';

const FLAG = '__shopAwake';

/** True once something has asked the waiting islands to hydrate. */
export function wakeRequested(): boolean {
  return (
    typeof window !== 'undefined' && (window as unknown as Record<string, unknown>)[FLAG] === true
  );
}

/** Hydrates every `client:interaction` island now, and any that starts later. */
export function wakeIslands(): void {
  if (typeof document === 'undefined') return;
  (window as unknown as Record<string, unknown>)[FLAG] = true;
  document.dispatchEvent(new Event(WAKE_EVENT));
}
