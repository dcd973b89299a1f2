// Inlined in <head> (src/components/BrandFont.astro, `?inline-script`): the brand typeface, kept
// off the page's critical path. A browser that does not have the font file yet shows this page in
// the metric-matched fallback (src/lib/brand-font.ts) and fetches the file only after the load
// event, for the pages that follow: the file never shares a slow link with the page's largest
// image (LCP), and nothing on this page changes font under the shopper (no swap, no relayout while
// they tap). The visit that began in the fallback keeps it on every page of that tab (a mark in
// sessionStorage), so the shop's type never changes between two pages a shopper reads one after
// the other; the next visit starts in Assistant. Once the file is here its URL is remembered, and a
// visit that starts with it adds the face at once with font-display 'fallback': the cached file is
// there for the first paint, and a cache that lost it shows the fallback after 100 ms rather than
// invisible text.
import { brandFontSource, BRAND_FONT, BRAND_FONT_WEIGHTS } from '../lib/brand-font.ts';
import { BRAND_FONT_KEY, FALLBACK_VISIT_KEY } from '../lib/storage-keys.ts';

const url = document.currentScript?.dataset.font ?? '';
const face = new FontFace(BRAND_FONT, brandFontSource(url), {
  weight: BRAND_FONT_WEIGHTS,
  display: 'fallback',
});

let cached = false;
try {
  cached =
    localStorage.getItem(BRAND_FONT_KEY) === url &&
    sessionStorage.getItem(FALLBACK_VISIT_KEY) === null;
  if (!cached) sessionStorage.setItem(FALLBACK_VISIT_KEY, '1');
} catch {
  // Storage refused: treated as a first visit.
}
if (cached) {
  document.fonts.add(face);
  // From the cache at once, not at the first layout that needs it.
  face.load().catch(() => undefined);
} else
  addEventListener('load', () =>
    face.load().then(
      () => {
        try {
          localStorage.setItem(BRAND_FONT_KEY, url);
        } catch {
          // No storage (a private window's quota): every page stays in the fallback.
        }
      },
      () => undefined, // no font: the fallback stays, which is what the shopper already sees
    ),
  );
