// What the desk asks for before its first render, all at once: who is signed in, the module of the
// screen the address names and, on the order list (the screen staff open most), its first page. The
// list used to wait for the session's answer, then the screen's module, then its own call, one
// after another.
import { pathOfHash } from '../../lib/desk-view.ts';
import { prefetchSession } from '../../stores/desk.ts';
import { prefetchOrders } from '../../stores/desk-orders.ts';
import { SCREENS, findScreen, preloadScreen } from './screens.ts';

/** Starts the desk's first calls and its screen's module for the address `hash`. */
export function startDesk(hash: string): void {
  prefetchSession();
  const screen = findScreen(pathOfHash(hash))?.screen ?? SCREENS[0]!;
  preloadScreen(screen);
  if (screen.id === 'orders') prefetchOrders();
}
