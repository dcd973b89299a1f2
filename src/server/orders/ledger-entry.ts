// A new entry on an order's ledger (src/lib/orders/ledger.ts), stamped with its id, time, rupee
// figure and the order's status, for every writer: the desk's payments and refunds, a return's
// refund, the card gateway.
import { randomUUID } from 'node:crypto';
import type { LedgerActor, LedgerEntry } from '../../lib/orders/ledger.ts';
import type { OrderRecord } from '../store/port.ts';

/** An entry's amount in rupees, at the order's own rate. */
const inPkr = (o: OrderRecord, amount: number) => Math.round(amount / (o.rate || 1));

/** A new ledger entry on `order`, written now by `by`. */
export function ledgerEntry(
  order: OrderRecord,
  by: LedgerActor,
  fields: Pick<LedgerEntry, 'kind' | 'method' | 'amount' | 'reference'> & Partial<LedgerEntry>,
): LedgerEntry {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    amountPkr: inPkr(order, fields.amount),
    by,
    status: order.status,
    ...fields,
  };
}
