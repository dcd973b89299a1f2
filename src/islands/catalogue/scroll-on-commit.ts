import { useEffect, useRef, type RefObject } from 'react';

/**
 * docs/product.md §4: the page scrolls to the top when the products shown change. Two limits keep that from
 * throwing the shopper off the control in use: nothing scrolls while a pointer is down (a price
 * handle being dragged) — the scroll waits for the pointer to come up — and the page never
 * scrolls when that would carry the focused control out of view (a checkbox far down the filter
 * panel, a slider moved by keyboard). While the pointer is down the results also keep their
 * height, so a list that shrinks under a dragged handle cannot shorten the page and pull it up.
 */
export function useScrollToTopOnCommit(
  list: unknown,
  results: RefObject<HTMLElement | null>,
): void {
  const first = useRef(list);
  const pointerDown = useRef(false);
  const pending = useRef(false);

  useEffect(() => {
    const down = () => {
      pointerDown.current = true;
      const el = results.current;
      if (el) el.style.minHeight = `${el.offsetHeight}px`;
    };
    const up = () => {
      if (!pointerDown.current) return;
      pointerDown.current = false;
      if (results.current) results.current.style.minHeight = '';
      if (!pending.current) return;
      pending.current = false;
      scrollToTopKeepingFocus();
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, [results]);

  useEffect(() => {
    if (first.current === list) return;
    first.current = list;
    if (pointerDown.current) pending.current = true;
    else scrollToTopKeepingFocus();
  }, [list]);
}

/** Scrolls to the top unless that would move the focused control out of the viewport. */
function scrollToTopKeepingFocus(): void {
  if (window.scrollY === 0) return;
  const active = document.activeElement;
  if (
    active instanceof HTMLElement &&
    active !== document.body &&
    !active.closest('.listing-toolbar') &&
    !inFixedLayer(active)
  ) {
    const rect = active.getBoundingClientRect();
    const topAfter = rect.top + window.scrollY;
    if (topAfter + rect.height > window.innerHeight) return;
  }
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
}

/** True inside a drawer fixed to the viewport, which page scrolling does not move. */
function inFixedLayer(element: HTMLElement): boolean {
  for (let el: HTMLElement | null = element; el; el = el.parentElement) {
    if (getComputedStyle(el).position === 'fixed') return true;
  }
  return false;
}
