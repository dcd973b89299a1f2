import { describe, expect, it } from 'vitest';
import {
  DRAWER_WIDTH_PX,
  FAVOURITE_MESSAGES,
  NOTIFICATION_MS,
  SLIDESHOW,
  wrapSlide,
} from '../../src/lib/ui-constants.ts';

describe('SLIDESHOW', () => {
  it('advances every 5000 ms with a 300 ms fade and a 50 px swipe threshold', () => {
    expect(SLIDESHOW.intervalMs).toBe(5000);
    expect(SLIDESHOW.fadeMs).toBe(300);
    expect(SLIDESHOW.swipeThresholdPx).toBe(50);
  });

  it('has the three slides of SPEC §2', () => {
    expect(SLIDESHOW.slides).toEqual([
      {
        title: 'Work in Style',
        description: 'Sleek handbags made to match your hustle',
        cta: 'Explore Collection',
        href: '/Collections',
      },
      {
        title: 'Carry Confidence',
        description: 'Smart handbags for every move you make',
        cta: 'Explore Collection',
        href: '/Collections',
      },
      {
        title: 'Tech Meets Trend',
        description: 'Bold designs built for everyday tech life',
        cta: 'Explore Collection',
        href: '/Collections',
      },
    ]);
  });
});

describe('wrapSlide', () => {
  it('steps forward and back', () => {
    expect(wrapSlide(0, 1)).toBe(1);
    expect(wrapSlide(2, -1)).toBe(1);
  });

  it('wraps at both ends', () => {
    expect(wrapSlide(2, 1)).toBe(0);
    expect(wrapSlide(0, -1)).toBe(2);
  });
});

describe('timings and sizes', () => {
  it('shows a notification for 7000 ms', () => {
    expect(NOTIFICATION_MS).toBe(7000);
  });

  it('makes the drawer 400 px wide', () => {
    expect(DRAWER_WIDTH_PX).toBe(400);
  });
});

describe('FAVOURITE_MESSAGES', () => {
  it('holds the favourite texts verbatim', () => {
    expect(FAVOURITE_MESSAGES).toEqual({
      add: 'Add To Your Favourite',
      remove: 'Remove from Favourite',
      added: 'This Product Has Been Added To Your Favourites',
      emptyTitle: 'Your Favourite Bags',
      empty: 'Oops, You Have No Favourites yet',
    });
  });
});
