import { useRef, type PointerEvent, type ReactNode, type SetStateAction } from 'react';
import {
  clampPan,
  isDoubleTap,
  pinchZoom,
  swipeDirection,
  toggleZoomAt,
  type Zoom,
} from './gallery-gestures.ts';

type Point = { x: number; y: number };
type Tap = Point & { t: number };

/** A movement shorter than this (px) still counts as a tap. */
const TAP_SLOP_PX = 10;

/**
 * The full-screen viewer's photo surface: pinch and double tap zoom (the viewer's Zoom button does
 * the same for a keyboard or a mouse), one finger drags a zoomed photo, and a sideways swipe of an
 * unzoomed photo steps to the next or previous one. The viewer holds the zoom.
 */
export function ZoomStage({
  zoom,
  setZoom,
  onStep,
  children,
}: {
  zoom: Zoom;
  setZoom: (zoom: SetStateAction<Zoom>) => void;
  onStep: (by: -1 | 1) => void;
  children: ReactNode;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{
    start: Point;
    last: Point;
    pinch: { distance: number; zoom: Zoom } | null;
    pinched: boolean;
  } | null>(null);
  const lastTap = useRef<Tap | null>(null);

  const photo = () => stage.current?.querySelector('img') ?? null;
  const size = () => {
    const img = photo();
    return { width: img?.offsetWidth ?? 0, height: img?.offsetHeight ?? 0 };
  };
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const at = { x: e.clientX, y: e.clientY };
    if (pointers.current.size === 1)
      gesture.current = { start: at, last: at, pinch: null, pinched: false };
    else if (pointers.current.size === 2 && gesture.current)
      gesture.current = { ...gesture.current, pinch: { distance: spread(), zoom }, pinched: true };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId) || !gesture.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (g.pinch && pointers.current.size === 2) {
      setZoom(clampPan(pinchZoom(g.pinch.zoom, g.pinch.distance, spread()), size()));
    } else if (pointers.current.size === 1 && zoom.scale > 1) {
      const by = { x: e.clientX - g.last.x, y: e.clientY - g.last.y };
      setZoom((z) => clampPan({ ...z, x: z.x + by.x, y: z.y + by.y }, size()));
    }
    g.last = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(e.pointerId)) return;
    const g = gesture.current;
    if (pointers.current.size > 0 || !g) {
      if (g) g.pinch = null;
      return;
    }
    gesture.current = null;
    if (g.pinched) return;
    const dx = e.clientX - g.start.x;
    const dy = e.clientY - g.start.y;
    if (Math.hypot(dx, dy) <= TAP_SLOP_PX) {
      const tap = { t: e.timeStamp, x: e.clientX, y: e.clientY };
      if (isDoubleTap(lastTap.current, tap)) {
        lastTap.current = null;
        const box = photo()?.getBoundingClientRect();
        const centre = box
          ? { x: box.left + box.width / 2, y: box.top + box.height / 2 }
          : { x: tap.x, y: tap.y };
        setZoom(toggleZoomAt(zoom, { x: tap.x - centre.x, y: tap.y - centre.y }, size()));
      } else lastTap.current = tap;
      return;
    }
    if (zoom.scale === 1) {
      const step = swipeDirection(dx, dy);
      if (step !== 0) onStep(step);
    }
  };
  const onPointerCancel = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) gesture.current = null;
  };

  return (
    <div
      ref={stage}
      className="viewer-stage"
      data-zoomed={zoom.scale > 1 ? '' : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      <div
        className="viewer-photo"
        style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
      >
        {children}
      </div>
    </div>
  );
}
