// Following booked parcels: the tracking job. It asks the owner's courier where each open parcel is
// (booked, on an order in Packing or Out for Delivery), in one track call of at most
// TRACK_PER_RUN numbers (the adapter sends them 50 a request, one request at a time), and moves
// each order as a desk move would, by "the courier": picked up (or any later step) → Out for
// Delivery, delivered → Delivered, with the same timeline event, audit entry and status mail. A
// failed attempt, a refusal and a return are written on the order's booking, each once, and the
// owner is alerted; a parcel back with the shop (returned, RTO) cancels the order as returned, so
// the books count no sale for it, and its items are marked in stock again, once.
//
// Every write is conditional, so two runs at once (the schedule and the desk's "Check tracking
// now") do each thing once: a move is the store's conditional transition (of two, one moves and
// mails); a problem, and the restock, are claimed on the booking by rotating its claim id
// (writeCourierBooking holds to the claim read), so only the run that wrote it alerts or
// restocks. A courier that is down, or a state the adapter does not know, changes nothing: the
// next run asks again. Leopards also pushes each step as it happens (receiveLeopardsPush): a push
// is followed by the same steps, so a push and a run, or a push replayed, do each thing once.
import { randomUUID } from 'node:crypto';
import { COURIER_MESSAGES } from '../../lib/contract/desk-couriers.ts';
import { shortNumber } from '../../lib/desk.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/orders/moves.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import { setDeskColourStock } from '../catalogue/index.ts';
import {
  COURIERS,
  MAX_PARCELS_PER_CALL,
  courierFromConfig,
  isCourierName,
  leopardsPushAuthorised,
  readLeopardsPush,
  type ParcelState,
  type ParcelTracking,
} from '../couriers/index.ts';
import type { Deps } from '../deps.ts';
import { unavailable } from '../errors.ts';
import { readBytesCapped } from '../http.ts';
import { audit, mailShopper, withinLimit, type Limit } from '../operations/index.ts';
import { logEvent } from '../request-log.ts';
import type { CourierBooking, OrderRecord, ParcelSeen } from '../store/port.ts';
import { statusMail } from './desk-mail.ts';
import { sendShippingUpdate } from './shipping-whatsapp.ts';
import { alertShop } from './shop-alerts.ts';

/** Who the tracking job's moves are by, on the timeline and in the audit log. */
export const COURIER_ACTOR = { id: 'courier', email: 'the courier' };
/** The most parcels one run follows: one track call's worth. */
export const TRACK_PER_RUN = MAX_PARCELS_PER_CALL;
/** Why a returned parcel's order is cancelled: the shopper's mail and the desk say it. */
export const RTO_REASON = 'Returned to the shop by the courier (RTO)';
/** How many parcels one track request asks about: both couriers' batch (the adapter's own). */
const TRACK_BATCH = 50;
/**
 * How long a run keeps starting new requests: a scheduled function has 30 s in all and a desk call
 * 10 s, and one request may take COURIER_TIMEOUT_MS; a slow courier leaves the rest of the parcels
 * to the next run (20 requests of 50 fit when the courier answers each within a quarter second).
 */
const RUN_BUDGET_MS = 5_000;
/** The orders whose parcels are followed. */
const OPEN: readonly OrderStatus[] = ['Packing', 'Out for Delivery'];
/** The states written on the booking as delivery problems, each alerted once. */
const PROBLEMS: readonly ParcelState[] = ['attempted', 'refused', 'returning', 'returned'];
/** The lazy run after desk requests: at most once in 15 minutes across every instance. */
const TRACKING_RUN: Limit = { name: 'courier-tracking', max: 1, windowMs: 15 * 60_000 };

/** What one run did. */
export interface TrackingRun {
  /** The courier asked, or null when none is connected. */
  courier: string | null;
  /** Parcels asked about. */
  asked: number;
  /** Whether the courier answered (false: it was down, and nothing changed). */
  answered: boolean;
  /** Each status move made, in order. */
  moves: { orderId: string; from: OrderStatus; to: OrderStatus }[];
  /** Delivery problems newly written on orders. */
  problems: { orderId: string; state: string }[];
  /** Orders whose returned items were marked in stock again. */
  restocked: string[];
}

/** The moves that bring an order in `status` to where its parcel is, one step at a time. */
export function movesFor(status: OrderStatus, state: ParcelState): OrderStatus[] {
  switch (state) {
    case 'picked_up':
    case 'in_transit':
    case 'out_for_delivery':
    case 'attempted':
    case 'refused':
    case 'returning':
      return status === 'Packing' ? ['Out for Delivery'] : [];
    case 'delivered':
      if (status === 'Packing') return ['Out for Delivery', 'Delivered'];
      return status === 'Out for Delivery' ? ['Delivered'] : [];
    case 'returned':
      return OPEN.includes(status) ? ['Cancelled'] : [];
    default:
      // booked, cancelled at the courier, unknown: nothing to move.
      return [];
  }
}

const courierLabel = (booking: CourierBooking) =>
  isCourierName(booking.courier) ? COURIERS[booking.courier].label : booking.courier;

/** The step a state was reached by, as the courier wrote it (its last event in that state). */
function seenOf(tracking: ParcelTracking, state: ParcelState, seenAt: string): ParcelSeen {
  const event = tracking.events.filter((e) => e.state === state).at(-1);
  return {
    state,
    status: event?.status ?? tracking.status,
    at: event?.at ?? null,
    seenAt,
  };
}

/** The problems in the parcel's steps not yet written on the booking (a state and time once). */
function newProblems(booking: CourierBooking, tracking: ParcelTracking, seenAt: string) {
  const known = new Set((booking.problems ?? []).map((p) => `${p.state}|${p.at ?? ''}`));
  const steps = tracking.events.some((e) => e.state === tracking.state)
    ? tracking.events
    : [
        ...tracking.events,
        { state: tracking.state, status: tracking.status, at: null as string | null },
      ];
  const fresh: ParcelSeen[] = [];
  for (const e of steps) {
    if (!PROBLEMS.includes(e.state)) continue;
    const key = `${e.state}|${e.at ?? ''}`;
    if (known.has(key)) continue;
    known.add(key);
    fresh.push({ state: e.state, status: e.status, at: e.at, seenAt });
  }
  return fresh;
}

/**
 * Writes what is new of the parcel on the order's booking (where it is, new problems, the
 * restock of a returned parcel) under a fresh claim id, so of two runs only one writes it. Answers
 * the order as written and what this run won, or null when nothing was new or another run won.
 */
async function recordParcel(deps: Deps, order: OrderRecord, tracking: ParcelTracking) {
  const booking = order.courierBooking!;
  const seenAt = new Date().toISOString();
  const problems = newProblems(booking, tracking, seenAt);
  const restock = tracking.state === 'returned' && !booking.restockedAt;
  const moved =
    booking.parcel?.state !== tracking.state || booking.parcel?.status !== tracking.status;
  if (!moved && problems.length === 0 && !restock) return null;
  const next: CourierBooking = {
    ...booking,
    claim: randomUUID(),
    parcel: seenOf(tracking, tracking.state, seenAt),
    ...(problems.length > 0 ? { problems: [...(booking.problems ?? []), ...problems] } : {}),
    ...(restock ? { restockedAt: seenAt } : {}),
  };
  const written = await deps.store.orders.writeCourierBooking(order.id, booking.claim, next, {
    statuses: ORDER_STATUSES,
  });
  return written ? { order: written, problems, restock } : null;
}

/** Marks each of the order's lines' colours in stock again (the shop keeps stock as in or out). */
async function restock(deps: Deps, order: OrderRecord) {
  for (const item of order.items)
    await setDeskColourStock(deps.store, COURIER_ACTOR, {
      productId: item.productId,
      color: item.selectedColor,
      inStock: true,
    }).catch((error: unknown) =>
      logEvent('warn', 'a returned parcel’s line could not be restocked', {
        order: order.id,
        product: item.productId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
}

/** Moves the order to where its parcel is, as a desk move by the courier; mails the last move. */
async function moveOrder(
  deps: Deps,
  order: OrderRecord,
  tracking: ParcelTracking,
  run: TrackingRun,
  waitUntil?: WaitUntil,
) {
  const booking = order.courierBooking!;
  let now = order;
  for (const to of movesFor(order.status, tracking.state)) {
    const from = now.status;
    const shipping =
      to === 'Out for Delivery'
        ? { courier: courierLabel(booking), trackingNumber: booking.trackingNumber }
        : undefined;
    const note =
      to === 'Cancelled'
        ? RTO_REASON
        : shipping
          ? `${shipping.courier} ${shipping.trackingNumber}`
          : null;
    const moved = await deps.store.orders.transition(order.id, [from], to, {
      event: {
        at: new Date().toISOString(),
        from,
        to,
        by: COURIER_ACTOR,
        ...(note ? { note } : {}),
      },
      ...(shipping ? { shipping } : {}),
      ...(to === 'Cancelled' ? { cancelReason: RTO_REASON } : {}),
    });
    // Moved by someone else meanwhile (a member, or another run): that one mails its own move;
    // this run still mails the move it made before, if any.
    if (!moved) break;
    await audit(
      deps.store,
      COURIER_ACTOR,
      'order.move',
      `order:${order.id}`,
      { status: from },
      {
        status: to,
        ...(shipping ?? {}),
        ...(to === 'Cancelled' ? { reason: RTO_REASON } : {}),
      },
    );
    run.moves.push({ orderId: order.id, from, to });
    now = moved;
  }
  if (now === order) return;
  const mail = statusMail(now);
  if (mail) void mailShopper(deps, mail, { kind: 'order-status', orderId: now.id }, waitUntil);
  sendShippingUpdate(deps, now, waitUntil);
}

/** Follows one parcel: records what is new on the booking, then moves the order. */
async function followOne(
  deps: Deps,
  order: OrderRecord,
  tracking: ParcelTracking,
  run: TrackingRun,
  waitUntil?: WaitUntil,
) {
  if (tracking.state === 'unknown') return;
  const recorded = await recordParcel(deps, order, tracking);
  const current = recorded?.order ?? order;
  if (recorded?.restock) {
    await restock(deps, current);
    run.restocked.push(order.id);
  }
  await moveOrder(deps, current, tracking, run, waitUntil);
  for (const problem of recorded?.problems ?? []) {
    run.problems.push({ orderId: order.id, state: problem.state });
    const latest = (await deps.store.orders.get(order.id)) ?? current;
    void alertShop(
      deps,
      {
        kind: 'delivery-problem',
        order: latest,
        courier: courierLabel(latest.courierBooking!),
        problem,
      },
      waitUntil,
    );
  }
}

/** The open parcels booked with `courier`, oldest booking first, at most TRACK_PER_RUN. */
async function openParcels(deps: Deps, courier: string): Promise<OrderRecord[]> {
  const heads = (await deps.store.orders.listHeads()).filter((o) => OPEN.includes(o.status));
  const orders = await deps.store.orders.getMany(heads.map((o) => o.id));
  return orders
    .filter(
      (o) =>
        o.courierBooking?.state === 'booked' &&
        o.courierBooking.trackingNumber !== null &&
        o.courierBooking.courier === courier,
    )
    .sort((a, b) =>
      (a.courierBooking!.bookedAt ?? '').localeCompare(b.courierBooking!.bookedAt ?? ''),
    )
    .slice(0, TRACK_PER_RUN);
}

/** One run of the tracking job over the owner's courier's open parcels. */
export async function followParcels(deps: Deps, waitUntil?: WaitUntil): Promise<TrackingRun> {
  const connection = courierFromConfig(deps.config);
  const run: TrackingRun = {
    courier: connection?.name ?? null,
    asked: 0,
    answered: false,
    moves: [],
    problems: [],
    restocked: [],
  };
  if (!connection) return run;
  const open = await openParcels(deps, connection.name);
  if (open.length === 0) {
    run.answered = true;
    return run;
  }
  const byNumber = new Map(open.map((o) => [o.courierBooking!.trackingNumber!, o]));
  const numbers = [...byNumber.keys()];
  const done = new Set<string>();
  const started = Date.now();
  // A batch at a time (the couriers' request size), each followed before the next is asked, so a
  // run cut short (a slow courier, the time budget) keeps what it did.
  for (let at = 0; at < numbers.length; at += TRACK_BATCH) {
    if (at > 0 && Date.now() - started > RUN_BUDGET_MS) break;
    const batch = numbers.slice(at, at + TRACK_BATCH);
    let answer: ParcelTracking[];
    try {
      answer = await connection.adapter.track(batch);
    } catch (error) {
      logEvent(
        'warn',
        'the courier could not be asked where its parcels are; the next run asks again',
        {
          courier: connection.name,
          error: error instanceof Error ? error.message : String(error),
        },
      );
      break;
    }
    run.answered = true;
    run.asked += batch.length;
    for (const tracking of answer) {
      const order = byNumber.get(tracking.trackingNumber);
      // A number we did not ask about, or one answered twice: nothing to do.
      if (!order || done.has(tracking.trackingNumber)) continue;
      done.add(tracking.trackingNumber);
      try {
        await followOne(deps, order, tracking, run, waitUntil);
      } catch (error) {
        logEvent('error', 'a parcel could not be followed; the next run tries again', {
          order: order.id,
          number: shortNumber(order.id),
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  return run;
}

/** followParcels after the current answer, at most once in 15 minutes across instances. */
export function followParcelsLater(deps: Deps, waitUntil?: WaitUntil): Promise<void> {
  return inBackground(
    'courier tracking',
    async () => {
      if (await withinLimit(deps.store, TRACKING_RUN, 'all')) await followParcels(deps, waitUntil);
    },
    waitUntil,
  );
}

/** A push's body at most: Leopards sends each step as it happens, a few hundred bytes each. */
export const PUSH_MAX_BYTES = 64 * 1024;

/**
 * Leopards' answer to a push, as its Push API asks (202 with status 1, else status 0, and the
 * errors), beside the shop's own answer fields (success and a message), as every call answers.
 */
const pushAnswer = (status: 202 | 400 | 401 | 404 | 413 | 500, errors: string[] = []) =>
  Response.json(
    {
      success: status === 202,
      message: status === 202 ? 'Taken in' : errors[0],
      status: status === 202 ? 1 : 0,
      errors,
    },
    { status },
  );

/**
 * Leopards' push of its consignments' steps (POST /api/couriers/leopards/webhook): checked by the
 * shop's secret in X-Api-Key, then each consignment of an open order booked with Leopards is
 * followed as the tracking job follows it (steps recorded once, moves made once, the shopper's
 * mail). A step older than the one the order holds changes nothing; a number that is no open
 * parcel of the shop is listed back and changes nothing.
 */
export async function receiveLeopardsPush(deps: Deps, req: Request, waitUntil?: WaitUntil) {
  const secret = deps.config.LEOPARDS_WEBHOOK_SECRET;
  const log = 'leopards push';
  if (!secret) {
    logEvent('warn', log, { verdict: 'refused', reason: 'LEOPARDS_WEBHOOK_SECRET is not set' });
    return pushAnswer(404, ['Not found']);
  }
  if (!leopardsPushAuthorised(req.headers, secret)) {
    logEvent('warn', log, { verdict: 'refused', reason: 'no or wrong X-Api-Key' });
    return pushAnswer(401, ['Unauthorized']);
  }
  const raw = await readBytesCapped(req, PUSH_MAX_BYTES);
  if (!raw) {
    logEvent('warn', log, { verdict: 'refused', reason: 'body-too-large' });
    return pushAnswer(413, [`The body is over ${PUSH_MAX_BYTES} bytes`]);
  }
  const push = readLeopardsPush(new TextDecoder().decode(raw));
  if (!push.ok) {
    logEvent('warn', log, { verdict: 'refused', reason: 'malformed', detail: push.errors });
    return pushAnswer(400, push.errors);
  }
  const numbers = new Set(push.parcels.map((p) => p.trackingNumber));
  const heads = (await deps.store.orders.listHeads()).filter((o) => OPEN.includes(o.status));
  const open = new Map(
    (await deps.store.orders.getMany(heads.map((o) => o.id)))
      .filter(
        (o) =>
          o.courierBooking?.state === 'booked' &&
          o.courierBooking.courier === 'leopards' &&
          numbers.has(o.courierBooking.trackingNumber ?? ''),
      )
      .map((o) => [o.courierBooking!.trackingNumber!, o]),
  );
  const run: TrackingRun = {
    courier: 'leopards',
    asked: 0,
    answered: true,
    moves: [],
    problems: [],
    restocked: [],
  };
  const errors: string[] = [];
  try {
    for (const tracking of push.parcels) {
      const order = open.get(tracking.trackingNumber);
      if (!order) {
        errors.push(
          `${tracking.trackingNumber}: no open parcel of this shop (unknown, delivered or cancelled)`,
        );
        continue;
      }
      const held = order.courierBooking!.parcel?.at ?? null;
      const newest = tracking.events.at(-1)!.at;
      if (held && newest && newest < held) {
        errors.push(`${tracking.trackingNumber}: older than the step the shop holds`);
        continue;
      }
      await followOne(deps, order, tracking, run, waitUntil);
    }
  } catch (error) {
    // Leopards pushes again on a failure; what was done is kept and is not done twice.
    logEvent('error', log, { verdict: 'failed', error });
    return pushAnswer(500, ['The shop could not take the push in; please send it again']);
  }
  logEvent(errors.length ? 'warn' : 'info', log, {
    verdict: 'taken',
    parcels: push.parcels.length,
    moves: run.moves.length,
    problems: run.problems.length,
    ...(errors.length ? { unmatched: errors } : {}),
  });
  return pushAnswer(202, errors);
}

/** The desk's "Check tracking now": one run now, told in a sentence; a courier down is a 503. */
export async function trackParcelsNow(deps: Deps, waitUntil?: WaitUntil) {
  const connection = courierFromConfig(deps.config);
  if (!connection) throw unavailable(COURIER_MESSAGES.noCourier);
  const run = await followParcels(deps, waitUntil);
  if (!run.answered) throw unavailable(COURIER_MESSAGES.trackingDown(connection.label), 60);
  return {
    success: true as const,
    message: COURIER_MESSAGES.tracked(
      connection.label,
      run.asked,
      new Set(run.moves.map((m) => m.orderId)).size,
      run.problems.length,
    ),
    asked: run.asked,
    moved: new Set(run.moves.map((m) => m.orderId)).size,
    problems: run.problems.length,
    restocked: run.restocked.length,
  };
}
