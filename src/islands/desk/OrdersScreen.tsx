// The order list: newest first, Karachi time; a search box on top (#short number, and e-mail, phone
// or name for a member allowed customers' details), and the status chips with their counts, payment and dates folded behind one Filters button
// that says how many are set, so a phone's first screen shows orders. Each order is one big tap
// target.
import { COD_CONFIRM_MESSAGES } from '../../lib/orders/cod-confirmation.ts';
import { memo, useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/orders/moves.ts';
import type { DeskOrderLine } from '../../lib/contract/desk.ts';
import { ORDER_PAGE, activeFilterCount, filtersLabel, routeHref } from '../../lib/desk-view.ts';
import {
  $orderFilters,
  $orderList,
  $orderListLoading,
  loadOrders,
  showMoreOrders,
} from '../../stores/desk-orders.ts';
import { AlertsBanner } from './AlertsBanner.tsx';
import { Field, SearchBox } from './Field.tsx';
import type { ScreenProps } from './screen-props.ts';
import { formatOrderTotal } from '../../lib/orders/money.ts';
import { paymentWaitLabel } from '../../lib/cards.ts';
import { FINANCIAL_STATES, financialLabel, type FinancialState } from '../../lib/orders/ledger.ts';

/** The orders screen. */
export default function OrdersScreen({ staff }: ScreenProps) {
  const filters = useStore($orderFilters);
  const list = useStore($orderList);
  const loading = useStore($orderListLoading);
  const paymentId = useId();
  const foldedId = useId();
  const [unfolded, setUnfolded] = useState(false);
  // The folded filters are drawn when first unfolded, then kept (with what was typed in them): the
  // two date fields alone took a slow phone's first drawing of the list 160 ms (Chromium loads its
  // date formats for the first one).
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    // Back from an order: as many orders as were listed, newest first again.
    void loadOrders(undefined, Math.max(ORDER_PAGE, $orderList.get()?.orders.length ?? 0));
  }, []);

  const counts = list?.counts;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;
  const chip = (status: OrderStatus | '', label: string, count: number | null | undefined) => (
    <li key={label}>
      <button
        type="button"
        className="desk-chip"
        aria-pressed={filters.status === status}
        onClick={() => void loadOrders({ ...filters, status })}
      >
        {label} <span className="desk-count">{count ?? '…'}</span>
      </button>
    </li>
  );

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // A filter not drawn yet (still folded) keeps its value.
    const field = (name: 'payment' | 'from' | 'to') =>
      form.has(name) ? String(form.get(name)) : filters[name];
    void loadOrders({
      ...filters,
      q: String(form.get('q') ?? ''),
      payment: field('payment') as '' | FinancialState,
      from: field('from'),
      to: field('to'),
    });
  }

  const toPack = filters.view === 'toPack';
  return (
    <>
      <AlertsBanner />
      {/* Taking an order for a customer needs their details: the owner's, or a member's allowed them. */}
      {staff.personalData && (
        <a className="desk-button desk-new-order" href={routeHref('orders/new')}>
          New order
        </a>
      )}
      <button
        type="button"
        className="desk-chip desk-to-pack"
        aria-pressed={toPack}
        onClick={() => {
          const { view: _, ...rest } = filters;
          void loadOrders(toPack ? rest : { ...rest, view: 'toPack' });
        }}
      >
        To pack, oldest first
      </button>
      <form className="desk-form desk-filters" role="search" onSubmit={search}>
        {/* A member without customers' details finds orders by number only (the server's rule). */}
        <SearchBox
          label={staff.personalData ? 'Search: #number, e-mail, phone or name' : 'Search: #number'}
          query={filters.q}
        />
        <button
          type="button"
          className="desk-button desk-quiet desk-fold"
          aria-expanded={unfolded}
          aria-controls={foldedId}
          onClick={() => {
            setUnfolded(!unfolded);
            setDrawn(true);
          }}
        >
          {filtersLabel(activeFilterCount(filters))}
        </button>
        <div id={foldedId} className="desk-folded" hidden={!unfolded}>
          {drawn && (
            <>
              <ul className="desk-chips" aria-label="Status">
                {chip('', 'All', all)}
                {ORDER_STATUSES.map((s) => chip(s, s, counts?.[s]))}
              </ul>
              <div className="desk-field">
                <label htmlFor={paymentId}>Payment</label>
                <select id={paymentId} name="payment" defaultValue={filters.payment}>
                  <option value="">Any</option>
                  {FINANCIAL_STATES.map((state) => (
                    <option key={state} value={state}>
                      {financialLabel(state)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="desk-row">
                <Field
                  label="From (Karachi date)"
                  name="from"
                  type="date"
                  defaultValue={filters.from}
                />
                <Field label="To (Karachi date)" name="to" type="date" defaultValue={filters.to} />
              </div>
              <button type="submit" className="desk-button">
                Apply filters
              </button>
            </>
          )}
        </div>
      </form>
      {list === null ? (
        <p>Loading orders…</p>
      ) : (
        <>
          <p className="desk-hint" aria-live="polite">
            {list.matched === 1 ? '1 order' : `${list.matched} orders`}
            {list.orders.length < list.matched
              ? ` (showing the ${toPack ? 'oldest' : 'newest'} ${list.orders.length})`
              : ''}
          </p>
          <OrderCards orders={list.orders} loading={loading} />
          {list.orders.length === 0 && <p>No orders match.</p>}
          {list.orders.length < list.matched && (
            <button type="button" className="desk-button" onClick={() => void showMoreOrders()}>
              Show more orders
            </button>
          )}
        </>
      )}
    </>
  );
}

/**
 * How many cards the list's first drawing shows: more than a phone's screen holds below the search
 * and the filters (three at 412 × 823, Lighthouse's phone). Each later task adds `CARDS_PER_TASK`
 * more, so a slow phone's main thread is never held long enough to delay a tap (the whole page of
 * 25 in one drawing held it for about 100 ms at 4x CPU).
 */
const FIRST_CARDS = 4;
const CARDS_PER_TASK = 6;

/**
 * The list's cards, drawn a few per task; the list is busy until all are drawn, and while the
 * answer to new filters is still out.
 */
function OrderCards({ orders, loading }: { orders: readonly DeskOrderLine[]; loading: boolean }) {
  const [cards, setCards] = useState(FIRST_CARDS);
  useEffect(() => {
    if (cards >= orders.length) return;
    const next = setTimeout(() => setCards(cards + CARDS_PER_TASK));
    return () => clearTimeout(next);
  }, [cards, orders.length]);
  return (
    <ul className="desk-orders" aria-busy={loading || cards < orders.length}>
      {orders.slice(0, cards).map((o) => (
        <OrderCard key={o.id} order={o} />
      ))}
    </ul>
  );
}

/** One order of the list: one big tap target. Drawn once per answer, not again as cards are added. */
const OrderCard = memo(function OrderCard({ order: o }: { order: DeskOrderLine }) {
  return (
    <li>
      <a className="desk-order-card" href={routeHref('orders/:order', { order: o.number })}>
        <span className="desk-order-head">
          <strong>#{o.number}</strong>
          <span className={`desk-status desk-status-${o.status.replace(/\s+/g, '-')}`}>
            {o.status}
          </span>
        </span>
        <span>{o.name ?? o.city}</span>
        <span className="desk-hint">
          {o.placedAt} · {o.items} item{o.items === 1 ? '' : 's'} · {o.paymentMethod} ·{' '}
          <span className={`desk-pay desk-pay-${o.payment.replace(/\s+/g, '-')}`}>
            {o.cardWait ? paymentWaitLabel(o.cardWait, o.paymentMethod) : financialLabel(o.payment)}
          </span>
        </span>
        {o.codWait && (
          <span className="desk-pay desk-pay-awaiting-confirmation" data-testid="cod-wait">
            {COD_CONFIRM_MESSAGES.awaiting} since {o.codWait.sinceText} · cancelled at{' '}
            {o.codWait.deadlineText} unless confirmed
          </span>
        )}
        <span>{formatOrderTotal(o.total, o.currency, o.totalPkr)}</span>
      </a>
    </li>
  );
});
