// Leopards' push of consignment statuses (its "Push API", version 1.0): Leopards POSTs JSON
// `{ "data": [{ cn_number, status, receiver_name, reason, activity_date }, …] }` to the callback
// address the merchant gives it, with the request headers the merchant asks for, and expects 202
// `{ "status": 1, "errors": [] }`, 401 for a request it should not have sent, 400 for one the
// merchant cannot read. The shop asks Leopards to send its secret (LEOPARDS_WEBHOOK_SECRET) in an
// `X-Api-Key` header; a push without it, or with another, is refused and changes nothing.
//
// A status is Leopards' short code (RC, SP, AR, DP, AC, DV, PN1, …) or its name ("Delivered");
// both are read. Pushes carry no event id, so a replay is the same step again: the tracking job's
// own rules (a step recorded once, a move made once) make it change nothing.
import { createHash, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import type { ParcelEvent, ParcelState, ParcelTracking } from './port.ts';
import { leopardsState } from './leopards.ts';

/** At most this many steps in one push: Leopards sends each step as it happens. */
export const PUSH_MAX_STEPS = 500;

/** Leopards' status codes, in the shop's words (its Push API's "Shipment Journey" table). */
const CODES: Readonly<Record<string, { name: string; state: ParcelState }>> = {
  RC: { name: 'Consignment Booked (scanned in at LCS)', state: 'picked_up' },
  SP: { name: 'Shipment Picked', state: 'picked_up' },
  AR: { name: 'Arrived At Station', state: 'in_transit' },
  DP: { name: 'Dispatched', state: 'in_transit' },
  AC: { name: 'Assigned To Courier (Out For Delivery)', state: 'out_for_delivery' },
  DV: { name: 'Delivered', state: 'delivered' },
  PN1: { name: 'First Attempt', state: 'attempted' },
  PN2: { name: 'Second Attempt', state: 'attempted' },
  NR: { name: 'Ready for Return', state: 'returning' },
  RO: { name: 'Being Return', state: 'returning' },
  RN1: { name: 'First Attempt In Reverse Leg', state: 'returning' },
  RN2: { name: 'Second Attempt In Reverse Leg', state: 'returning' },
  RW: { name: 'Returned to Warehouse', state: 'returned' },
  DW: { name: 'Delivered to Warehouse', state: 'returned' },
  RS: { name: 'Returned to Shipper', state: 'returned' },
  DR: { name: 'Delivered to Vendor', state: 'returned' },
};

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

const pushSchema = z.object({
  data: z
    .array(
      z.object({
        cn_number: text(40),
        status: text(80),
        receiver_name: optionalText(120),
        reason: optionalText(300),
        activity_date: optionalText(40),
      }),
    )
    .check(z.minLength(1), z.maxLength(PUSH_MAX_STEPS)),
});

/** Whether the push carries the shop's secret in X-Api-Key (compared in constant time). */
export function leopardsPushAuthorised(headers: Headers, secret: string): boolean {
  const sent = headers.get('x-api-key');
  if (!sent) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(secret));
}

/** One step in the shop's words: a code or a name, a refused attempt when its reason says so. */
function stepOf(status: string, reason: string, at: string | null): ParcelEvent {
  const code = CODES[status.toUpperCase()];
  if (!code) return { state: leopardsState(status, reason), status, at };
  const state = code.state === 'attempted' && /refus/i.test(reason) ? 'refused' : code.state;
  return { state, status: reason ? `${code.name}: ${reason}` : code.name, at };
}

/**
 * A push's steps as one tracking answer per consignment, its steps oldest first (Leopards writes
 * `yyyy-mm-dd HH:mm:ss`, which sorts as text) and its state the newest one's; or what is wrong
 * with the body.
 */
export function readLeopardsPush(
  raw: string,
): { ok: true; parcels: ParcelTracking[] } | { ok: false; errors: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, errors: ['The body is not JSON'] };
  }
  const parsed = pushSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`),
    };
  const steps = new Map<string, ParcelEvent[]>();
  for (const s of parsed.data.data) {
    const list = steps.get(s.cn_number) ?? [];
    list.push(stepOf(s.status, s.reason?.trim() ?? '', s.activity_date?.trim() || null));
    steps.set(s.cn_number, list);
  }
  return {
    ok: true,
    parcels: [...steps].map(([trackingNumber, events]) => {
      const sorted = events
        .map((event, order) => ({ event, order }))
        .sort((a, b) => (a.event.at ?? '').localeCompare(b.event.at ?? '') || a.order - b.order)
        .map((e) => e.event);
      const last = sorted.at(-1)!;
      return { trackingNumber, state: last.state, status: last.status, events: sorted };
    }),
  };
}
