import { useEffect, useReducer, useRef, useState, type PointerEvent } from 'react';
import { HERO_SIZES } from '../../lib/photos.ts';
import { SLIDESHOW } from '../../lib/ui-constants.ts';
import { Photo } from '../shared/Photo.tsx';
import { initialSlideshow, slideshowReducer, swipeStep } from './slideshow-state.ts';
import './slideshow.css';

/** The home slideshow: fades every 5 s, swipes, dots, and pauses for focus, reduced motion or the pause button. */
export default function Slideshow({ images }: { images: string[] }) {
  const slides = SLIDESHOW.slides;
  const [state, dispatch] = useReducer(slideshowReducer, slides.length, initialSlideshow);
  const [focused, setFocused] = useState(false);
  const [reduced, setReduced] = useState(false);
  const drag = useRef<{ x: number; id: number } | null>(null);
  const dragged = useRef(false);
  const running = !state.paused && !focused && !reduced;
  const section = useRef<HTMLElement>(null);
  // The first wait is shortened by the time the pre-hydration driver already showed its slide.
  const firstDelay = useRef<{ index: number; ms: number } | null>(null);

  // Take over from src/directives/slideshow-driver.ts where it left the slides.
  useEffect(() => {
    if (section.current) section.current.dataset.owner = 'react';
    const { index, shownAt } = section.current?.dataset ?? {};
    if (!index) return;
    const ms = Math.max(0, SLIDESHOW.intervalMs - (performance.now() - Number(shownAt)));
    firstDelay.current = { index: Number(index), ms };
    dispatch({ type: 'select', index: Number(index) });
  }, []);

  useEffect(() => {
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!running) return;
    const handover = firstDelay.current;
    const delay = handover?.index === state.index ? handover.ms : SLIDESHOW.intervalMs;
    if (handover?.index === state.index) firstDelay.current = null;
    const timer = setTimeout(() => {
      if (document.visibilityState === 'visible') dispatch({ type: 'tick' });
    }, delay);
    return () => clearTimeout(timer);
  }, [running, state.index]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, id: e.pointerId };
    dragged.current = false;
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = null;
    if (!start || start.id !== e.pointerId) return;
    const dx = e.clientX - start.x;
    dragged.current = swipeStep(dx) !== 0;
    dispatch({ type: 'swipe', dx });
  };

  return (
    <section
      ref={section}
      className="slideshow"
      aria-roledescription="carousel"
      aria-label="Featured collections"
      onFocus={(e) => setFocused(e.target.matches(':focus-visible'))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="slides"
        aria-live={running ? 'off' : 'polite'}
        style={{ ['--fade' as string]: `${SLIDESHOW.fadeMs}ms` }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onClickCapture={(e) => {
          // A drag that changed the slide is not also a click on its button.
          if (dragged.current) e.preventDefault();
          dragged.current = false;
        }}
        data-testid="slides"
      >
        {slides.map((slide, i) => {
          const active = i === state.index;
          return (
            <div
              key={slide.title}
              className={`slide slide-${i + 1}${active ? ' active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={!active}
              inert={!active}
            >
              <div className="slide-text">
                <h2>{slide.title}</h2>
                <p>{slide.description}</p>
                <a className="button" href={slide.href} draggable={false}>
                  {slide.cta}
                </a>
              </div>
              {images[i] && (
                <Photo
                  src={images[i]}
                  sizes={HERO_SIZES}
                  alt=""
                  width={800}
                  height={800}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  draggable={false}
                />
              )}
            </div>
          );
        })}
      </div>
      <div className="slide-controls">
        <button
          type="button"
          className="slide-pause"
          aria-label={state.paused ? 'Play slideshow' : 'Pause slideshow'}
          onClick={() => dispatch({ type: 'pause', paused: !state.paused })}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            {state.paused ? (
              <path d="M4 2.5v11l9-5.5Z" fill="currentColor" />
            ) : (
              <path d="M4 2.5h3v11H4Zm5 0h3v11H9Z" fill="currentColor" />
            )}
          </svg>
        </button>
        {slides.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            className="dot"
            aria-label={`Slide ${i + 1}: ${slide.title}`}
            aria-current={i === state.index ? 'true' : undefined}
            onClick={() => dispatch({ type: 'select', index: i })}
          />
        ))}
      </div>
    </section>
  );
}
