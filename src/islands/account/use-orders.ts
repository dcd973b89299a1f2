import { useCallback, useEffect, useState } from 'react';
import { api, type Order } from '../../client/api.ts';
import { KEYS, readJson, readText, remove, write } from '../../stores/storage.ts';
import { addRemovedId, toRemovedIds, TRACK_HIGHLIGHT_MS, visibleOrders } from './orders-view.ts';

/**
 * The signed-in shopper's orders: fetched on load (failures only logged, SPEC §8), re-fetched on
 * demand, minus the cancelled ones removed from this browser's list.
 */
export function useOrders(token: string) {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [removed, setRemoved] = useState(() => toRemovedIds(readJson(KEYS.removedOrders, [])));

  /** Fetches the list and shows it; throws on failure so Track Order can say so. */
  const fetchOrders = useCallback(async () => {
    const answer = await api.userOrders(token);
    setOrders(answer.orders);
    setFailed(false);
    return answer.orders;
  }, [token]);

  /** Fetches the list; a failure is logged and leaves what is shown. */
  const reload = useCallback(
    () =>
      fetchOrders().catch((error: unknown) => {
        console.error('Your orders could not be loaded.', error);
        setFailed(true);
        return null;
      }),
    [fetchOrders],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const removeOrder = (id: string) => {
    const next = addRemovedId(removed, id);
    write(KEYS.removedOrders, next);
    setRemoved(next);
  };

  return {
    orders: orders && visibleOrders(orders, removed),
    failed,
    fetchOrders,
    reload,
    removeOrder,
  };
}

/**
 * True for 5 seconds once the list is shown when the footer's Track My Order link set the local
 * flag; the flag is then cleared (SPEC §4).
 */
export function useTrackHighlight(ready: boolean): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!ready || !readText(KEYS.highlightTrack)) return;
    setOn(true);
    const timer = setTimeout(() => {
      setOn(false);
      remove(KEYS.highlightTrack);
    }, TRACK_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  return on;
}
