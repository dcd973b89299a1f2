// What each staff step of a return takes and records: the details it accepts (any other is
// refused), the request after it, the timeline note and the audit entry's changed details.
import { RETURN_MESSAGES, RETURN_STATE_LABELS, type ReturnState } from '../../lib/returns/rules.ts';
import type { DeskReturnStepBody } from '../../lib/contract/returns.ts';
import { invalid } from '../errors.ts';
import type { OrderRecord, ReturnRecord } from '../store/port.ts';
import { fromShopWallTime } from '../../lib/desk.ts';
import { formatMoney, sumAmounts, toMinorUnits } from '../../lib/money.ts';
import { convertLineAmount } from '../../lib/orders/money.ts';
import { fromMinor, ledgerSums, refundRefusal } from '../../lib/orders/ledger.ts';
import { conflict } from '../errors.ts';
import { REFUND_MESSAGES } from '../../lib/contract/payments.ts';

/**
 * What a return's refund may be at most, in the order's currency: the returned units at what was
 * paid for each (the line's unit price in the order's currency × the units returned, as the line
 * was charged), plus the delivery fee only when the owner chooses to refund it.
 */
export function returnRefundCap(order: WithReturn, includeDelivery: boolean): number {
  const lines = order.returnRequest.lines.map((l) => {
    const item = order.items[l.line]!;
    // A stored line's total is its unit price × its quantity, so the unit is their quotient.
    return convertLineAmount(
      item.lineTotal / item.quantity,
      l.quantity,
      order.rate,
      order.currency,
    );
  });
  const items = sumAmounts(lines, order.currency);
  return includeDelivery ? sumAmounts([items, order.deliveryFee], order.currency) : items;
}

/** Throws why a return's refund of `amount` cannot be made on the order as read. */
function refuseRefund(order: WithReturn, amount: number, includeDelivery: boolean): void {
  const money = (n: number) => formatMoney(n, order.currency);
  const cap = returnRefundCap(order, includeDelivery);
  if (toMinorUnits(amount, order.currency) > toMinorUnits(cap, order.currency))
    throw invalid(
      RETURN_MESSAGES.refundTooMuch(
        money(returnRefundCap(order, false)),
        includeDelivery ? money(cap) : null,
      ),
    );
  const why = refundRefusal(order, toMinorUnits(amount, order.currency));
  if (why === 'no-payment') throw conflict(RETURN_MESSAGES.refundNoPayment);
  if (why === 'in-flight') throw conflict(REFUND_MESSAGES.inFlight);
  if (why === 'more-than-held')
    throw conflict(
      RETURN_MESSAGES.refundMoreThanHeld(
        money(fromMinor(ledgerSums(order).heldMinor, order.currency)),
      ),
    );
}

type WithReturn = OrderRecord & { returnRequest: ReturnRecord };

const STEP_FIELDS = [
  'reason',
  'pickupFrom',
  'pickupTo',
  'method',
  'reference',
  'amount',
  'includeDelivery',
  'courier',
  'trackingNumber',
] as const;
/** The details each step takes; any other is refused. */
const ALLOWED: Record<ReturnState, readonly (typeof STEP_FIELDS)[number][]> = {
  requested: [],
  approved: [],
  refused: ['reason'],
  pickupScheduled: ['pickupFrom', 'pickupTo'],
  received: [],
  refunded: ['method', 'reference', 'amount', 'includeDelivery'],
  exchangeShipped: ['courier', 'trackingNumber'],
};

/** The request after the step, with its details checked; throws a 400 naming what is wrong. */
export function applyStep(order: WithReturn, body: DeskReturnStepBody, at: string): ReturnRecord {
  const r = order.returnRequest;
  const extra = STEP_FIELDS.filter((f) => body[f] !== undefined && !ALLOWED[body.to].includes(f));
  if (extra.length > 0)
    throw invalid(
      `${extra.join(', ')} cannot be given when a request becomes ${RETURN_STATE_LABELS[body.to]}.`,
    );
  const next: ReturnRecord = { ...r, state: body.to, version: r.version + 1, updatedAt: at };
  switch (body.to) {
    case 'refused':
      if (!body.reason) throw invalid(RETURN_MESSAGES.refusalReasonRequired);
      return { ...next, refusalReason: body.reason };
    case 'pickupScheduled': {
      if (!body.pickupFrom || !body.pickupTo) throw invalid(RETURN_MESSAGES.pickupRequired);
      const from = fromShopWallTime(body.pickupFrom);
      const to = fromShopWallTime(body.pickupTo);
      if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || to <= from)
        throw invalid(RETURN_MESSAGES.pickupOrder);
      return { ...next, pickup: { from, to } };
    }
    case 'refunded': {
      if (!body.method || !body.reference || body.amount === undefined)
        throw invalid(RETURN_MESSAGES.refundRequired);
      refuseRefund(order, body.amount, body.includeDelivery === true);
      return {
        ...next,
        refund: { method: body.method, reference: body.reference, amountPkr: body.amount },
      };
    }
    case 'exchangeShipped':
      return {
        ...next,
        exchangeShipping: {
          courier: body.courier ?? null,
          trackingNumber: body.trackingNumber ?? null,
        },
      };
    default:
      return next;
  }
}

/** The timeline note of a step: the details a reader of the timeline needs. */
export function stepNote(r: ReturnRecord): string | undefined {
  switch (r.state) {
    case 'refused':
      return r.refusalReason;
    case 'refunded':
      return `${r.refund!.amountPkr} PKR by ${r.refund!.method}, reference ${r.refund!.reference}`;
    case 'exchangeShipped': {
      const text = [r.exchangeShipping?.courier, r.exchangeShipping?.trackingNumber]
        .filter(Boolean)
        .join(' ');
      return text || undefined;
    }
    default:
      return undefined;
  }
}

/** The details a step set: refusal reason, pick-up, refund or exchange shipping. */
export function stepDetails(
  before: Omit<ReturnRecord, 'version'>,
  after: Omit<ReturnRecord, 'version'>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of ['refusalReason', 'pickup', 'refund', 'exchangeShipping'] as const)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = after[key];
  return changed;
}
