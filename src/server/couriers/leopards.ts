// Leopards Courier (LCS) behind the courier port, over its merchant API (API documentation v2)
// with fetch. docs/couriers.md lists the calls and where each fact comes from.
//
// - the merchant's api_key and api_password travel in the JSON body of a POST, and as query
//   parameters of a GET (getPaymentDetails is GET only);
// - answers are JSON with status 1 (done) or 0 and an `error` (a string, or an object by field);
//   an error answer still comes as HTTP 200;
// - a booking names its destination by Leopards' city id (getAllCities), the COD in whole rupees
//   and the weight in grams; it answers a track_number and a slip_link (the airway bill);
// - tracking and payment details take comma-separated numbers (payment details at most 50).
import * as z from 'zod/mini';
import {
  answerJson,
  batches,
  checkTrackingNumber,
  isPdf,
  sendCourierRequest,
  trackingList,
  type CourierTransport,
} from './http.ts';
import {
  CourierError,
  type Booking,
  type CourierAdapter,
  type CourierCity,
  type ParcelState,
  type ParcelTracking,
  type Remittance,
  type ShipmentRequest,
} from './port.ts';
import { checkShipment, codRupees, localMobile } from './shipment.ts';

/** Leopards' production API; its staging server is https://merchantapistaging.leopardscourier.com/api. */
export const LEOPARDS_API_URL = 'https://merchantapi.leopardscourier.com/api';
/** Numbers in one tracking or payment-details call (the documented limit of payment details). */
export const LEOPARDS_BATCH = 50;

/** What the adapter needs: the merchant's API key and password, and where Leopards is. */
export interface LeopardsSettings extends CourierTransport {
  apiKey: string;
  apiPassword: string;
}

const flag = z.union([z.number(), z.string()]);
const base = z.object({ status: flag, error: z.optional(z.unknown()) });
const cityList = z.object({
  city_list: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      name: z.string(),
      allow_as_origin: z.optional(z.union([z.boolean(), z.number(), z.string()])),
      allow_as_destination: z.optional(z.union([z.boolean(), z.number(), z.string()])),
    }),
  ),
});
const booked = z.object({
  track_number: z.string().check(z.minLength(1)),
  slip_link: z.optional(z.nullable(z.string())),
});
const step = z.object({
  Status: z.optional(z.nullable(z.string())),
  Staus: z.optional(z.nullable(z.string())),
  Reason: z.optional(z.nullable(z.string())),
  'Activity Date': z.optional(z.nullable(z.string())),
});
const packets = z.object({
  packet_list: z.array(
    z.object({
      track_number: z.union([z.string(), z.number()]),
      booked_packet_status: z.optional(z.nullable(z.string())),
      status_remarks: z.optional(z.nullable(z.string())),
      status_reamrks: z.optional(z.nullable(z.string())),
      'Tracking Detail': z.optional(z.nullable(z.array(step))),
    }),
  ),
});
const payments = z.object({
  payment_list: z.array(
    z.object({
      booked_packet_cn: z.union([z.string(), z.number()]),
      status: z.optional(z.nullable(z.string())),
      invoice_cheque_no: z.optional(z.nullable(z.string())),
      invoice_cheque_date: z.optional(z.nullable(z.string())),
    }),
  ),
});

/** Leopards' packet statuses in the shop's words, first match wins. */
const STATUS_RULES: readonly [RegExp, ParcelState][] = [
  [/cancel/i, 'cancelled'],
  [/returned to shipper|return(ed)? to origin/i, 'returned'],
  [/return/i, 'returning'],
  [/refus/i, 'refused'],
  [/undeliver|attempt|pending/i, 'attempted'],
  [/^delivered/i, 'delivered'],
  [/out for delivery|assigned to courier/i, 'out_for_delivery'],
  [/arrived at station|picked/i, 'picked_up'],
  [/dispatch|transit|arrived/i, 'in_transit'],
  [/book|pickup request/i, 'booked'],
];

/** A status (and its reason) in the shop's words; a pending parcel the consignee refused is refused. */
export function leopardsState(status: string, reason: string): ParcelState {
  const state = STATUS_RULES.find(([rule]) => rule.test(status))?.[1] ?? 'unknown';
  return state === 'attempted' && /refus/i.test(reason) ? 'refused' : state;
}

const truthy = (value: unknown) =>
  value === true || value === 1 || value === '1' || value === 'true';

/** Leopards' error, whether a string or an object of messages by field or number. */
function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object')
    return Object.values(error as Record<string, unknown>)
      .map(errorText)
      .join('; ');
  return String(error ?? '');
}

/** Leopards behind the courier port. */
export function leopardsCourier(settings: LeopardsSettings): CourierAdapter {
  const origin = (settings.apiUrl ?? LEOPARDS_API_URL).replace(/\/+$/, '');
  const credentials = { api_key: settings.apiKey, api_password: settings.apiPassword };
  let cityCache: CourierCity[] | null = null;

  /** One call: the resource's JSON when its status is 1, else the error Leopards says. */
  async function call(method: 'GET' | 'POST', resource: string, fields: Record<string, unknown>) {
    const what = `Leopards (${resource})`;
    const path = `/${resource}/format/json/`;
    const url =
      method === 'GET'
        ? `${origin}${path}?${new URLSearchParams({ ...credentials, ...(fields as Record<string, string>) })}`
        : `${origin}${path}`;
    const answer = await sendCourierRequest(
      what,
      url,
      method === 'GET'
        ? { method, headers: { accept: 'application/json' } }
        : {
            method,
            headers: { accept: 'application/json', 'content-type': 'application/json' },
            body: JSON.stringify({ ...credentials, ...fields }),
          },
      settings,
    );
    if (answer.status >= 500)
      throw new CourierError('unreachable', `${what} answered HTTP ${answer.status}; try again`);
    if (answer.status === 401 || answer.status === 403)
      throw new CourierError('refused', `${what} refused the keys (HTTP ${answer.status})`);
    const json = answerJson(what, answer);
    const head = base.safeParse(json);
    if (!head.success)
      throw new CourierError('malformed-answer', `${what} answered JSON without a status`);
    if (truthy(head.data.status) && answer.status < 400) return json;
    const said = errorText(head.data.error) || `HTTP ${answer.status}`;
    if (/api[ _]?key|api[ _]?password|credential|unauthori[sz]ed|authenticat/i.test(said))
      throw new CourierError(
        'refused',
        `${what} refused the keys (${said}): check LEOPARDS_API_KEY and LEOPARDS_API_PASSWORD (staging keys work on staging only)`,
      );
    if (/not found|invalid (cn|track)/i.test(said))
      throw new CourierError('not-found', `${what}: ${said}`);
    throw new CourierError('rejected', `${what} refused the request (${said})`);
  }

  function shape<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new CourierError('malformed-answer', `Leopards' ${what} answer has an unknown shape`);
    return parsed.data;
  }

  async function cities(): Promise<CourierCity[]> {
    const answer = shape(cityList, await call('POST', 'getAllCities', {}), 'city list');
    return answer.city_list.map((city) => ({
      name: city.name,
      id: String(city.id),
      pickup: city.allow_as_origin === undefined || truthy(city.allow_as_origin),
      delivery: city.allow_as_destination === undefined || truthy(city.allow_as_destination),
    }));
  }

  /** Leopards' id of a destination, from its city list (asked once per adapter). */
  async function destinationId(name: string): Promise<string> {
    cityCache ??= await cities();
    const wanted = name.trim().toLowerCase();
    const city = cityCache.find((entry) => entry.name.trim().toLowerCase() === wanted);
    if (!city?.id || !city.delivery)
      throw new CourierError(
        'invalid-input',
        `Leopards does not deliver to "${name.slice(0, 60)}"`,
      );
    return city.id;
  }

  /** Whether an airway bill address is Leopards' own (or the configured API's), over HTTPS or the stand-in's loopback. */
  function labelAddress(link: string): URL {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new CourierError(
        'invalid-input',
        'Leopards airway bill: the slip link is not an address',
      );
    }
    const own = url.origin === new URL(origin).origin;
    const leopards = url.protocol === 'https:' && /(^|\.)leopardscourier\.com$/i.test(url.hostname);
    if (!own && !leopards)
      throw new CourierError('invalid-input', `Leopards airway bill: ${url.host} is not Leopards'`);
    return url;
  }

  return {
    name: 'leopards',
    label: 'Leopards',
    cities,

    async book(request: ShipmentRequest): Promise<Booking> {
      checkShipment('Leopards', request);
      const collect = codRupees('Leopards', request.cod);
      const destination = await destinationId(request.consignee.city);
      const answer = shape(
        booked,
        await call('POST', 'bookPacket', {
          booked_packet_weight: request.weightGrams,
          booked_packet_no_piece: request.pieces,
          booked_packet_collect_amount: collect,
          booked_packet_order_id: request.orderRef,
          origin_city: 'self',
          destination_city: destination,
          shipment_name_eng: 'self',
          shipment_email: 'self',
          shipment_phone: 'self',
          shipment_address: 'self',
          consignment_name_eng: request.consignee.name,
          consignment_phone: localMobile(request.consignee.phone),
          consignment_address: request.consignee.address,
          special_instructions: request.description || 'n/a',
        }),
        'booking',
      );
      checkTrackingNumber('Leopards booking answer', answer.track_number);
      return {
        courier: 'leopards',
        trackingNumber: answer.track_number,
        labelUrl: answer.slip_link || null,
      };
    },

    async airwayBill({ trackingNumber, labelUrl }): Promise<Uint8Array> {
      checkTrackingNumber('Leopards airway bill', trackingNumber);
      if (!labelUrl)
        throw new CourierError(
          'invalid-input',
          'Leopards airway bill: the booking has no slip link',
        );
      const url = labelAddress(labelUrl);
      const answer = await sendCourierRequest(
        'Leopards (airway bill)',
        url.href,
        { method: 'GET', headers: { accept: 'application/pdf' } },
        settings,
      );
      if (answer.status >= 500)
        throw new CourierError(
          'unreachable',
          `Leopards (airway bill) answered HTTP ${answer.status}; try again`,
        );
      if (answer.status === 404)
        throw new CourierError('not-found', 'Leopards (airway bill): no such slip');
      if (answer.status !== 200 || !isPdf(answer.bytes))
        throw new CourierError(
          'malformed-answer',
          `Leopards (airway bill) answered HTTP ${answer.status}, not a PDF`,
        );
      return answer.bytes;
    },

    async cancel(trackingNumber: string): Promise<void> {
      checkTrackingNumber('Leopards cancel', trackingNumber);
      await call('POST', 'cancelBookedPackets', { cn_numbers: trackingNumber });
    },

    async track(trackingNumbers: readonly string[]): Promise<ParcelTracking[]> {
      const list = trackingList('Leopards tracking', trackingNumbers);
      const out: ParcelTracking[] = [];
      // One batch at a time: a shop's open parcels never make a burst at Leopards.
      for (const batch of batches(list, LEOPARDS_BATCH)) {
        const answer = shape(
          packets,
          await call('POST', 'trackBookedPacket', { track_numbers: batch.join(',') }),
          'tracking',
        );
        for (const packet of answer.packet_list) {
          const trackingNumber = String(packet.track_number);
          if (!batch.includes(trackingNumber)) continue;
          const status = packet.booked_packet_status ?? '';
          const remarks = packet.status_remarks ?? packet.status_reamrks ?? '';
          const events = (packet['Tracking Detail'] ?? []).map((detail) => {
            const words = detail.Status ?? detail.Staus ?? '';
            return {
              state: leopardsState(words, detail.Reason ?? ''),
              status: words,
              at: detail['Activity Date'] ?? null,
            };
          });
          out.push({ trackingNumber, state: leopardsState(status, remarks), status, events });
        }
      }
      return out;
    },

    async remittances(trackingNumbers: readonly string[]): Promise<Remittance[]> {
      const list = trackingList('Leopards payment details', trackingNumbers);
      const out: Remittance[] = [];
      for (const batch of batches(list, LEOPARDS_BATCH)) {
        const answer = shape(
          payments,
          await call('GET', 'getPaymentDetails', { cn_numbers: batch.join(',') }),
          'payment details',
        );
        for (const line of answer.payment_list) {
          const trackingNumber = String(line.booked_packet_cn);
          if (!batch.includes(trackingNumber)) continue;
          const status = line.status ?? '';
          out.push({
            trackingNumber,
            paid: /paid/i.test(status) && !/un-?paid|not paid/i.test(status),
            reference: line.invoice_cheque_no || null,
            paidOn: line.invoice_cheque_date || null,
            amount: null,
          });
        }
      }
      return out;
    },
  };
}
