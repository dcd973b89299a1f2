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
