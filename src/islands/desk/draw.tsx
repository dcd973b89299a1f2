// Draws the desk in its element: loaded by ./boot.ts beside the desk's first calls.
import { createRoot } from 'react-dom/client';
import DeskApp from './DeskApp.tsx';

/** Draws the desk into `root`, in place of the page's placeholder. */
export function drawDesk(root: HTMLElement): void {
  // Preact draws in one go (no transition slices), in this task: no frame shows an empty element.
  root.replaceChildren();
  createRoot(root).render(<DeskApp />);
}
