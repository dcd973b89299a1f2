// An exchange's shipping fee (the shopper's return form says "Shipping is charged on exchanges."):
// the desk records it as a payment whose purpose is 'exchange-fee', on an order whose exchange was
// approved or has gone further, once per order, and at most the order's own delivery fee (the
// shop's flat fee to that destination, in the order's currency, as the order was charged it).
import { toMinorUnits } from '../money.ts';
import type { ReturnKind, ReturnState } from '../returns/states.ts';
import { exchangeFeesMinor, type LedgerOrder } from './ledger.ts';

/** The exchange's steps at which its fee may be charged: approved, and every step after it. */
export const EXCHANGE_FEE_STATES: readonly ReturnState[] = [
  'approved',
  'pickupScheduled',
  'received',
  'exchangeShipped',
];

/** The fields of an order the rule reads. */
export interface ExchangeFeeOrder extends LedgerOrder {
  deliveryFee: number;
  returnRequest?: { kind: ReturnKind; state: ReturnState };
}

/** Why an exchange fee cannot be charged on the order now, or null when it can. */
export function exchangeFeeRefusal(o: ExchangeFeeOrder): 'no-exchange' | 'again' | null {
  const r = o.returnRequest;
  if (o.status === 'Cancelled' || r?.kind !== 'exchange' || !EXCHANGE_FEE_STATES.includes(r.state))
    return 'no-exchange';
  if (exchangeFeesMinor(o) > 0) return 'again';
  return null;
}

/** The most an exchange fee may be, in the order currency's minor unit: its delivery fee. */
export const exchangeFeeCapMinor = (o: ExchangeFeeOrder) => toMinorUnits(o.deliveryFee, o.currency);

/** The most that may be charged as the exchange fee now, in the order's currency, or null. */
export function exchangeFeeOpen(o: ExchangeFeeOrder): number | null {
  return exchangeFeeRefusal(o) === null && o.deliveryFee > 0 ? o.deliveryFee : null;
}
