// Packing slips, printable: one order's (#/slip/<number>) or every order in Order Placed
// (#/slips). Each slip: short number, name, phone, address, and the items with colours and
// quantities; printing leaves out the desk's navigation and buttons.
import { useEffect, useState } from 'react';
import type { DeskOrder } from '../../lib/contract/desk.ts';
import { routeHref } from '../../lib/desk-view.ts';
import { deskRequest, notifyFailure } from '../../stores/desk.ts';
import { loadOrder } from '../../stores/desk-orders.ts';
import type { ScreenProps } from './screen-props.ts';
import { AddressBlock } from './order-parts.tsx';

async function placedOrders(): Promise<DeskOrder[]> {
  try {
    const list = await deskRequest('deskOrders', { status: 'Order Placed', limit: 500 });
    // Oldest first: the order they were placed in is the order to pack them.
    const ids = list.orders.map((o) => o.id).reverse();
    const orders = await Promise.all(ids.map((id) => loadOrder(id)));
    return orders.filter((o) => o !== null);
  } catch (error) {
    notifyFailure(error);
    return [];
  }
}

/** The packing slip screen. */
export default function SlipScreen({ params }: ScreenProps) {
  const [orders, setOrders] = useState<DeskOrder[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = params.order
      ? loadOrder(params.order).then((o) => (o ? [o] : []))
      : placedOrders();
    void load.then((o) => live && setOrders(o));
    return () => {
      live = false;
    };
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
      {orders === null && <p>Loading…</p>}
      {orders?.length === 0 && !params.order && <p>No orders are waiting in Order Placed.</p>}
      {orders?.map((order) => (
        <article className="desk-slip" key={order.id} aria-label={`Packing slip #${order.number}`}>
          <h2>Order #{order.number}</h2>
          <p>
            Placed {order.placedAt} · {order.paymentMethod} ({order.payment})
          </p>
          <AddressBlock order={order} />
          <p>Phone: {order.phone}</p>
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
                  <td>{line.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </>
  );
}
