// Returns and exchanges (docs/product.md §9): a shopper asks for one on their own delivered Pakistan
// order within 7 days of delivery; staff approve or refuse it, schedule the pick-up, mark the goods
// received, then record the refund or ship the exchange. Each step is one conditional write of the
// request and its timeline event over the version its writer saw (so of two staff, one wins), then
// an audit entry (staff steps) and a mail to the shopper in the background.
import { shortNumber } from '../../lib/desk.ts';
import {
  RETURN_MESSAGES,
  canReturnMove,
  checkReturnLines,
  deliveredAt,
  isReturnClosed,
  returnEligibility,
} from '../../lib/returns/rules.ts';
import type { Order } from '../../lib/contract/responses.ts';
import {
  REFUND_ACCOUNT_MESSAGES,
  parseRefundAccount,
  type RefundAccount,
} from '../../lib/returns/refund-account.ts';
import type {
  DeskReturn,
  DeskReturnStepBody,
  DeskReturnsBody,
  ReturnRequestBody,
} from '../../lib/contract/returns.ts';
import type { WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import type {
  OrderEvent,
  OrderRecord,
  ReturnRecord,
  StaffRecord,
  UserRecord,
} from '../store/port.ts';
import { findOrder, ledgerEntry } from '../orders/index.ts';
import { mayRefund } from '../accounts/index.ts';
import { DESK_ANSWERS } from '../../lib/desk-messages.ts';
import { DELIVERY_FEE_LINE } from '../../lib/orders/refund-lines.ts';
import { toOrder } from '../orders/index.ts';
import { mailShopper as mailShopperKept } from '../operations/index.ts';
import { returnMail } from './return-mail.ts';
import { applyStep, stepDetails, stepNote } from './return-steps.ts';
import { toDeskReturn } from '../orders/index.ts';
import { CLI_ACTOR, actorOf, audit } from '../operations/index.ts';
import type { ReturnAlert } from '../orders/index.ts';

type WithReturn = OrderRecord & { returnRequest: ReturnRecord };

function mailShopper(deps: Deps, order: WithReturn, waitUntil?: WaitUntil): void {
  const mail = returnMail(order);
  // A return mail that fails is kept, retried and listed like every order mail.
  void mailShopperKept(deps, mail, { kind: 'order-status', orderId: order.id }, waitUntil);
}

/**
 * The refund account a return needs: a cash-on-delivery return must give one (the shop has no
 * other way to send the money back); any other request may not (it is refunded the way it paid).
 */
function refundAccountOf(order: OrderRecord, body: ReturnRequestBody): RefundAccount | null {
  const needed = body.kind === 'return' && order.paymentMethod === 'COD';
  if (!needed) {
    if (body.refundAccount !== undefined) throw invalid(REFUND_ACCOUNT_MESSAGES.notTaken);
    return null;
  }
  const parsed = parseRefundAccount(body.refundAccount ?? '');
  if ('error' in parsed) throw invalid(parsed.error);
  return parsed.account;
}

/** Whether the shopper may ask for a return of this stored order at `now`, and why not. */
export function eligibilityOf(order: OrderRecord, now = Date.now()) {
  return returnEligibility(
    {
      status: order.status,
      country: order.address.country,
      deliveredAt: deliveredAt(order.history),
      hasReturn: order.returnRequest !== undefined,
    },
    now,
  );
}

/**
 * The shopper's request for their own order: someone else's order is "not found"; the order must be
 * eligible now and the chosen lines must be in it. Answers the order as it now stands, and what an
 * alert to the shop needs.
 */
export async function requestReturn(
  deps: Deps,
  user: UserRecord,
  body: ReturnRequestBody,
  waitUntil?: WaitUntil,
): Promise<{ answer: { success: true; message: string; order: Order }; alert: ReturnAlert }> {
  const { store } = deps;
  const order = await store.orders.get(body.orderId);
  if (!order || order.userId !== user.id) throw notFound(RETURN_MESSAGES.notFound);
  const eligible = eligibilityOf(order);
  if (!eligible.ok) throw conflict(eligible.reason);
  const wrongLines = checkReturnLines(order.items, body.items);
  if (wrongLines) throw invalid(wrongLines);
  const refundAccount = refundAccountOf(order, body);
  const now = new Date().toISOString();
  const request: ReturnRecord = {
    kind: body.kind,
    state: 'requested',
    version: 1,
    lines: body.items.map(({ line, quantity }) => {
      const item = order.items[line]!;
      return {
        line,
        productId: item.productId,
        productName: item.productName,
        selectedColor: item.selectedColor,
        quantity,
      };
    }),
    reason: body.reason,
    requestedAt: now,
    updatedAt: now,
    ...(refundAccount ? { refundAccount } : {}),
  };
  const event: OrderEvent = {
    at: now,
    from: 'Delivered',
    to: 'Delivered',
    by: null,
    note: `${body.kind === 'return' ? 'Return' : 'Exchange'} requested: ${body.reason}`,
    returnStep: 'requested',
  };
  const saved = await store.orders.saveReturn(order.id, 0, request, { userId: user.id, event });
  // Only a request made at the same moment can have won: the order was Delivered and the shopper's.
  if (!saved) throw conflict(RETURN_MESSAGES.alreadyRequested);
  const withReturn = saved as WithReturn;
  mailShopper(deps, withReturn, waitUntil);
  return {
    answer: { success: true, message: RETURN_MESSAGES.requested(body.kind), order: toOrder(saved) },
    alert: {
      orderId: saved.id,
      number: shortNumber(saved.id),
      kind: request.kind,
      lines: request.lines,
      reason: request.reason,
      requestedAt: now,
      shopper: {
        name: `${saved.address.firstName} ${saved.address.lastName}`,
        email: saved.address.email,
        mobile: saved.address.mobile,
      },
      paymentMethod: saved.paymentMethod,
    },
  };
}

/** Who took the request's last step, for the message of a lost race. */
function lastActor(o: OrderRecord): string {
  const last = o.history?.findLast((e) => e.returnStep !== undefined);
  return last?.by ? last.by.email : last ? 'the shopper' : 'someone else';
}

/**
 * A staff step on an order's request (staff null: the operator CLI). `version`, when given, is the
 * version the staff member saw: if the request has moved since, the step is refused with who moved it.
 */
export async function stepReturn(
  deps: Deps,
  staff: StaffRecord | null,
  body: DeskReturnStepBody,
  waitUntil?: WaitUntil,
): Promise<{ success: true; message: string; return: DeskReturn }> {
  const { store } = deps;
  const order = await findOrder(store, body.order);
  const r = order.returnRequest;
  if (!r) throw conflict(RETURN_MESSAGES.noReturn);
  const withReturn = order as WithReturn;
  if (body.version !== undefined && body.version !== r.version)
    throw conflict(RETURN_MESSAGES.changedBySomeoneElse(r.state, lastActor(order)));
  if (!canReturnMove(r.kind, r.state, body.to)) {
    if (body.to === 'refunded' && r.kind === 'exchange')
      throw conflict(RETURN_MESSAGES.refundOnlyReturns);
    if (body.to === 'exchangeShipped' && r.kind === 'return')
      throw conflict(RETURN_MESSAGES.shipOnlyExchanges);
    throw conflict(RETURN_MESSAGES.badStep(r.state, body.to));
  }
  // A return's refund is a refund like any other: the owner's, or a member's the owner allowed.
  if (body.to === 'refunded' && staff && !mayRefund(staff))
    throw forbidden(DESK_ANSWERS.refundsOnly);
  const at = new Date().toISOString();
  const next = applyStep(withReturn, body, at);
  const note = stepNote(next);
  const actor = staff ?? CLI_ACTOR;
  const event: OrderEvent = {
    at,
    from: 'Delivered',
    to: 'Delivered',
    by: actorOf(actor),
    ...(note ? { note } : {}),
    returnStep: next.state,
  };
  // A return's refund is an entry on the order's ledger, written with the step in one write.
  const refund =
    next.state === 'refunded' && next.refund
      ? {
          entry: ledgerEntry(order, actorOf(actor), {
            kind: 'refund',
            method: next.refund.method,
            amount: next.refund.amountPkr,
            reference: next.refund.reference,
            reason: 'return',
            note: `Return: ${r.reason}`,
            // The returned lines (and the fee when it goes back): what the refund paid for.
            lines: [
              ...r.lines.map((l) => ({ index: l.line, quantity: l.quantity })),
              ...(body.includeDelivery ? [{ index: DELIVERY_FEE_LINE, quantity: 1 }] : []),
            ],
          }),
          entriesBefore: (order.payments ?? []).length,
        }
      : undefined;
  const saved = await store.orders.saveReturn(order.id, r.version, next, {
    event,
    ...(refund ? { refund } : {}),
  });
  if (!saved) {
    const now = await store.orders.get(order.id);
    // Nothing else moved, so the store refused the refund's reference.
    if (
      refund &&
      now?.returnRequest?.version === r.version &&
      (now.payments ?? []).length === refund.entriesBefore
    )
      throw conflict(RETURN_MESSAGES.refundReferenceTaken(refund.entry.reference!));
    throw conflict(
      RETURN_MESSAGES.changedBySomeoneElse(
        now?.returnRequest?.state ?? r.state,
        now ? lastActor(now) : 'someone else',
      ),
    );
  }
  const { version: _before, ...beforeDetails } = r;
  const { version: _after, ...afterDetails } = next;
  await audit(
    store,
    actor,
    'return.step',
    `order:${order.id}`,
    { state: r.state, version: r.version },
    { state: next.state, version: next.version, ...stepDetails(beforeDetails, afterDetails) },
  );
  mailShopper(deps, saved as WithReturn, waitUntil);
  return {
    success: true,
    message: RETURN_MESSAGES.stepDone(shortNumber(saved.id), next.state),
    return: toDeskReturn(saved as WithReturn),
  };
}

/** Every request, newest first; optionally of one step, or only those still open. */
export async function listReturns(
  deps: Deps,
  body: DeskReturnsBody,
): Promise<{ success: true; returns: DeskReturn[] }> {
  const orders = (await deps.store.orders.list()).filter(
    (o): o is WithReturn =>
      o.returnRequest !== undefined &&
      (body.state === undefined || o.returnRequest.state === body.state) &&
      (body.open === undefined || body.open !== isReturnClosed(o.returnRequest.state)),
  );
  orders.sort((a, b) => b.returnRequest.requestedAt.localeCompare(a.returnRequest.requestedAt));
  return { success: true, returns: orders.map(toDeskReturn) };
}
