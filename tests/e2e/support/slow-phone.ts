// A shopper on a slow phone who taps the moment a page shows, before its island has hydrated:
// Lighthouse's mobile profile (tests/fixtures/mobile-profile.ts) plus a record of whether each use
// of a control came before or after its island hydrated.
import type { CDPSession } from '@playwright/test';
import { throttleLikeMobile } from '../../fixtures/mobile-profile.ts';
import { expect, type Locator, type Page } from './test.ts';

export { PHONE as SLOW_PHONE } from '../../fixtures/mobile-profile.ts';

/**
 * The throttled page: `fullSpeed` lifts the throttling (and lets a held island's script come) once
 * the race under test is decided.
 */
export interface SlowPhone {
  fullSpeed(): Promise<void>;
}

/**
 * Throttles this page like the phone and records, for every use of a control, whether its island had
 * hydrated. With `holdIsland` (an island's component, e.g. 'ProductListing'), that island's script
 * is held back until `fullSpeed`: a journey that makes several taps before the island comes then
 * makes them all before it, however busy the machine (the throttled phone alone left one such
 * journey's last tap after hydration under load).
 */
export async function slowPhone(
  page: Page,
  { holdIsland }: { holdIsland?: string } = {},
): Promise<SlowPhone> {
  const cdp = await throttleLikeMobile(page);
  let release = () => {};
  if (holdIsland) {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(new RegExp(`/_astro/${holdIsland}\\.[\\w-]+\\.js$`), async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.addInitScript(() => {
    const w = window as unknown as {
      __early: { type: string; beforeHydration: boolean }[];
      __markedPending: Element[];
    };
    w.__early = [];
    // Every control marked pending, recorded as it is marked: the mark lasts only until the island
    // replays the tap, which on a fast (or lucky) run comes before a test could look.
    w.__markedPending = [];
    new MutationObserver((records) => {
      for (const record of records)
        if (record.target instanceof Element && record.target.hasAttribute('data-pending'))
          w.__markedPending.push(record.target);
    }).observe(document, { attributes: true, attributeFilter: ['data-pending'], subtree: true });
    for (const type of ['pointerdown', 'click', 'change'])
      addEventListener(
        type,
        (e) => {
          const island = (e.target as Element | null)?.closest?.('astro-island');
          if (island) w.__early.push({ type, beforeHydration: island.hasAttribute('ssr') });
        },
        true,
      );
  });
  return {
    fullSpeed: async () => {
      await fullSpeed(cdp);
      release();
    },
  };
}

/**
 * Lifts the throttling: the rest (loading React, the effect) need not take a phone's time, so the
 * journeys stay quick.
 */
async function fullSpeed(cdp: CDPSession) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** Opens a page and stops at DOMContentLoaded, as a shopper who taps the moment it shows. */
export async function openEarly(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
}

/** The first use of a control reached it before its island hydrated; then full speed. */
export async function expectUsedBeforeHydration(page: Page, phone: SlowPhone) {
  const early = await page.evaluate(
    () => (window as unknown as { __early: { beforeHydration: boolean }[] }).__early,
  );
  expect(early.length, 'the control was used').toBeGreaterThan(0);
  expect(early[0]!.beforeHydration, 'the first use came before hydration').toBe(true);
  await phone.fullSpeed();
}

/**
 * Taps a control and checks it was marked pending (shown pressed and busy), which the page does in
 * the tap's own task, before React. Read from the page's record of marks, not from the control now:
 * the island may have come and replayed the tap by the time a busy machine looks (a loaded run saw
 * the slideshow's dot already current and its mark gone).
 */
export async function tapWithFeedback(control: Locator) {
  await control.tap();
  await expect
    .poll(() =>
      control.evaluate((el) =>
        (window as unknown as { __markedPending: Element[] }).__markedPending.includes(el),
      ),
    )
    .toBe(true);
}
