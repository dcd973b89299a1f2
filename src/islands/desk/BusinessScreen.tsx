// The business at a glance: today, 7 days and 30 days (Karachi days) — orders, units, revenue in
// PKR and per currency, top products, cancels and returns; a customer look-up by e-mail (their
// orders, each linking to the desk's order, and the lifetime total); and the CSV export of a
// period, fetched with the staff token and saved from the browser. The figures and the export are
// sales figures, the look-up customers' personal data: each shown to the owner and the members the
// owner allowed it, and to no one else (the server refuses them too, and leaves the customers'
// columns out of the export of a member without personal data).
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { DeskPeriod } from '../../lib/contract/desk-ops.ts';
import { formatMoney } from '../../lib/money.ts';
import { routeHref } from '../../lib/desk-view.ts';
import { defaultExportPeriod } from '../../lib/desk-ops-view.ts';
import {
  $business,
  $customer,
  $export,
  exportOrders,
  forgetExport,
  loadBusiness,
  lookUpCustomer,
} from '../../stores/desk-business.ts';
import { Field } from './Field.tsx';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { paymentLabel } from '../../lib/payments.ts';
import { DESK_ANSWERS } from '../../lib/desk-messages.ts';
import type { ScreenProps } from './screen-props.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { Remittances } from './business-remittances.tsx';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

function PeriodCard({ period }: { period: DeskPeriod }) {
  const title = period.name === 'today' ? 'Today' : `Last ${period.name}`;
  return (
    <article className="desk-card" aria-label={title}>
      <h2>{title}</h2>
      <p className="desk-hint">
        {period.from === period.to ? period.from : `${period.from} to ${period.to}`}
      </p>
      <dl className="desk-figures">
        <dt>Orders</dt>
        <dd>{period.orders}</dd>
        <dt>Units</dt>
        <dd>{period.units}</dd>
        <dt>Sales</dt>
        <dd>{formatMoney(period.revenuePkr, BASE_CURRENCY)}</dd>
        {period.returnedPkr > 0 && (
          <>
            <dt>Returned</dt>
            <dd>{formatMoney(period.returnedPkr, BASE_CURRENCY)}</dd>
          </>
        )}
        <dt>Collected</dt>
        <dd>{formatMoney(period.collectedPkr, BASE_CURRENCY)}</dd>
        <dt>Refunds</dt>
        <dd>{formatMoney(period.refundsPkr, BASE_CURRENCY)}</dd>
        <dt>Net</dt>
        <dd>{formatMoney(period.netPkr, BASE_CURRENCY)}</dd>
        <dt>Outstanding</dt>
        <dd>{formatMoney(period.outstandingPkr, BASE_CURRENCY)}</dd>
        {period.refundDuePkr > 0 && (
          <>
            <dt>Refund due</dt>
            <dd>{formatMoney(period.refundDuePkr, BASE_CURRENCY)}</dd>
          </>
        )}
        {(period.codCollectedPkr > 0 || period.codWithCourierPkr > 0) && (
          <>
            <dt>COD collected</dt>
            <dd data-testid="cod-collected">
              {formatMoney(period.codCollectedPkr, BASE_CURRENCY)}
            </dd>
            <dt>COD with the courier</dt>
            <dd data-testid="cod-with-courier">
              {formatMoney(period.codWithCourierPkr, BASE_CURRENCY)}
              {period.codWithCourierOrders > 0 &&
                ` on ${period.codWithCourierOrders === 1 ? '1 delivered order' : `${period.codWithCourierOrders} delivered orders`}`}
            </dd>
          </>
        )}
        <dt>Cancelled</dt>
        <dd>{period.cancelled}</dd>
        <dt>Return requests</dt>
        <dd>{period.returns}</dd>
      </dl>
      {period.methods.length > 0 && (
        <>
          <h3>Collected and outstanding</h3>
          <ul>
            {period.methods.map((m) => (
              <li key={m.method}>
                {paymentLabel(m.method)}: collected {formatMoney(m.collectedPkr, BASE_CURRENCY)}
                {m.refundedPkr > 0 && ` · refunded ${formatMoney(m.refundedPkr, BASE_CURRENCY)}`}
                {m.outstandingOrders > 0 &&
                  ` · outstanding ${formatMoney(m.outstandingPkr, BASE_CURRENCY)} on ${
                    m.outstandingOrders === 1 ? '1 order' : `${m.outstandingOrders} orders`
                  }`}
              </li>
            ))}
          </ul>
        </>
      )}
      {period.currencies.length > 0 && (
        <>
          <h3>By currency</h3>
          <ul>
            {period.currencies.map((c) => (
              <li key={c.currency}>
                {formatMoney(c.total, c.currency)} · {c.orders} order{c.orders === 1 ? '' : 's'}
              </li>
            ))}
          </ul>
        </>
      )}
      {period.topProducts.length > 0 && (
        <>
          <h3>Top products</h3>
          <ol>
            {period.topProducts.map((p) => (
              <li key={p.productId}>
                {p.productName} · {p.units} unit{p.units === 1 ? '' : 's'} ·{' '}
                {formatMoney(p.revenuePkr, BASE_CURRENCY)}
              </li>
            ))}
          </ol>
        </>
      )}
    </article>
  );
}

/** The business screen. */
export default function BusinessScreen({ staff }: ScreenProps) {
  const business = useStore($business);
  const periods = business.data;

  useEffect(() => {
    if (staff.sales) void loadBusiness();
  }, [staff.sales]);

  // The server refuses a member without a right; the screen offers them nothing to press.
  return (
    <>
      {!staff.sales ? (
        <p className="desk-hint">{DESK_ANSWERS.salesOnly}</p>
      ) : periods === null ? (
        <NotLoaded resource={business} retry={loadBusiness} />
      ) : (
        <div className="desk-cards">
          {periods.map((p) => (
            <PeriodCard key={p.name} period={p} />
          ))}
        </div>
      )}
      {staff.role === 'owner' && <Remittances />}
      {!staff.personalData && <p className="desk-hint">{DESK_ANSWERS.personalDataOnly}</p>}
      {(staff.personalData || staff.sales) && (
        <CustomerData lookUp={staff.personalData} exportFile={staff.sales} />
      )}
    </>
  );
}

/** The customer look-up (customers' personal data) and the CSV export (sales figures), as allowed. */
function CustomerData({ lookUp: mayLookUp, exportFile }: { lookUp: boolean; exportFile: boolean }) {
  const customerState = useStore($customer);
  const exported = useStore($export);
  const customer = customerState.data;
  const busy = customerState.loading || exported.busy;
  const link = useRef<HTMLAnchorElement>(null);
  const found = useRef<HTMLElement>(null);
  const focusAfter = useFocusAfter();
  const period = defaultExportPeriod();
  // The exported file's address, freed when another replaces it or the screen closes.
  const file = useMemo(
    () =>
      exported.data && {
        url: URL.createObjectURL(exported.data.blob),
        filename: exported.data.filename,
      },
    [exported.data],
  );

  useEffect(() => forgetExport, []);
  useEffect(
    () => () => {
      if (file) URL.revokeObjectURL(file.url);
    },
    [file],
  );
  // A new file is saved at once; its link stays to save it again.
  useEffect(() => {
    if (file) link.current?.click();
  }, [file]);

  function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    // Found: focus on the customer's orders; refused or unknown: on the message that says so.
    void lookUpCustomer(email).then((shown) =>
      focusAfter(shown ? () => found.current : theMessage),
    );
  }

  function exportPeriod(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void exportOrders({
      from: String(form.get('from') ?? ''),
      to: String(form.get('to') ?? ''),
    }).then(() => focusAfter(theMessage));
  }

  return (
    <>
      {mayLookUp && (
        <>
          <h2>Customer look-up</h2>
          <form className="desk-form" role="search" onSubmit={lookUp}>
            <Field
              label="Customer's e-mail"
              name="email"
              type="email"
              required
              autoComplete="off"
            />
            <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
              Look up
            </button>
          </form>
          {customer && (
            <section aria-label={`Orders of ${customer.email}`} ref={found} tabIndex={-1}>
              <p>
                <strong>{customer.name ?? customer.email}</strong>
                {customer.name && ` · ${customer.email}`} ·{' '}
                {customer.hasAccount ? 'has an account' : 'no account'}
              </p>
              <p>
                {customer.orderCount === 1 ? '1 order' : `${customer.orderCount} orders`}
                {customer.cancelledCount > 0 && ` (${customer.cancelledCount} cancelled)`} ·
                lifetime {formatMoney(customer.lifetimePkr, BASE_CURRENCY)}
                {customer.currencies
                  .filter((c) => c.currency !== BASE_CURRENCY)
                  .map((c) => ` · ${formatMoney(c.total, c.currency)}`)}
              </p>
              <ul className="desk-orders">
                {customer.orders.map((o) => (
                  <li key={o.id}>
                    <a
                      className="desk-order-card"
                      href={routeHref('orders/:order', { order: o.number })}
                    >
                      <span className="desk-order-head">
                        <strong>#{o.number}</strong>
                        <span>{o.status}</span>
                      </span>
                      <span className="desk-hint">
                        {o.placedAt} · {o.items} item{o.items === 1 ? '' : 's'} · {o.payment}
                      </span>
                      <span>{formatMoney(o.total, o.currency)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}

      {exportFile && (
        <>
          <h2>Export orders (CSV)</h2>
          <form className="desk-form" onSubmit={exportPeriod}>
            <div className="desk-row">
              <Field
                label="From (Karachi date)"
                name="from"
                type="date"
                required
                defaultValue={period.from}
              />
              <Field
                label="To (Karachi date)"
                name="to"
                type="date"
                required
                defaultValue={period.to}
              />
            </div>
            <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
              Export
            </button>
          </form>
          {file && (
            <p>
              <a ref={link} href={file.url} download={file.filename}>
                Save {file.filename} again
              </a>
            </p>
          )}
        </>
      )}
    </>
  );
}
