// The desk page's one script: starts the desk's first calls, then mounts the desk in #desk. The desk
// is rendered only in the browser (a staff-only area has nothing to show a crawler), so its page
// carries no inline script and its CSP allows scripts from this origin only.
import { createRoot } from 'react-dom/client';
import DeskApp from './DeskApp.tsx';
import { startDesk } from './start.ts';

const root = document.getElementById('desk');
if (root) {
  startDesk(location.hash);
  createRoot(root).render(<DeskApp />);
}
