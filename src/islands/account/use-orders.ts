import { useEffect, useState } from 'react';
import { clearTrackHighlight, trackHighlightWanted } from '../../stores/orders.ts';
import { TRACK_HIGHLIGHT_MS } from './orders-view.ts';

/**
 * True for 5 seconds once the list is shown when the footer's Track My Order link set the local
 * flag; the flag is then cleared (docs/product.md §4).
 */
export function useTrackHighlight(ready: boolean): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!ready || !trackHighlightWanted()) return;
    setOn(true);
    const timer = setTimeout(() => {
      setOn(false);
      clearTrackHighlight();
    }, TRACK_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  return on;
}
