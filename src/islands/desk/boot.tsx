// The desk page's one script: mounts the desk in #desk. The desk is rendered only in the browser
// (a staff-only area has nothing to show a crawler), so its page carries no inline script and its
// CSP allows scripts from this origin only.
import { createRoot } from 'react-dom/client';
import DeskApp from './DeskApp.tsx';

const root = document.getElementById('desk');
if (root) createRoot(root).render(<DeskApp />);
