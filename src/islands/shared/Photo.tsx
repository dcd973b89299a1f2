import type { ImgHTMLAttributes } from 'react';
import { imageSources } from '../../lib/photos.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet' | 'sizes' | 'src'> & {
  /** A catalogue image path: a stored photo (`/photos/<sha256>.jpg`) or a site path such as an SVG. */
  src: string;
  /** How wide the image shows, for the browser to pick a width (one of the *_SIZES in lib/photos). */
  sizes: string;
};

/**
 * A catalogue image: a stored photo becomes <picture> with AVIF and WebP srcsets (the build makes
 * them); any other path stays a plain <img>. `display: contents` keeps the layout the img had.
 */
export function Photo({ src, sizes, alt, ...img }: Props) {
  const sources = imageSources(src);
  if (!sources.avif) return <img src={src} alt={alt} {...img} />;
  return (
    <picture style={{ display: 'contents' }}>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <img src={sources.src} srcSet={sources.webp} sizes={sizes} alt={alt} {...img} />
    </picture>
  );
}
