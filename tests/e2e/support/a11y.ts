// Accessibility checks shared by the journeys: axe scans and what a screen reader hears.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './test.ts';

/** WCAG 2.1 A and AA, the level the shop promises. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page (or only inside `include`) and expects no violation, each reported as
 * `rule: the elements`. `rules: 'all'` runs every rule axe has, best practices included.
 */
export async function expectNoAxeViolations(
  page: Page,
  { include, rules = WCAG_AA }: { include?: string; rules?: string[] | 'all' } = {},
) {
  // axe reads each colour where it is drawn, so it scans the page at rest, as a person reads it: a
  // sheet still sliding in (a 0.2 s transform, longer on a throttled phone) is partly where it will
  // not stay. The scan waits for every finite animation and transition under way to end (a
  // spinner's, endless, is not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself. The default mode finishes every scan in a new blank
  // tab that loads axe a second time (so that it can merge cross-origin frames, which no page of
  // the shop has): measured on /faq/orders at rest, 7.3 s a scan against 1.9 s, and about 100
  // scans in the journeys.
  let axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) axe = axe.include(include);
  if (rules !== 'all') axe = axe.withTags(rules);
  const { violations } = await axe.analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * The texts assistive technology hears in live regions of a role (alerts by default): Chromium's
 * accessibility tree, ignoring what a modal dialog makes inert (the toast strip outside it, for one).
 */
export async function alertsHeard(
  page: Page,
  role: 'alert' | 'status' = 'alert',
): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  type AXNode = {
    nodeId: string;
    parentId?: string;
    ignored: boolean;
    role?: { value: string };
    name?: { value: string };
  };
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  await cdp.detach();
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const heard: string[] = [];
  for (const node of nodes) {
    if (node.ignored || node.role?.value !== 'StaticText' || !node.name?.value) continue;
    for (
      let up = node.parentId ? byId.get(node.parentId) : undefined;
      up;
      up = up.parentId ? byId.get(up.parentId) : undefined
    ) {
      if (up.role?.value === role) {
        heard.push(node.name.value);
        break;
      }
    }
  }
  return heard;
}
