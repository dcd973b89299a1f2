// The desk's navigation on a phone: a bottom bar with the screens used all day, each with what needs
// action beside it, and More for the rest.

/** The screens the phone's bottom bar holds, in its order; every other screen is under More. */
export const BAR_SCREENS = ['orders', 'returns', 'products'] as const;

/** What needs action, as the desk's counts call answers it. */
export interface ActionCounts {
  ordersToPack: number;
  returnsToDecide: number;
}

/**
 * The count beside a bar entry and what it counts, for a screen reader: null when the entry has no
 * count, none is known yet, or nothing needs action (a 0 badge would only be noise). A sold-out
 * colour is not counted (see the counts call).
 */
export function barCountOf(
  screen: string,
  counts: ActionCounts | null,
): { shown: string; spoken: string } | null {
  if (!counts) return null;
  const [count, what] =
    screen === 'orders'
      ? [counts.ordersToPack, 'to pack']
      : screen === 'returns'
        ? [counts.returnsToDecide, 'to decide']
        : [0, ''];
  if (count <= 0) return null;
  return { shown: count > 99 ? '99+' : String(count), spoken: `${count} ${what}` };
}

/**
 * Where a key moves focus in More's menu from entry `at` of `count`: ArrowDown and ArrowUp to the
 * next and previous entry (wrapping at both ends), Home and End to the first and last; null for
 * any other key.
 */
export function nextEntry(key: string, at: number, count: number): number | null {
  if (key === 'ArrowDown') return (at + 1) % count;
  if (key === 'ArrowUp') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
