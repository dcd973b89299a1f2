import { useEffect, useRef } from 'react';

/**
 * Load More, when it adds the last cards, disappears from under the keyboard focus. This moves
 * focus to the first card it added instead (its name link), so the shopper continues from there.
 * Call `loading(count)` with the number of cards shown before the click.
 */
export function useFocusFirstNewCard(shown: number, hasMore: boolean) {
  const list = useRef<HTMLUListElement>(null);
  const from = useRef<number | null>(null);
  useEffect(() => {
    const at = from.current;
    // Not drawn yet: an earlier drawing's effect, which Preact runs just before the next drawing
    // when Load More is pressed again within a frame.
    if (at === null || shown <= at) return;
    from.current = null;
    if (hasMore) return;
    list.current?.querySelectorAll<HTMLElement>('.card-name a')[at]?.focus();
  }, [shown]);
  return { list, loading: (count: number) => (from.current = count) };
}
