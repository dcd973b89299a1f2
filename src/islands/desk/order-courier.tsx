// The order's courier booking: Book on an order in Packing (the owner's courier, once however
// often it is pressed), then the courier, the tracking number and the airway bill to save as a
// PDF, alone or with the packing slip on one A4 sheet or on 4 × 6 labels. A booking through a local stand-in says it is a TEST courier. Once the tracking job has read
// the parcel: where the courier says it is, each failed attempt, refusal and return, and whether a
// returned parcel's items were restocked; "Check tracking now" runs the job at once.
import { useEffect, useMemo, useState } from 'react';
import type { DeskFile } from '../../client/desk-calls.ts';
import type { LabelFormat } from '../../lib/contract/desk-couriers.ts';
import { useStore } from '@nanostores/react';
import { bookCourier, checkTracking, fetchAirwayBill } from '../../stores/desk-orders.ts';
import { $deskCourier } from '../../stores/desk.ts';
import type { OrderPartProps } from './order-part-props.ts';

/** How the desk names each delivery problem. */
const PROBLEM_WORDS: Readonly<Record<string, string>> = {
  attempted: 'Delivery attempt failed',
  refused: 'Refused by the shopper',
  returning: 'On its way back',
  returned: 'Returned to the shop',
};

/** Book with the courier, or the booking and its airway bill. */
export function CourierPanel({ order, onChange, focusAfter, status }: OrderPartProps) {
  const [busy, setBusy] = useState(false);
  const courier = useStore($deskCourier);
  const [bill, setBill] = useState<DeskFile | null>(null);
  // The saved bill's address, freed when another replaces it or the panel closes.
  const file = useMemo(
    () => bill && { url: URL.createObjectURL(bill.blob), filename: bill.filename },
    [bill],
  );
  useEffect(
    () => () => {
      if (file) URL.revokeObjectURL(file.url);
    },
    [file],
  );
  const booking = order.booking;
  if (!booking && order.status !== 'Packing') return null;

  async function book() {
    setBusy(true);
    onChange(await bookCourier(order));
    setBusy(false);
    focusAfter(status);
  }
  async function track() {
    setBusy(true);
    onChange(await checkTracking(order));
    setBusy(false);
  }
  async function airwayBill(format?: LabelFormat) {
    setBusy(true);
    setBill(await fetchAirwayBill(order, format));
    setBusy(false);
  }

  return (
    <section aria-labelledby="courier-heading">
      <h2 id="courier-heading">Courier</h2>
      {booking ? (
        <>
          <p data-testid="courier-booking">
            {booking.courierLabel} · tracking {booking.trackingNumber}
            {booking.test && ' (TEST courier: nothing will be collected)'}
          </p>
          <p data-testid="parcel-state">
            {booking.parcel
              ? `The courier says: ${booking.parcel.status}${booking.parcel.at ? ` (${booking.parcel.at})` : ''}`
              : 'Not tracked yet: the shop asks the courier every 15 minutes.'}
          </p>
          {booking.problems && (
            <ul aria-label="Delivery problems" data-testid="parcel-problems">
              {booking.problems.map((p) => (
                <li key={`${p.state}|${p.at ?? p.seenAt}`}>
                  {PROBLEM_WORDS[p.state] ?? p.state}: {p.status}
                  {p.at && ` (${p.at})`}
                </li>
              ))}
            </ul>
          )}
          {booking.restockedAt && (
            <p data-testid="parcel-restocked">
              Returned to the shop (RTO): its items were marked in stock again.
            </p>
          )}
          <p>
            <button type="button" onClick={() => void track()} disabled={busy}>
              Check tracking now
            </button>{' '}
            <button type="button" onClick={() => void airwayBill()} disabled={busy}>
              Get the airway bill (PDF)
            </button>{' '}
            <button type="button" onClick={() => void airwayBill('a4')} disabled={busy}>
              Label and slip on A4
            </button>{' '}
            <button type="button" onClick={() => void airwayBill('4x6')} disabled={busy}>
              Label and slip on 4 × 6
            </button>{' '}
            {file && (
              <a href={file.url} download={file.filename}>
                Save {file.filename}
              </a>
            )}
          </p>
        </>
      ) : (
        <p>
          <button type="button" onClick={() => void book()} disabled={busy}>
            {busy ? 'Booking…' : `Book with ${courier?.label ?? 'the courier'}`}
          </button>
        </p>
      )}
    </section>
  );
}
