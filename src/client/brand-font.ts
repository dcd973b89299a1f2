// Inlined in <head> (src/components/BrandFont.astro, `?inline-script`): the brand typeface, kept
// off the page's critical path. A browser that has not fetched the font file yet paints in the
// metric-matched fallback (src/lib/brand-font.ts) and asks for the file only after the load event,
// so it never shares a slow link with the page's largest image (LCP); the swap moves nothing
// (CLS 0). Once it has the file it remembers the file's URL, and later pages add the face at once
// with font-display 'fallback': the cached file is there for the first paint, and a cache that
// lost it shows the fallback after 100 ms rather than invisible text.
import { brandFontSource, BRAND_FONT, BRAND_FONT_WEIGHTS } from '../lib/brand-font.ts';
import { BRAND_FONT_KEY } from '../lib/storage-keys.ts';

const url = document.currentScript?.dataset.font ?? '';

function add(display: FontDisplay) {
  const face = new FontFace(BRAND_FONT, brandFontSource(url), {
    weight: BRAND_FONT_WEIGHTS,
    display,
  });
  document.fonts.add(face);
  face.load().then(
    () => {
      try {
        localStorage.setItem(BRAND_FONT_KEY, url);
      } catch {
        // No storage (a private window's quota): every page then waits for its load event.
      }
    },
    () => undefined, // no font: the fallback stays, which is what the shopper already sees
  );
}

let cached = false;
try {
  cached = localStorage.getItem(BRAND_FONT_KEY) === url;
} catch {
  // Storage refused: treated as a first visit.
}
if (cached) add('fallback');
else addEventListener('load', () => add('swap'));
