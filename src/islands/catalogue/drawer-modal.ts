import { useEffect, useRef } from 'react';

/**
 * Makes everything outside `element` inert, as a modal dialog does (no focus, no clicks, hidden from
 * assistive technology), except the elements in `keep`. Answers the undo.
 */
export function inertOutside(element: HTMLElement, keep: readonly Element[] = []): () => void {
  const made: HTMLElement[] = [];
  for (
    let node: HTMLElement | null = element;
    node && node !== document.body;
    node = node.parentElement
  ) {
    for (const sibling of Array.from(node.parentElement?.children ?? [])) {
      if (
        sibling === node ||
        keep.includes(sibling) ||
        !(sibling instanceof HTMLElement) ||
        sibling.inert
      )
        continue;
      sibling.inert = true;
      made.push(sibling);
    }
  }
  return () => made.forEach((el) => (el.inert = false));
}

/**
 * While `open` and the screen matches `query` (where the panel is a drawer over the page), the page
 * behind the panel `id` is inert, its backdrop (`backdropSelector`) excepted so a tap on it closes.
 * Answers `release`, which lifts it at once: call it before focusing something behind the panel.
 */
export function useModalDrawer(
  open: boolean,
  id: string,
  query: string,
  backdropSelector: string,
): () => void {
  const undo = useRef(() => {});
  useEffect(() => {
    const panel = document.getElementById(id);
    if (!open || !panel) return;
    const media = matchMedia(query);
    const apply = () => {
      undo.current();
      const backdrop = panel.parentElement?.querySelector(backdropSelector);
      undo.current = media.matches ? inertOutside(panel, backdrop ? [backdrop] : []) : () => {};
    };
    apply();
    media.addEventListener('change', apply);
    return () => {
      media.removeEventListener('change', apply);
      undo.current();
      undo.current = () => {};
    };
  }, [open, id, query, backdropSelector]);
  return () => {
    undo.current();
    undo.current = () => {};
  };
}
