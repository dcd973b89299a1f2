// COD remittances, for the owner: import the courier's payment report (from its API, or its CSV
// report chosen from the device), then what differs: short payments, the courier's charges, cash
// for an order not delivered, parcels the shop never booked, lines imported before.
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { COURIER_REMITTANCE_MESSAGES } from '../../lib/contract/desk-remittances.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { routeHref } from '../../lib/desk-view.ts';
import { formatMoney } from '../../lib/money.ts';
import { $remittances, importRemittances } from '../../stores/desk-business.ts';
import { pressWhenIdle } from './focus-after.ts';

const rupees = (amount: number | null) =>
  amount === null ? '—' : formatMoney(amount, BASE_CURRENCY);

/** The owner's remittance import and its differences. */
export function Remittances() {
  const state = useStore($remittances);
  const report = state.data;

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('report');
    if (!(file instanceof File) || file.size === 0) return;
    await importRemittances({
      csv: await file.text(),
      courier: form.get('courier') === 'leopards' ? 'leopards' : 'postex',
    });
  }

  return (
    <section aria-labelledby="remittances-heading">
      <h2 id="remittances-heading">COD remittances</h2>
      <p className="desk-hint">
        The courier pays the cash it collected weeks later. Import its report: each payment is
        recorded on its order once, and what differs is listed here.
      </p>
      <p>
        <button
          type="button"
          className="desk-button"
          {...pressWhenIdle(state.busy, () => void importRemittances({}))}
        >
          Import the courier’s payments
        </button>
      </p>
      <form className="desk-form" onSubmit={(e) => void upload(e)}>
        <label>
          The courier’s CSV report{' '}
          <input type="file" name="report" accept=".csv,text/csv" required />
        </label>
        <label>
          Courier{' '}
          <select name="courier" defaultValue="postex">
            <option value="postex">PostEx</option>
            <option value="leopards">Leopards</option>
          </select>
        </label>
        <button type="submit" className="desk-button" {...pressWhenIdle(state.busy)}>
          Upload the report
        </button>
      </form>
      {report && report.differences.length > 0 && (
        <table aria-label="Remittance differences" data-testid="remittance-differences">
          <thead>
            <tr>
              <th scope="col">Parcel</th>
              <th scope="col">Order</th>
              <th scope="col">Due</th>
              <th scope="col">Paid</th>
              <th scope="col">Charges</th>
              <th scope="col">What happened</th>
            </tr>
          </thead>
          <tbody>
            {report.differences.map((d) => (
              <tr key={`${d.trackingNumber}|${d.reference}`}>
                <td>
                  {d.trackingNumber} · {d.reference}
                </td>
                <td>
                  {d.order ? (
                    <a href={routeHref('orders/:order', { order: d.order })}>#{d.order}</a>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{rupees(d.expectedPkr)}</td>
                <td>{rupees(d.paidPkr)}</td>
                <td>{rupees(d.chargesPkr)}</td>
                <td>{COURIER_REMITTANCE_MESSAGES.outcomes[d.outcome]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
