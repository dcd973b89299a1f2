// The home slideshow before React: the island hydrates on the shopper's first touch
// (client:interaction), so until then this small plain-DOM driver runs the static slides — a fade
// every 5 s (the CSS's 300 ms transition), dots and swipes — with the same rules as
// slideshow-state.ts. It hands over on hydration: the slide shown and when it was shown are left in
// `data-index` / `data-shown-at` on the section, which the React island reads once.
import { swipeStep } from '../islands/catalogue/slideshow-state.ts';
import { SLIDESHOW, wrapSlide } from '../lib/ui-constants.ts';

/** Starts the driver for the page's slideshow, if there is one still waiting for React. */
export function driveSlideshow(doc: Document = document): void {
  const section = doc.querySelector<HTMLElement>('.slideshow');
  const island = section?.closest('astro-island');
  if (!section || !island?.hasAttribute('ssr')) return;
  const slides = [...section.querySelectorAll<HTMLElement>('.slide')];
  const dots = [...section.querySelectorAll<HTMLElement>('.dot')];
  const area = section.querySelector<HTMLElement>('.slides');
  if (slides.length === 0 || !area) return;
  let index = 0;
  let timer = 0;
  let drag: { x: number; id: number } | null = null;
  let swiped = false;
  const reduced = matchMedia('(prefers-reduced-motion: reduce)');
  // React owns the slides from its first effect on (it marks the section), a moment before Astro
  // drops `ssr`: from then on a swipe goes to React through the dot, or the two would disagree and
  // React's pending update would leave two slides shown.
  const hydrated = () => !island.hasAttribute('ssr') || section.dataset.owner === 'react';

  const show = (next: number) => {
    if (next === index) return;
    index = next;
    slides.forEach((slide, i) => {
      slide.classList.toggle('active', i === index);
      slide.setAttribute('aria-hidden', String(i !== index));
      slide.inert = i !== index;
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    section.dataset.index = String(index);
    section.dataset.shownAt = String(performance.now());
    schedule();
  };
  const schedule = () => {
    clearTimeout(timer);
    if (hydrated() || reduced.matches) return;
    timer = window.setTimeout(() => {
      if (hydrated()) return;
      if (document.visibilityState === 'visible') show(wrapSlide(index, 1, slides.length));
      else schedule();
    }, SLIDESHOW.intervalMs);
  };

  // Window capture: these run before the island's directive holds the event for replay.
  const onPointerDown = (e: PointerEvent) => {
    if (hydrated() || e.button !== 0 || !area.contains(e.target as Node)) return;
    drag = { x: e.clientX, id: e.pointerId };
    swiped = false;
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = drag;
    drag = null;
    if (!start || start.id !== e.pointerId) return;
    const step = swipeStep(e.clientX - start.x);
    swiped = step !== 0;
    if (!swiped) return;
    const next = wrapSlide(index, step, slides.length);
    // React took over mid-swipe: let it move, through the dot of the slide the swipe asks for.
    if (hydrated()) dots[next]?.click();
    else show(next);
  };
  const onClick = (e: MouseEvent) => {
    // A swipe is not also a click on the slide's link.
    if (swiped && area.contains(e.target as Node)) {
      e.preventDefault();
      e.stopImmediatePropagation();
      swiped = false;
      return;
    }
    if (hydrated()) return;
    const dot = dots.indexOf((e.target as Element).closest?.('.dot') as HTMLElement);
    // Shown at once; the directive also replays the tap to React, which selects the same slide.
    if (dot >= 0) show(dot);
  };
  window.addEventListener('pointerdown', onPointerDown, true);
  window.addEventListener('pointerup', onPointerUp, true);
  window.addEventListener('click', onClick, true);
  island.addEventListener('astro:hydrate', () => clearTimeout(timer), { once: true });
  schedule();
}
