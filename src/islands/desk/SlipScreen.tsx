// Packing slips, printable: one order's (#/slip/<number>) or every order in Order Placed
// (#/slips). Each slip: short number, name, phone, address (the city, region and country alone for
// a member not allowed customers' details), and the items with colours and quantities; printing
// leaves out the desk's navigation and buttons.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { routeHref } from '../../lib/desk-view.ts';
import { $slips, loadSlips } from '../../stores/desk-slips.ts';
import type { ScreenProps } from './screen-props.ts';
import { AddressBlock } from './order-parts.tsx';
import { NotLoaded } from './NotLoaded.tsx';

/** The packing slip screen. */
export default function SlipScreen({ params }: ScreenProps) {
  const slips = useStore($slips);
  const orders = slips.data;
  useEffect(() => {
    void loadSlips(params.order);
  }, [params.order]);

  const back = params.order
    ? routeHref('orders/:order', { order: params.order })
    : routeHref('orders');
  return (
    <>
      <p className="no-print desk-row">
        <a href={back}>Back</a>
        <button type="button" className="desk-button" onClick={() => print()}>
          Print
        </button>
      </p>
      {orders === null && <NotLoaded resource={slips} retry={() => loadSlips(params.order)} />}
      {orders?.length === 0 && !params.order && <p>No orders are waiting in Order Placed.</p>}
      {orders?.map((order) => (
        <article className="desk-slip" key={order.id} aria-label={`Packing slip #${order.number}`}>
          <h2>Order #{order.number}</h2>
          <p>
            Placed {order.placedAt} · {order.paymentMethod} ({order.payment})
          </p>
          <AddressBlock order={order} />
          {order.phone !== null && <p>Phone: {order.phone}</p>}
          <table className="desk-slip-items">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Colour</th>
                <th scope="col">Quantity</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, i) => (
                <tr key={i}>
                  <td>{line.productName}</td>
                  <td>{line.colour}</td>
                  <td>
                    {line.quantity - line.refunded}
                    {line.refunded > 0 && ` (${line.refunded} refunded)`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </>
  );
}
