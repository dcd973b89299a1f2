// The desk page's one script. It starts the desk's first calls at once (./start.ts: a few small
// modules), and loads the drawing (./draw.tsx: Preact and every component of the shell) beside them;
// it draws once both are in. The desk is rendered only in the browser (a staff-only area has nothing
// to show a crawler), so its page carries no inline script and its CSP allows scripts from this
// origin only.
import { DESK_NOT_LOADED } from '../../lib/desk-view.ts';
import { startDesk } from './start.ts';

/**
 * How long the first drawing waits for the first calls at most: a slower answer is then awaited
 * behind "Loading the desk…" (the page's own placeholder says nothing), as before they all came.
 */
const FIRST_DRAWING_WAIT_MS = 4000;

/** Shows `DESK_NOT_LOADED` in `root`, as an alert. */
function notLoaded(root: HTMLElement): void {
  const said = document.createElement('p');
  said.className = 'desk-main';
  said.setAttribute('role', 'alert');
  said.textContent = DESK_NOT_LOADED;
  root.replaceChildren(said);
}

const root = document.getElementById('desk');
if (root) {
  const started = startDesk(location.hash);
  const drawing = import('./draw.tsx');
  const late = new Promise((resolve) => setTimeout(resolve, FIRST_DRAWING_WAIT_MS));
  Promise.all([drawing, Promise.race([started, late])]).then(
    ([{ drawDesk }]) => drawDesk(root),
    () => notLoaded(root),
  );
}
