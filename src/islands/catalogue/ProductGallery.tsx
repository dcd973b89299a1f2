import { useEffect, useState } from 'react';
import { GALLERY_SIZES, THUMB_SIZES } from '../../lib/photos.ts';
import { useHydratedStore } from '../shared/hooks.ts';
import { Photo } from '../shared/Photo.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import { useSwipe } from './gallery-gestures.ts';
import { wrapSlide } from '../../lib/ui-constants.ts';
import { $selectedColour } from '../../stores/product.ts';
import './product.css';

type Props = { name: string; colorImages: { color: string; images: string[] }[] };

/**
 * The product page gallery: the selected colour's images (a sideways swipe steps through them),
 * thumbnails, and the full-screen viewer.
 */
export default function ProductGallery({ name, colorImages }: Props) {
  const chosen = useHydratedStore($selectedColour, '');
  const variant = colorImages.find((c) => c.color === chosen) ?? colorImages[0]!;
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  useEffect(() => setIndex(0), [variant.color]);
  const images = variant.images;
  const current = Math.min(index, images.length - 1);
  const swipe = useSwipe((by) => setIndex(wrapSlide(current, by, images.length)));
  return (
    <div className="gallery" data-testid="gallery" data-colour={variant.color}>
      <button
        type="button"
        className="gallery-main"
        {...swipe.handlers}
        onClick={(e) => !swipe.swiped(e) && setViewing(true)}
        aria-label={`View ${name} full screen`}
      >
        <Photo
          src={images[current] ?? ''}
          sizes={GALLERY_SIZES}
          alt={`${name} in ${variant.color}, image ${current + 1} of ${images.length}`}
          width={800}
          height={800}
          loading="eager"
          fetchPriority="high"
        />
      </button>
      <ul className="thumbs" aria-label="Images">
        {images.map((src, i) => (
          <li key={src}>
            <button
              type="button"
              aria-label={`Show image ${i + 1}`}
              aria-pressed={i === current}
              onClick={() => setIndex(i)}
            >
              <Photo src={src} sizes={THUMB_SIZES} alt="" width={800} height={800} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {viewing && (
        <ImageViewer
          images={images}
          index={current}
          alt={`${name} in ${variant.color}`}
          onIndex={setIndex}
          onClose={() => setViewing(false)}
        />
      )}
    </div>
  );
}
