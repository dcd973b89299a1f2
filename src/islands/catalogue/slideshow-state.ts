import { SLIDESHOW, wrapSlide } from '../../lib/ui-constants.ts';

/** The slideshow's position and whether it runs by itself. */
export type SlideshowState = { index: number; count: number; paused: boolean };

/** What can happen to the slideshow: the timer, a dot, a swipe, focus or the pause button. */
export type SlideshowAction =
  | { type: 'tick' }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'select'; index: number }
  | { type: 'swipe'; dx: number }
  | { type: 'pause'; paused: boolean };

/** The state a slideshow of `count` slides starts in. */
export function initialSlideshow(count = SLIDESHOW.slides.length): SlideshowState {
  return { index: 0, count, paused: false };
}

/** A swipe's step: −1 for more than the threshold rightwards, +1 leftwards, else 0. */
export function swipeStep(dx: number, threshold = SLIDESHOW.swipeThresholdPx): -1 | 0 | 1 {
  if (dx < -threshold) return 1;
  if (dx > threshold) return -1;
  return 0;
}

/** The slideshow reducer: steps wrap at both ends; a tick does nothing while paused. */
export function slideshowReducer(state: SlideshowState, action: SlideshowAction): SlideshowState {
  const step = (by: number) =>
    by === 0 ? state : { ...state, index: wrapSlide(state.index, by, state.count) };
  switch (action.type) {
    case 'tick':
      return state.paused ? state : step(1);
    case 'next':
      return step(1);
    case 'prev':
      return step(-1);
    case 'swipe':
      return step(swipeStep(action.dx));
    case 'select': {
      const index = Math.trunc(action.index);
      return index >= 0 && index < state.count && index !== state.index
        ? { ...state, index }
        : state;
    }
    case 'pause':
      return state.paused === action.paused ? state : { ...state, paused: action.paused };
  }
}
