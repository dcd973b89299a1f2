// What the desk asks for before its first drawing, all at once: who is signed in, the module of the
// screen the address names and, on the order list (the screen staff open most), its first page.
// The desk is first drawn once all three are in, so its first paint is the whole screen (the list
// with its orders) rather than "Loading the desk…", then the screen, then its orders: three long
// drawings on a slow phone, the last two after the page had already shown.
import { pathOfHash } from '../../lib/desk-view.ts';
import { enterPlace, loadSession, prefetchSession } from '../../stores/desk.ts';
import { prefetchOrders, showEarlyOrders } from '../../stores/desk-orders.ts';
import { SCREENS, findScreen, preloadScreen } from './screens.ts';

/**
 * Starts the desk's first calls and its screen's module for the address `hash`; resolves once they
 * have all answered (or failed: the screen then shows why), never rejects.
 */
export function startDesk(hash: string): Promise<void> {
  const path = pathOfHash(hash);
  // The place first: a message the session's answer brings (an expired session) belongs to it.
  enterPlace(path);
  prefetchSession();
  const screen = findScreen(path)?.screen ?? SCREENS[0]!;
  const waits = [preloadScreen(screen), loadSession()];
  if (screen.id === 'orders') {
    prefetchOrders();
    waits.push(showEarlyOrders());
  }
  return Promise.allSettled(waits).then(() => undefined);
}
