import { useEffect, useRef, type KeyboardEvent } from 'react';
import { wrapSlide } from '../../lib/ui-constants.ts';
import { Photo } from '../shared/Photo.tsx';

type Props = {
  images: readonly string[];
  index: number;
  alt: string;
  onIndex: (index: number) => void;
  onClose: () => void;
};

/** The full-screen image viewer: a modal dialog with a counter, previous, next, close, Esc and arrow keys. */
export function ImageViewer({ images, index, alt, onIndex, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first button (Previous); the viewer opens on Close instead.
    closeRef.current?.focus();
    return () => dialog?.close();
  }, []);
  const step = (by: number) => onIndex(wrapSlide(index, by, images.length));
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
      <Photo
        src={images[index] ?? ''}
        sizes="100vw"
        alt={`${alt}, image ${index + 1} of ${images.length}`}
        width={800}
        height={800}
      />
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
