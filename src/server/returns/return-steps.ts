// What each staff step of a return takes and records: the details it accepts (any other is
// refused), the request after it, the timeline note and the audit entry's changed details.
import { RETURN_MESSAGES, RETURN_STATE_LABELS, type ReturnState } from '../../lib/returns/rules.ts';
import type { DeskReturnStepBody } from '../../lib/contract/returns.ts';
import { invalid } from '../errors.ts';
import type { OrderRecord, ReturnRecord } from '../store/port.ts';
import { fromShopWallTime } from '../../lib/desk.ts';
import { orderTotalPkr } from '../../lib/orders/money.ts';

type WithReturn = OrderRecord & { returnRequest: ReturnRecord };

const STEP_FIELDS = [
  'reason',
  'pickupFrom',
  'pickupTo',
  'method',
  'reference',
  'amount',
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
  refunded: ['method', 'reference', 'amount'],
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
      const max = orderTotalPkr(order);
      if (body.amount > max) throw invalid(RETURN_MESSAGES.refundTooMuch(max));
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
