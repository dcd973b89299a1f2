// A new entry on an order's ledger (src/lib/orders/ledger.ts), stamped with its id, time, rupee
// figure and the order's status, for every writer: the desk's payments and refunds, a return's
// refund, the card gateway.
import { randomUUID } from 'node:crypto';
import { toMinorUnits } from '../../lib/money.ts';
import type { LedgerActor, LedgerEntry } from '../../lib/orders/ledger.ts';
import { newEntryPkr } from '../../lib/orders/entry-pkr.ts';
import type { OrderRecord } from '../store/port.ts';

/** A new ledger entry on `order`, written now by `by`; its rupee figure by the one rule (newEntryPkr). */
export function ledgerEntry(
  order: OrderRecord,
  by: LedgerActor,
  fields: Pick<LedgerEntry, 'kind' | 'method' | 'amount' | 'reference'> & Partial<LedgerEntry>,
): LedgerEntry {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    amountPkr: newEntryPkr(
      order,
      fields.kind ?? 'payment',
      toMinorUnits(fields.amount, order.currency),
    ),
    by,
    status: order.status,
    ...fields,
  };
}
