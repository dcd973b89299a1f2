// PostEx (postex.pk) behind the courier port, over its merchant API (the COD API Integration
// Guide, v4.1.x) with fetch. docs/couriers.md lists the calls and where each fact comes from.
//
// - every call carries the merchant's API token in a `token` header (not Bearer);
// - answers are JSON envelopes { statusCode: "200", statusMessage, dist } (the airway bill is PDF);
// - amounts are whole rupees (invoicePayment); a booking names its city by PostEx's own spelling;
// - the airway bill takes at most 10 tracking numbers, payment status one at a time.
import * as z from 'zod/mini';
import {
  answerJson,
  batches,
  checkTrackingNumber,
  isPdf,
  sendCourierRequest,
  trackingList,
  type CourierAnswer,
  type CourierTransport,
} from './http.ts';
import {
  CourierError,
  type Booking,
  type CourierAdapter,
  type CourierCity,
  type ParcelEvent,
  type ParcelState,
  type ParcelTracking,
  type Remittance,
  type ShipmentRequest,
} from './port.ts';
import { codRupees, checkShipment, localMobile } from './shipment.ts';

/** PostEx's production API; its staging server is https://stg-api.postex.pk/services/integration/api. */
export const POSTEX_API_URL = 'https://api.postex.pk/services/integration/api';
/** Tracking numbers in one bulk-tracking call. */
export const POSTEX_TRACK_BATCH = 50;

/** What the adapter needs: the merchant's token, and where PostEx is. */
export interface PostexSettings extends CourierTransport {
  /** The API token from the PostEx merchant portal (Settings → API integration). */
  token: string;
  /** The pickup address code to book from; PostEx's default pickup address when unset. */
  pickupAddressCode?: string;
}

/** Status codes of PostEx's tracking history, as its guide lists them. */
const CODES: Readonly<Record<string, ParcelState>> = {
  '0001': 'booked',
  '0002': 'returned',
  '0003': 'picked_up',
  '0004': 'out_for_delivery',
  '0005': 'delivered',
  '0006': 'returned',
  '0007': 'returned',
  '0008': 'in_transit',
  '0013': 'attempted',
};

/** PostEx's order statuses (transactionStatus), lower-cased. */
const STATUSES: Readonly<Record<string, ParcelState>> = {
  unbooked: 'booked',
  booked: 'booked',
  'postex warehouse': 'picked_up',
  'picked by postex': 'picked_up',
  'out for delivery': 'out_for_delivery',
  delivered: 'delivered',
  attempted: 'attempted',
  'delivery under review': 'in_transit',
  'under verification': 'in_transit',
  'out for return': 'returning',
  return: 'returned',
  returned: 'returned',
  cancelled: 'cancelled',
};

const envelope = z.object({
  statusCode: z.union([z.string(), z.number()]),
  statusMessage: z.optional(z.nullable(z.string())),
  dist: z.optional(z.unknown()),
});
const cityList = z.array(
  z.object({
    operationalCityName: z.string(),
    isPickupCity: z.optional(z.union([z.boolean(), z.string()])),
    isDeliveryCity: z.optional(z.union([z.boolean(), z.string()])),
  }),
);
const created = z.object({ trackingNumber: z.string().check(z.minLength(1)) });
const history = z.object({
  transactionStatusMessage: z.optional(z.nullable(z.string())),
  transactionStatusMessageCode: z.optional(z.nullable(z.string())),
  updatedAt: z.optional(z.nullable(z.string())),
  modifiedDatetime: z.optional(z.nullable(z.string())),
});
const tracked = z.object({
  trackingNumber: z.string(),
  transactionStatus: z.optional(z.nullable(z.string())),
  transactionStatusHistory: z.optional(z.nullable(z.array(history))),
});
const bulk = z.array(
  z.object({
    trackingNumber: z.optional(z.string()),
    trackingResponse: z.optional(z.nullable(tracked)),
  }),
);
const payment = z.object({
  trackingNumber: z.optional(z.string()),
  settle: z.union([z.boolean(), z.string()]),
  settlementDate: z.optional(z.nullable(z.string())),
  cprNumber_1: z.optional(z.nullable(z.string())),
  cprNumber_2: z.optional(z.nullable(z.string())),
});

const yes = (value: boolean | string | undefined) => value === true || value === 'true';

/** The parcel state of one history step: its code, else its words. */
function stepState(code: string | null | undefined, message: string): ParcelState {
  if (/refus/i.test(message)) return 'refused';
  return CODES[code ?? ''] ?? STATUSES[message.trim().toLowerCase()] ?? 'unknown';
}

function reshapeTracking(dist: z.infer<typeof tracked>): ParcelTracking {
  const events: ParcelEvent[] = (dist.transactionStatusHistory ?? []).map((step) => {
    const status = step.transactionStatusMessage ?? '';
    return {
      state: stepState(step.transactionStatusMessageCode, status),
      status,
      at: step.updatedAt ?? step.modifiedDatetime ?? null,
    };
  });
  const last = events.at(-1);
  const status = dist.transactionStatus ?? last?.status ?? '';
  const byStatus = STATUSES[status.trim().toLowerCase()];
  // A cancelled order says so in its status only; otherwise the last step says the most (an
  // attempt's reason, a refusal) and the order's status is the fallback.
  const state =
    byStatus === 'cancelled'
      ? byStatus
      : last && last.state !== 'unknown'
        ? last.state
        : (byStatus ?? 'unknown');
  return { trackingNumber: dist.trackingNumber, state, status, events };
}

/** PostEx behind the courier port. */
export function postexCourier(settings: PostexSettings): CourierAdapter {
  const origin = (settings.apiUrl ?? POSTEX_API_URL).replace(/\/+$/, '');

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ): Promise<CourierAnswer> {
    const what = `PostEx (${method} ${path.replace(/\/[A-Za-z0-9-]+$/, (tail) => (/\d/.test(tail) ? '/{tracking number}' : tail)).split('?')[0]})`;
    const answer = await sendCourierRequest(
      what,
      `${origin}${path}`,
      {
        method,
        headers: {
          token: settings.token,
          accept: 'application/json, application/pdf',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      settings,
    );
    if (answer.status === 401 || answer.status === 403)
      throw new CourierError(
        'refused',
        `${what} refused the token (HTTP ${answer.status}): check POSTEX_API_TOKEN (a staging token works on staging only)`,
      );
    if (answer.status >= 500)
      throw new CourierError('unreachable', `${what} answered HTTP ${answer.status}; try again`);
    return answer;
  }

  /** The envelope's dist, or the error PostEx's statusCode and statusMessage say. */
  async function dist(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    return envelopeDist(`PostEx (${method} ${path.split('?')[0]})`, await call(method, path, body));
  }

  function envelopeDist(what: string, answer: CourierAnswer): unknown {
    const parsed = envelope.safeParse(answerJson(what, answer));
    if (!parsed.success)
      throw new CourierError('malformed-answer', `${what} answered JSON without a statusCode`);
    const code = String(parsed.data.statusCode);
    const said = parsed.data.statusMessage ? `: ${parsed.data.statusMessage}` : '';
    if (code === '401' || code === '403')
      throw new CourierError('refused', `${what} refused the token${said}`);
    if (code === '404') throw new CourierError('not-found', `${what}: not found${said}`);
    if (code !== '200' || answer.status >= 400)
      throw new CourierError('rejected', `${what} refused the request (${code}${said})`);
    return parsed.data.dist;
  }

  function shape<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new CourierError('malformed-answer', `PostEx's ${what} answer has an unknown shape`);
    return parsed.data;
  }

  return {
    name: 'postex',
    label: 'PostEx',

    async cities(): Promise<CourierCity[]> {
      const list = shape(
        cityList,
        await dist('GET', '/order/v2/get-operational-city'),
        'city list',
      );
      return list.map((city) => ({
        name: city.operationalCityName,
        id: null,
        pickup: yes(city.isPickupCity),
        delivery: yes(city.isDeliveryCity),
      }));
    },

    async book(request: ShipmentRequest): Promise<Booking> {
      checkShipment('PostEx', request);
      const body = {
        orderRefNumber: request.orderRef,
        invoicePayment: codRupees('PostEx', request.cod),
        orderDetail: request.description,
        customerName: request.consignee.name,
        customerPhone: localMobile(request.consignee.phone),
        deliveryAddress: request.consignee.address,
        cityName: request.consignee.city,
        items: request.pieces,
        invoiceDivision: 1,
        orderType: 'Normal',
        transactionNotes: '',
        ...(settings.pickupAddressCode ? { pickupAddressCode: settings.pickupAddressCode } : {}),
      };
      const answer = shape(created, await dist('POST', '/order/v3/create-order', body), 'booking');
      checkTrackingNumber('PostEx booking answer', answer.trackingNumber);
      return { courier: 'postex', trackingNumber: answer.trackingNumber, labelUrl: null };
    },

    async airwayBill({ trackingNumber }): Promise<Uint8Array> {
      checkTrackingNumber('PostEx airway bill', trackingNumber);
      const path = `/order/v1/get-invoice?trackingNumbers=${encodeURIComponent(trackingNumber)}`;
      const answer = await call('GET', path);
      if (answer.status === 200 && isPdf(answer.bytes)) return answer.bytes;
      // Not a PDF: PostEx says why in its JSON envelope (or answered nonsense).
      envelopeDist('PostEx (GET /order/v1/get-invoice)', answer);
      throw new CourierError(
        'malformed-answer',
        'PostEx (GET /order/v1/get-invoice) answered no PDF',
      );
    },

    async cancel(trackingNumber: string): Promise<void> {
      checkTrackingNumber('PostEx cancel', trackingNumber);
      await dist('PUT', '/order/v1/cancel-order', { trackingNumber });
    },

    async track(trackingNumbers: readonly string[]): Promise<ParcelTracking[]> {
      const list = trackingList('PostEx tracking', trackingNumbers);
      const out: ParcelTracking[] = [];
      // One batch at a time: a shop's open parcels never make a burst at PostEx.
      for (const batch of batches(list, POSTEX_TRACK_BATCH)) {
        const path = `/order/v1/track-bulk-order?TrackingNumbers=${batch.map(encodeURIComponent).join(',')}`;
        const items = shape(bulk, await dist('GET', path), 'bulk tracking');
        for (const item of items)
          if (item.trackingResponse && batch.includes(item.trackingResponse.trackingNumber))
            out.push(reshapeTracking(item.trackingResponse));
      }
      return out;
    },

    async remittances(trackingNumbers: readonly string[]): Promise<Remittance[]> {
      const list = trackingList('PostEx payment status', trackingNumbers);
      const out: Remittance[] = [];
      // PostEx has no bulk payment-status call: one parcel at a time, never in parallel.
      for (const trackingNumber of list) {
        const path = `/order/v1/payment-status/${encodeURIComponent(trackingNumber)}`;
        const answer = shape(payment, await dist('GET', path), 'payment status');
        const reference = answer.cprNumber_1 || answer.cprNumber_2 || null;
        out.push({
          trackingNumber,
          paid: yes(answer.settle),
          reference,
          paidOn: answer.settlementDate || null,
          amount: null,
        });
      }
      return out;
    },
  };
}
