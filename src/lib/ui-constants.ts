import { ROUTES } from './routes.ts';

/** One home slideshow slide (docs/product.md §2). */
export type Slide = { title: string; description: string; cta: string; href: string };

/** The home slideshow: timings, swipe threshold and its three slides (docs/product.md §2, §9). */
export const SLIDESHOW: {
  readonly intervalMs: number;
  readonly fadeMs: number;
  readonly swipeThresholdPx: number;
  readonly slides: readonly Slide[];
} = {
  intervalMs: 5000,
  fadeMs: 300,
  swipeThresholdPx: 50,
  slides: [
    {
      title: 'Work in Style',
      description: 'Sleek handbags made to match your hustle',
      cta: 'Explore Collection',
      href: ROUTES.collections,
    },
    {
      title: 'Carry Confidence',
      description: 'Smart handbags for every move you make',
      cta: 'Explore Collection',
      href: ROUTES.collections,
    },
    {
      title: 'Tech Meets Trend',
      description: 'Bold designs built for everyday tech life',
      cta: 'Explore Collection',
      href: ROUTES.collections,
    },
  ],
};

/** The next slide index after a step of +1 or −1, wrapping at both ends. */
export function wrapSlide(index: number, step: number, count = SLIDESHOW.slides.length): number {
  return (((index + step) % count) + count) % count;
}

/** How long a notification banner stays before it hides (docs/product.md §4, §9). */
export const NOTIFICATION_MS = 7000;
