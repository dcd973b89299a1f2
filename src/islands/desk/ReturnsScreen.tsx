// The returns screen: the open return and exchange requests, newest first (or all, with a toggle),
// each one big tap target leading to its order.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { karachiTime } from '../../lib/desk.ts';
import { RETURN_STATE_LABELS } from '../../lib/returns/states.ts';
import { routeHref } from '../../lib/desk-view.ts';
import { ORDER_VIEW_TEXT } from '../../lib/orders/desk-view.ts';
import { $returnList, $returnsOpenOnly, loadReturns } from '../../stores/desk-returns.ts';

/** The returns screen. */
export default function ReturnsScreen() {
  const list = useStore($returnList);
  const openOnly = useStore($returnsOpenOnly);

  useEffect(() => {
    void loadReturns();
  }, []);

  const toggle = (value: boolean, label: string) => (
    <li>
      <button
        type="button"
        className="desk-chip"
        aria-pressed={openOnly === value}
        onClick={() => void loadReturns(value)}
      >
        {label}
      </button>
    </li>
  );

  return (
    <>
      <ul className="desk-chips" aria-label="Which requests">
        {toggle(true, 'Open')}
        {toggle(false, 'All')}
      </ul>
      {list === null ? (
        <p>Loading requests…</p>
      ) : list.length === 0 ? (
        <p>{openOnly ? ORDER_VIEW_TEXT.noOpenReturns : ORDER_VIEW_TEXT.noReturns}</p>
      ) : (
        <ul className="desk-orders">
          {list.map((r) => (
            <li key={r.orderId}>
              <a className="desk-order-card" href={routeHref('orders/:order', { order: r.number })}>
                <span className="desk-order-head">
                  <strong>#{r.number}</strong>
                  <span className="desk-status">{RETURN_STATE_LABELS[r.state]}</span>
                </span>
                <span>
                  {r.kind === 'return' ? 'Return' : 'Exchange'}
                  {r.name !== null && ` · ${r.name}`}
                </span>
                <span className="desk-hint">
                  Asked {karachiTime(r.requestedAt)} · {r.lines.length} item
                  {r.lines.length === 1 ? '' : 's'} · {r.reason}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
