import { describe, expect, it } from 'vitest';
import {
  clampPan,
  clampScale,
  DOUBLE_TAP_SCALE,
  isDoubleTap,
  MAX_SCALE,
  NO_ZOOM,
  pinchZoom,
  swipeDirection,
  toggleZoomAt,
} from '../../src/islands/catalogue/gallery-gestures.ts';

const frame = { width: 400, height: 300 };

describe('swipeDirection', () => {
  it('steps to the next photo for a leftward swipe past 50 px', () => {
    expect(swipeDirection(-80, 10)).toBe(1);
  });
  it('steps to the previous photo for a rightward swipe past 50 px', () => {
    expect(swipeDirection(80, -10)).toBe(-1);
  });
  it('ignores a swipe of 50 px or less', () => {
    expect(swipeDirection(-50, 0)).toBe(0);
    expect(swipeDirection(50, 0)).toBe(0);
  });
  it('ignores a mostly vertical movement, which scrolls the page', () => {
    expect(swipeDirection(-70, 120)).toBe(0);
    expect(swipeDirection(70, -70)).toBe(0);
  });
});

describe('clampScale', () => {
  it('keeps a scale between the fitted photo and the most enlargement', () => {
    expect(clampScale(0.4)).toBe(1);
    expect(clampScale(2)).toBe(2);
    expect(clampScale(9)).toBe(MAX_SCALE);
  });
  it('takes a broken number for the fitted photo', () => {
    expect(clampScale(Number.NaN)).toBe(1);
    expect(clampScale(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe('clampPan', () => {
  it('centres a photo that is not zoomed', () => {
    expect(clampPan({ scale: 1, x: 40, y: -30 }, frame)).toEqual(NO_ZOOM);
  });
  it('lets a zoomed photo move at most until its edge meets the frame', () => {
    // At 2× the photo is 800×600: its centre moves at most 200 px sideways and 150 px up or down.
    expect(clampPan({ scale: 2, x: 500, y: -500 }, frame)).toEqual({ scale: 2, x: 200, y: -150 });
    expect(clampPan({ scale: 2, x: -120, y: 90 }, frame)).toEqual({ scale: 2, x: -120, y: 90 });
  });
});

describe('toggleZoomAt', () => {
  it('zooms in to 2.5× keeping the tapped point under the finger', () => {
    const tapped = { x: 100, y: -60 };
    const zoom = toggleZoomAt(NO_ZOOM, tapped, frame);
    expect(zoom.scale).toBe(DOUBLE_TAP_SCALE);
    // Where the tapped point lands after the zoom: its position scaled, then moved by the pan.
    expect(tapped.x * zoom.scale + zoom.x).toBeCloseTo(tapped.x);
    expect(tapped.y * zoom.scale + zoom.y).toBeCloseTo(tapped.y);
  });
  it('keeps the photo covering the frame when the tap is at its very edge', () => {
    const zoom = toggleZoomAt(NO_ZOOM, { x: 200, y: 150 }, frame);
    expect(zoom).toEqual({ scale: DOUBLE_TAP_SCALE, x: -300, y: -225 });
  });
  it('zooms back out to the fitted photo when it was zoomed', () => {
    expect(toggleZoomAt({ scale: 3, x: 50, y: 20 }, { x: 0, y: 0 }, frame)).toEqual(NO_ZOOM);
  });
});

describe('pinchZoom', () => {
  it('scales by how far the fingers spread', () => {
    expect(pinchZoom(NO_ZOOM, 100, 250).scale).toBe(2.5);
  });
  it('scales the pan along, so the photo grows about its current centre', () => {
    expect(pinchZoom({ scale: 2, x: 40, y: -20 }, 100, 150)).toEqual({ scale: 3, x: 60, y: -30 });
  });
  it('never shrinks below the fitted photo nor grows past the most', () => {
    expect(pinchZoom(NO_ZOOM, 200, 50).scale).toBe(1);
    expect(pinchZoom({ scale: 3, x: 0, y: 0 }, 100, 400).scale).toBe(MAX_SCALE);
  });
  it('ignores a pinch that started with both fingers on one spot', () => {
    const start = { scale: 2, x: 10, y: 10 };
    expect(pinchZoom(start, 0, 120)).toBe(start);
  });
});

describe('isDoubleTap', () => {
  const first = { t: 1000, x: 100, y: 100 };
  it('takes a second tap within 300 ms and 30 px as a double tap', () => {
    expect(isDoubleTap(first, { t: 1300, x: 120, y: 110 })).toBe(true);
  });
  it('takes a late or distant second tap as a new first tap', () => {
    expect(isDoubleTap(first, { t: 1301, x: 100, y: 100 })).toBe(false);
    expect(isDoubleTap(first, { t: 1100, x: 131, y: 100 })).toBe(false);
    expect(isDoubleTap(null, { t: 1100, x: 100, y: 100 })).toBe(false);
  });
});
