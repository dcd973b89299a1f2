import { describe, expect, it } from 'vitest';
import {
  initialSlideshow,
  slideshowReducer,
  swipeStep,
  type SlideshowState,
} from '../../src/islands/catalogue/slideshow-state.ts';

const at = (index: number, paused = false): SlideshowState => ({ index, count: 3, paused });

describe('swipeStep', () => {
  it('goes to the next slide for a leftward swipe of more than 50 px', () => {
    expect(swipeStep(-51)).toBe(1);
  });
  it('goes to the previous slide for a rightward swipe of more than 50 px', () => {
    expect(swipeStep(51)).toBe(-1);
  });
  it('ignores a swipe of exactly 50 px or less', () => {
    expect(swipeStep(50)).toBe(0);
    expect(swipeStep(-50)).toBe(0);
    expect(swipeStep(0)).toBe(0);
  });
});

describe('slideshowReducer', () => {
  it('starts on the first of three slides, running', () => {
    expect(initialSlideshow()).toEqual({ index: 0, count: 3, paused: false });
  });
  it('advances on each tick and wraps after the last slide', () => {
    expect(slideshowReducer(at(0), { type: 'tick' }).index).toBe(1);
    expect(slideshowReducer(at(2), { type: 'tick' }).index).toBe(0);
  });
  it('does not advance on a tick while paused', () => {
    expect(slideshowReducer(at(1, true), { type: 'tick' }).index).toBe(1);
  });
  it('wraps to the last slide when swiping back from the first', () => {
    expect(slideshowReducer(at(0), { type: 'swipe', dx: 120 }).index).toBe(2);
  });
  it('wraps to the first slide when swiping on from the last', () => {
    expect(slideshowReducer(at(2), { type: 'swipe', dx: -120 }).index).toBe(0);
  });
  it('keeps the same state for a short swipe', () => {
    const state = at(1);
    expect(slideshowReducer(state, { type: 'swipe', dx: 30 })).toBe(state);
  });
  it('selects a slide by its dot and ignores out-of-range indexes', () => {
    expect(slideshowReducer(at(0), { type: 'select', index: 2 }).index).toBe(2);
    expect(slideshowReducer(at(0), { type: 'select', index: 3 }).index).toBe(0);
    expect(slideshowReducer(at(0), { type: 'select', index: -1 }).index).toBe(0);
  });
  it('moves by hand even while paused', () => {
    expect(slideshowReducer(at(0, true), { type: 'next' })).toEqual(at(1, true));
    expect(slideshowReducer(at(0, true), { type: 'prev' })).toEqual(at(2, true));
  });
  it('pauses and resumes', () => {
    expect(slideshowReducer(at(0), { type: 'pause', paused: true }).paused).toBe(true);
    expect(slideshowReducer(at(0, true), { type: 'pause', paused: false }).paused).toBe(false);
  });
});
