// Where imported photos are served from, and the responsive sources every image tag uses.
// Pure and browser-safe: islands derive a photo's srcset from its stored path alone, so a card
// rendered from /api/product/list, a cart line or a past order needs no extra props.

/** The shorter side an imported photo must have at least, in pixels. */
export const MIN_PHOTO_SIDE = 800;

/**
 * The most pixels a photo may have: sharp's own limit (limitInputPixels, 16383 × 16383), past
 * which the build could not decode it.
 */
export const MAX_PHOTO_PIXELS = 16383 * 16383;

/** The AVIF widths the build produces of every photo (square crops), in pixels. */
export const PHOTO_WIDTHS = [360, 720, 1080] as const;
/**
 * The WebP widths: WebP is the fallback for the few browsers without AVIF, so it stops at 720 px
 * (a 1080 px WebP costs as much build time as two AVIFs, for a small share of shoppers).
 */
export const WEBP_WIDTHS = [360, 720] as const;

/** The width of the JPEG made for Open Graph previews. */
export const OG_WIDTH = 1080;

/** A stored photo path: `/photos/` + the SHA-256 of the original's bytes + its format. */
export const PHOTO_PATH = /^\/photos\/([0-9a-f]{64})\.(jpg|png|webp)$/;

/** `sizes` for a product card in a grid: two columns on phones, four (beside filters) on wide screens. */
export const CARD_SIZES = '(min-width: 1024px) 300px, 50vw';
/** `sizes` for the home's category tiles: at most 460 px wide. */
export const TILE_SIZES = '(min-width: 500px) 460px, 100vw';
/** `sizes` for a home slide's photo: the hero's right three fifths from 768 px, 260 px on phones. */
export const HERO_SIZES = '(min-width: 768px) 60vw, 260px';
/** `sizes` for the product page's main image: full width on phones, about half beside the buy box from 768 px. */
export const GALLERY_SIZES = '(min-width: 1200px) 560px, (min-width: 768px) 50vw, 100vw';
/** `sizes` for small thumbnails (cart lines, search results, gallery thumbnails). */
export const THUMB_SIZES = '96px';

/** The responsive sources of one image; `avif`/`webp` are empty for images that are not photos. */
export type ImageSources = { src: string; avif: string; webp: string };

/** URL of one optimised variant of a stored photo. */
export function variantUrl(hash: string, width: number, format: 'avif' | 'webp' | 'jpg'): string {
  return `/photos/${hash}-${width}.${format}`;
}

/** The srcsets of an image path: photos get AVIF and WebP srcsets; others stay as they are. */
export function imageSources(site: string): ImageSources {
  const match = PHOTO_PATH.exec(site);
  if (!match) return { src: site, avif: '', webp: '' };
  const hash = match[1] as string;
  const set = (format: 'avif' | 'webp', widths: readonly number[]) =>
    widths.map((w) => `${variantUrl(hash, w, format)} ${w}w`).join(', ');
  return {
    src: variantUrl(hash, 720, 'webp'),
    avif: set('avif', PHOTO_WIDTHS),
    webp: set('webp', WEBP_WIDTHS),
  };
}

/** The Open Graph image of a path: a JPEG for photos (every crawler reads it), else the path. */
export function ogImage(site: string): string {
  const match = PHOTO_PATH.exec(site);
  return match ? variantUrl(match[1] as string, OG_WIDTH, 'jpg') : site;
}

/**
 * The image structured data names for a path: the 720 px WebP every photo has (the OG JPEG exists
 * only for a product's first image), or the path itself for others.
 */
export function schemaImage(site: string): string {
  const match = PHOTO_PATH.exec(site);
  return match ? variantUrl(match[1] as string, 720, 'webp') : site;
}
