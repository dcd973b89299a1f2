import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { wrapSlide } from '../../lib/ui-constants.ts';
import { Photo } from '../shared/Photo.tsx';
import { NO_ZOOM, toggleZoomAt, type Zoom } from './gallery-gestures.ts';
import { ZoomStage } from './ZoomStage.tsx';

type Props = {
  images: readonly string[];
  index: number;
  alt: string;
  onIndex: (index: number) => void;
  onClose: () => void;
};

/**
 * The full-screen image viewer: a modal dialog with a counter, previous, next, zoom and close; Esc
 * and the arrow keys; a swipe steps between photos, a pinch or a double tap zooms.
 */
export function ImageViewer({ images, index, alt, onIndex, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first button (Previous); the viewer opens on Close instead.
    closeRef.current?.focus();
    return () => dialog?.close();
  }, []);
  const step = (by: number) => {
    setZoom(NO_ZOOM);
    onIndex(wrapSlide(index, by, images.length));
  };
  const zoomed = zoom.scale > 1;
  const toggleZoom = () => {
    const img = ref.current?.querySelector<HTMLImageElement>('.viewer-photo img');
    const size = { width: img?.offsetWidth ?? 0, height: img?.offsetHeight ?? 0 };
    setZoom(zoomed ? NO_ZOOM : toggleZoomAt(zoom, { x: 0, y: 0 }, size));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
    else return;
    e.preventDefault();
  };
  return (
    <dialog
      ref={ref}
      className="viewer"
      aria-label="Image viewer"
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      <p className="viewer-counter" aria-live="polite">
        {index + 1} / {images.length}
      </p>
      <ZoomStage zoom={zoom} setZoom={setZoom} onStep={step}>
        <Photo
          src={images[index] ?? ''}
          sizes="100vw"
          alt={`${alt}, image ${index + 1} of ${images.length}`}
          width={800}
          height={800}
          draggable={false}
        />
      </ZoomStage>
      <button
        type="button"
        className="viewer-prev"
        aria-label="Previous image"
        onClick={() => step(-1)}
      >
        ‹
      </button>
      <button type="button" className="viewer-next" aria-label="Next image" onClick={() => step(1)}>
        ›
      </button>
      <button
        type="button"
        className="viewer-zoom"
        aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
        onClick={toggleZoom}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m15.5 15.5 5 5M7.5 10.5h6" stroke="currentColor" strokeWidth="2" />
          {!zoomed && <path d="M10.5 7.5v6" stroke="currentColor" strokeWidth="2" />}
        </svg>
      </button>
      <button
        type="button"
        className="viewer-close"
        aria-label="Close"
        onClick={() => ref.current?.close()}
        ref={closeRef}
      >
        ×
      </button>
    </dialog>
  );
}
