// Gestures of the product gallery and its full-screen viewer: a sideways swipe steps between
// photos; in the viewer two fingers pinch to zoom, a double tap zooms in at the tap (and out again),
// and a zoomed photo is dragged within its edges. The rules are pure; the hooks feed them pointer
// events (`touch-action` on the elements leaves vertical page scrolling to the browser).
import { useRef, type PointerEvent } from 'react';
import { swipeStep } from './slideshow-state.ts';

/** The zoom of a photo: scale 1 is the fitted photo; x and y move its centre, in CSS pixels. */
export type Zoom = { scale: number; x: number; y: number };

/** The fitted, unmoved photo. */
export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };
/** The most a photo is enlarged. */
export const MAX_SCALE = 4;
/** The scale a double tap zooms to. */
export const DOUBLE_TAP_SCALE = 2.5;
/** Two taps at most this far apart in time (ms) and space (px) are a double tap. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_PX = 30;

/**
 * A finished one-finger gesture's step: +1 (next) for a swipe leftwards past the slideshow's 50 px
 * threshold, −1 rightwards, 0 for anything shorter or more vertical than sideways.
 */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  return Math.abs(dx) > Math.abs(dy) ? swipeStep(dx) : 0;
}

/** Keeps a scale within 1 and MAX_SCALE. */
export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(1, Number.isFinite(scale) ? scale : 1));
}

/**
 * Keeps a zoomed photo covering its frame: its centre may move at most half the enlargement of the
 * frame's size each way (`size` is the fitted photo's width and height); at scale 1 it is centred.
 */
export function clampPan(zoom: Zoom, size: { width: number; height: number }): Zoom {
  const scale = clampScale(zoom.scale);
  const maxX = ((scale - 1) * size.width) / 2;
  const maxY = ((scale - 1) * size.height) / 2;
  const clamp = (v: number, max: number) => (max === 0 ? 0 : Math.min(max, Math.max(-max, v)));
  return { scale, x: clamp(zoom.x, maxX), y: clamp(zoom.y, maxY) };
}

/**
 * A double tap: out to the fitted photo when zoomed, else in to DOUBLE_TAP_SCALE keeping the tapped
 * point (relative to the photo's centre, unzoomed) under the finger.
 */
export function toggleZoomAt(
  zoom: Zoom,
  point: { x: number; y: number },
  size: { width: number; height: number },
): Zoom {
  if (zoom.scale > 1) return NO_ZOOM;
  const scale = DOUBLE_TAP_SCALE;
  return clampPan({ scale, x: -point.x * (scale - 1), y: -point.y * (scale - 1) }, size);
}

/**
 * A pinch: the scale at its start times how far the fingers spread since, with the pan scaled
 * along so the photo grows about its current centre.
 */
export function pinchZoom(start: Zoom, startDistance: number, distance: number): Zoom {
  if (startDistance <= 0) return start;
  const scale = clampScale((start.scale * distance) / startDistance);
  const ratio = scale / start.scale;
  return { scale, x: start.x * ratio, y: start.y * ratio };
}

/** True when a second tap follows the first closely enough in time and place. */
export function isDoubleTap(
  first: { t: number; x: number; y: number } | null,
  second: { t: number; x: number; y: number },
): boolean {
  return (
    first !== null &&
    second.t - first.t <= DOUBLE_TAP_MS &&
    Math.hypot(second.x - first.x, second.y - first.y) <= DOUBLE_TAP_PX
  );
}

/**
 * Pointer handlers that call `onStep(±1)` for a sideways swipe. `swiped()` tells a click that ends
 * a swipe (a mouse drag) to do nothing.
 */
export function useSwipe(onStep: (by: -1 | 1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const swipedAt = useRef(Number.NEGATIVE_INFINITY);
  return {
    handlers: {
      onPointerDown: (e: PointerEvent<HTMLElement>) => {
        if (e.isPrimary) start.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
      },
      onPointerUp: (e: PointerEvent<HTMLElement>) => {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== e.pointerId) return;
        const step = swipeDirection(e.clientX - from.x, e.clientY - from.y);
        if (step === 0) return;
        // A finger's swipe fires no click; a mouse's drag does, at once, on the same element.
        if (e.pointerType === 'mouse') swipedAt.current = e.timeStamp;
        onStep(step);
      },
      onPointerCancel: () => (start.current = null),
    },
    /** True for the click that the browser fires at the end of a swipe. */
    swiped: (e: { timeStamp: number }) => {
      const after = e.timeStamp - swipedAt.current;
      swipedAt.current = Number.NEGATIVE_INFINITY;
      return after < 300;
    },
  };
}
