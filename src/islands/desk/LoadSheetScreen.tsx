// The rider's load sheet (#/load-sheet), printable: every parcel booked with the owner's courier
// whose order is still in Packing, with its tracking number, city, COD, weight and pieces, the
// parcels' count and COD total, and lines for the rider to sign at pickup. "Book all packed" books
// every packed order still without a booking first (a batch a press), and lists what it could not
// book with the reason. The sheet names no customer: the city is what the rider sorts by.
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { formatMoneyValue, money } from '../../lib/money.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { karachiTime, karachiDay } from '../../lib/desk.ts';
import { routeHref } from '../../lib/desk-view.ts';
import { COURIER_MESSAGES } from '../../lib/contract/desk-couriers.ts';
import {
  $bookedPacked,
  $loadSheet,
  bookAllPacked,
  loadLoadSheet,
} from '../../stores/desk-load-sheet.ts';
import type { ScreenProps } from './screen-props.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** The load sheet screen. */
export default function LoadSheetScreen(_: ScreenProps) {
  const sheet = useStore($loadSheet);
  const pressed = useStore($bookedPacked);
  const results = useRef<HTMLElement>(null);
  const focusAfter = useFocusAfter();
  useEffect(() => {
    void loadLoadSheet();
  }, []);

  const data = sheet.data;
  const courier = data?.courier ?? null;
  const last = pressed.data;

  function book() {
    void bookAllPacked().then((done) =>
      focusAfter(done && results.current ? () => results.current : theMessage),
    );
  }

  return (
    <>
      <p className="no-print desk-row">
        <a href={routeHref('orders')}>Back</a>
        {courier && (
          <button type="button" className="desk-button" {...pressWhenIdle(pressed.busy, book)}>
            Book all packed with {courier.label}
          </button>
        )}
        <button type="button" className="desk-button desk-quiet" onClick={() => print()}>
          Print
        </button>
      </p>
      {last && (
        <section
          className="no-print"
          aria-label="Last booking of packed orders"
          ref={results}
          tabIndex={-1}
        >
          {last.booked.length > 0 && (
            <ul>
              {last.booked.map((b) => (
                <li key={b.number}>
                  <a href={routeHref('orders/:order', { order: b.number })}>#{b.number}</a>: booked,
                  tracking {b.trackingNumber}
                </li>
              ))}
            </ul>
          )}
          {last.failed.length > 0 && (
            <ul aria-label="Not booked">
              {last.failed.map((f) => (
                <li key={f.number} className="desk-error-text">
                  <a href={routeHref('orders/:order', { order: f.number })}>#{f.number}</a>:{' '}
                  {f.message}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {data === null && <NotLoaded resource={sheet} retry={loadLoadSheet} />}
      {data && !courier && <p>{COURIER_MESSAGES.noCourier}</p>}
      {data && courier && (
        <article className="desk-slip" aria-label="Load sheet">
          <h2>
            Load sheet: {courier.label}
            {courier.test && ' (TEST courier: nothing will be collected)'}
          </h2>
          <p>{karachiDay(Date.now())}</p>
          {data.parcels.length === 0 ? (
            <p>No booked parcel is waiting for the rider.</p>
          ) : (
            <>
              <table className="desk-slip-items">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Tracking number</th>
                    <th scope="col">City</th>
                    <th scope="col">COD</th>
                    <th scope="col">Weight</th>
                    <th scope="col">Pieces</th>
                  </tr>
                </thead>
                <tbody>
                  {data.parcels.map((p) => (
                    <tr key={p.trackingNumber}>
                      <td>#{p.number}</td>
                      <td>{p.trackingNumber}</td>
                      <td>{p.city}</td>
                      <td>{formatMoneyValue(money(p.codMinor, BASE_CURRENCY))}</td>
                      <td>{(p.weightGrams / 1000).toFixed(1)} kg</td>
                      <td>{p.pieces}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p data-testid="load-sheet-total">
                {data.parcels.length === 1 ? '1 parcel' : `${data.parcels.length} parcels`} · COD{' '}
                {formatMoneyValue(money(data.codTotalMinor, BASE_CURRENCY))}
              </p>
              <dl className="desk-figures">
                <dt>Handed over by</dt>
                <dd className="desk-sign" />
                <dt>Rider&rsquo;s name</dt>
                <dd className="desk-sign" />
                <dt>Rider&rsquo;s signature</dt>
                <dd className="desk-sign" />
                <dt>Picked up at</dt>
                <dd className="desk-sign" />
              </dl>
              <p className="desk-hint">Printed {karachiTime(Date.now())} (Karachi time)</p>
            </>
          )}
        </article>
      )}
    </>
  );
}
