// The desk page's one script: starts the desk's first calls, then mounts the desk in #desk once they
// have answered (src/islands/desk/start.ts). The desk
// is rendered only in the browser (a staff-only area has nothing to show a crawler), so its page
// carries no inline script and its CSP allows scripts from this origin only.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import DeskApp from './DeskApp.tsx';
import { startDesk } from './start.ts';

/**
 * How long the first drawing waits for the first calls at most: a slower answer is then awaited
 * behind "Loading the desk…" (the page's own placeholder says nothing), as before they all came.
 */
const FIRST_DRAWING_WAIT_MS = 4000;

const root = document.getElementById('desk');
if (root) {
  const started = startDesk(location.hash);
  const late = new Promise((resolve) => setTimeout(resolve, FIRST_DRAWING_WAIT_MS));
  // As a transition: React draws the whole first screen in slices of a few milliseconds, so a slow
  // phone's main thread is never held for the hundreds of milliseconds the drawing takes in one.
  void Promise.race([started, late]).then(() =>
    startTransition(() => createRoot(root).render(<DeskApp />)),
  );
}
