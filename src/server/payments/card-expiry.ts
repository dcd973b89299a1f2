// Card orders left unpaid: after CARD_PAYMENT_MINUTES an unpaid card order is cancelled with the
// reason "payment not completed" and the shopper is mailed. Before cancelling, the gateway is
// asked about each payment opened for it, since a webhook may have been lost: a payment that went
// through is recorded instead. When the gateway cannot be asked, the order waits for the next run
// rather than being cancelled over a payment that may exist.
//
// Like the retries of failed mails, this runs on later requests (after an order is placed, when a
// shopper lists their orders or the desk lists orders; at most once a minute across instances)
// and from the CLI (`npm run shop -- orders expire-unpaid`), not on a schedule (the shop's
// schedule, src/server/scheduled.ts, runs only the couriers' tracking so far), and each cancel is
// conditional, so two runs at once cancel an order once.
import { CARD_PAYMENT_MINUTES } from '../../lib/cards.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { withinLimit, type Limit } from '../operations/index.ts';
import { announcePaidByCard, cancelUnpaidCardOrder, isUnpaidCard } from '../orders/index.ts';
import { logEvent } from '../request-log.ts';
import type { OrderRecord } from '../store/port.ts';
import { GatewayError } from './gateway/port.ts';
import { gatewayForOrder, readingPays, recordCardPayment } from './card-payments.ts';

const WAIT_MS = CARD_PAYMENT_MINUTES * 60_000;
/** The lazy run: once a minute across every instance. */
const EXPIRY_RUN: Limit = { name: 'card-expiry', max: 1, windowMs: 60_000 };

/** Whether an unpaid card order has waited its whole time for the payment at `now`. */
export const isOverdue = (order: Pick<OrderRecord, 'date'>, now: Date) =>
  now.getTime() - Date.parse(order.date) >= WAIT_MS;

/**
 * Settles one overdue unpaid card order: 'paid' when the gateway says one of its payments went
 * through (recorded now, and announced), 'cancelled' when none did, 'left' when the gateway could
 * not be asked or the order moved on meanwhile.
 */
export async function settleOverdueCardOrder(
  deps: Deps,
  order: OrderRecord,
  now: Date,
  waitUntil?: WaitUntil,
): Promise<'paid' | 'cancelled' | 'left'> {
  const found = gatewayForOrder(deps.config, order);
  const gateway = found?.gateway ?? null;
  if (gateway && order.card) {
    for (const reference of [order.card.reference, ...(order.card.earlier ?? [])]) {
      let reading;
      try {
        reading = await gateway.readPayment(reference);
      } catch (error) {
        if (error instanceof GatewayError && error.kind === 'not-found') continue;
        logEvent('warn', 'card order left unpaid for now: the gateway could not be asked', {
          order: order.id,
          error: error instanceof Error ? error.message : String(error),
        });
        return 'left';
      }
      if (!readingPays(reading, order.card)) continue;
      const saved = await recordCardPayment(deps.store, order, reference, now, found!.label);
      if (!saved) return 'left';
      void announcePaidByCard(deps, saved, waitUntil);
      return 'paid';
    }
  }
  return (await cancelUnpaidCardOrder(deps, order.id, now, waitUntil)) ? 'cancelled' : 'left';
}

/** Settles every overdue unpaid card order; answers what became of each, by order id. */
export async function expireUnpaidCardOrders(
  deps: Deps,
  now = new Date(),
  waitUntil?: WaitUntil,
): Promise<Map<string, 'paid' | 'cancelled' | 'left'>> {
  const placed = await deps.store.orders.list({ status: 'Order Placed' });
  const settled = new Map<string, 'paid' | 'cancelled' | 'left'>();
  for (const order of placed.filter((o) => isUnpaidCard(o) && isOverdue(o, now)))
    settled.set(order.id, await settleOverdueCardOrder(deps, order, now, waitUntil));
  return settled;
}

/** expireUnpaidCardOrders after the current answer, at most once a minute across instances. */
export function expireUnpaidCardOrdersLater(deps: Deps, waitUntil?: WaitUntil): Promise<void> {
  return inBackground(
    'card expiry',
    async () => {
      if (await withinLimit(deps.store, EXPIRY_RUN, 'all'))
        await expireUnpaidCardOrders(deps, new Date(), waitUntil);
    },
    waitUntil,
  );
}
