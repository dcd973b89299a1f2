// A local stand-in for Leopards Courier's merchant API, written from Leopards' API documentation
// (v2) and nothing of the shop's adapter: all cities, book a packet, its slip (a real one-page PDF
// with the tracking number), cancel, tracking and payment details, each checking api_key and
// api_password (in the JSON body of a POST, the query of a GET). Tests start it on 127.0.0.1 with
// a random port, move packets with `book.move` and pay them with `book.remit`. Given a push
// address and key (its Push API 1.0: `push`, or POST /__stand-in/push), it POSTs each move's status
// there with the key in X-Api-Key, as Leopards does. It is a TEST courier: it books no packet and
// moves no money. docs/couriers.md lists what it does not imitate.
import type http from 'node:http';
import {
  createParcelBook,
  serveStandIn,
  type StandInAnswer,
  type StandInParcel,
  type StandInState,
} from './courier-stand-in.ts';
import { minimalPdf } from './minimal-pdf.ts';

/** The cities this stand-in serves, with ids of its own (Leopards' list is longer). */
const CITIES = [
  { id: 789, name: 'Lahore' },
  { id: 475, name: 'Karachi' },
  { id: 258, name: 'Islamabad' },
  { id: 6, name: 'Rawalpindi' },
  { id: 218, name: 'Faisalabad' },
  { id: 531, name: 'Multan' },
];

/** How Leopards' tracking words each state: the packet status, and the reason given with it. */
const WORDS: Record<StandInState, { status: string; reason: string }> = {
  booked: { status: 'Pickup Request not Send', reason: '' },
  picked_up: { status: 'Arrived at Station', reason: '' },
  in_transit: { status: 'Dispatched', reason: '' },
  out_for_delivery: { status: 'Assigned to courier', reason: '' },
  delivered: { status: 'Delivered', reason: '' },
  attempted: { status: 'Pending', reason: 'Consignee not available' },
  refused: { status: 'Pending', reason: 'Refused to accept' },
  returned: { status: 'Returned to shipper', reason: '' },
  cancelled: { status: 'Cancelled', reason: '' },
};

/**
 * Where the stand-in pushes each status, as a merchant registers it with Leopards (its Push API
 * 1.0): the callback address, which takes a POST, and the API key sent in the X-Api-Key header
 * (or how to read it at each push: the key the merchant has typed into Leopards' portal last).
 */
export interface LeopardsPushRegistration {
  url: string;
  apiKey: string | (() => Promise<string>);
}

/** One push the stand-in sent: what, where, and what the merchant answered (null: no answer). */
export interface LeopardsPushSent {
  url: string;
  body: { data: Record<string, string>[] };
  status: number | null;
  answer: string;
}

/** The stand-in's settings: the key and password it accepts, and where it pushes statuses. */
export interface LeopardsStandInOptions {
  apiKey: string;
  apiPassword: string;
  push?: LeopardsPushRegistration;
  port?: number;
  now?: () => Date;
}

/**
 * The Push API's short code for a state, as its "Shipment Journey" names them, with the reason
 * pushed beside it; a state the journey has no step for (booked, cancelled) is not pushed.
 */
const PUSHED: Partial<Record<StandInState, { code: string; reason: string }>> = {
  picked_up: { code: 'RC', reason: '' },
  in_transit: { code: 'DP', reason: '' },
  out_for_delivery: { code: 'AC', reason: '' },
  delivered: { code: 'DV', reason: '' },
  attempted: { code: 'PN1', reason: 'Consignee not available' },
  refused: { code: 'PN1', reason: 'Refused to accept' },
  returned: { code: 'RS', reason: '' },
};

/** How long the stand-in waits for the merchant's answer to one push. */
const PUSH_TIMEOUT_MS = 5000;

/** "2026-11-29 18:05:09", as the Push API writes activity_date (the stand-in's clock, UTC). */
const pushTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

const refusal = (error: unknown, extra: Record<string, unknown> = {}): StandInAnswer => ({
  status: 200,
  json: { status: 0, error, ...extra },
});

/** "29/11/2026", as Leopards writes a booking date. */
const leopardsDay = (at: Date) => at.toISOString().slice(0, 10).split('-').reverse().join('/');

/** Starts the stand-in; the adapter's API URL is `apiUrl`. */
export async function startLeopardsStandIn(options: LeopardsStandInOptions) {
  const now = options.now ?? (() => new Date());
  let registration = options.push ?? null;
  const pushes: LeopardsPushSent[] = [];
  const inFlight = new Set<Promise<void>>();
  let queue: Promise<void> = Promise.resolve();

  /** Pushes a parcel's new step to the registered address, once, as Leopards does when it moves. */
  function pushStep(parcel: StandInParcel) {
    const step = PUSHED[parcel.state];
    if (!registration || !step) return;
    const { url, apiKey } = registration;
    const attempts = parcel.history.filter((h) => h.state === 'attempted').length;
    const body = {
      data: [
        {
          cn_number: parcel.trackingNumber,
          status: parcel.state === 'attempted' && attempts > 1 ? 'PN2' : step.code,
          receiver_name: parcel.state === 'delivered' ? parcel.consignee.name : '',
          reason: step.reason,
          activity_date: pushTime(parcel.history.at(-1)!.at),
        },
      ],
    };
    const sent: LeopardsPushSent = { url, body, status: null, answer: '' };
    pushes.push(sent);
    // One push after another, in the order the parcels moved.
    const work = queue
      .then(async () =>
        fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-api-key': typeof apiKey === 'string' ? apiKey : await apiKey(),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        }),
      )
      .then(async (res) => {
        sent.status = res.status;
        sent.answer = await res.text();
      })
      .catch((error: unknown) => {
        // Not sent again: the shop's poll finds the step (docs/couriers.md).
        sent.answer = String(error);
        console.warn(
          `Leopards stand-in: the push of ${parcel.trackingNumber} failed: ${sent.answer}`,
        );
      })
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
    queue = work;
  }

  const book = createParcelBook(now, pushStep);
  let serial = 0;
  let origin = '';

  function packet(parcel: StandInParcel) {
    const words = WORDS[parcel.state];
    return {
      booking_date: leopardsDay(parcel.history[0]!.at),
      track_number: parcel.trackingNumber,
      booked_packet_weight: parcel.weightGrams,
      booked_packet_no_piece: parcel.pieces,
      booked_packet_collect_amount: parcel.cod,
      booked_packet_order_id: parcel.orderRef,
      destination_city_name: parcel.city,
      consignment_name_eng: parcel.consignee.name,
      consignment_phone: parcel.consignee.phone,
      consignment_address: parcel.consignee.address,
      booked_packet_status: words.status,
      activity_date: parcel.history.at(-1)!.at.toISOString().slice(0, 10),
      status_remarks: words.reason,
      'Tracking Detail': parcel.history.map((step) => ({
        Status: WORDS[step.state].status,
        'Reciever Name': step.state === 'delivered' ? parcel.consignee.name : '',
        'Activity Date': step.at.toISOString().slice(0, 10),
        Reason: WORDS[step.state].reason,
      })),
    };
  }

  function bookPacket(input: Record<string, unknown>): StandInAnswer {
    const whole = (key: string) =>
      Number.isInteger(Number(input[key])) && input[key] !== '' && input[key] !== null
        ? Number(input[key])
        : NaN;
    const text = (key: string) =>
      typeof input[key] === 'string' ? (input[key] as string).trim() : '';
    const missing: Record<string, string> = {};
    if (!(whole('booked_packet_weight') > 0))
      missing.booked_packet_weight = 'Packet Weight is required';
    if (!(whole('booked_packet_no_piece') > 0))
      missing.booked_packet_no_piece = 'No. of Pieces is required';
    if (!(whole('booked_packet_collect_amount') >= 0))
      missing.booked_packet_collect_amount = 'COD Amount is required';
    if (!text('consignment_name_eng')) missing.consignment_name_eng = 'Consignee Name is required';
    if (!text('consignment_phone')) missing.consignment_phone = 'Consignee Phone is required';
    if (!text('consignment_address')) missing.consignment_address = 'Consignee Address is required';
    if (!text('special_instructions'))
      missing.special_instructions = 'Special Instructions are required';
    const city = CITIES.find((entry) => entry.id === whole('destination_city'));
    if (!city) missing.destination_city = 'Destination City is required';
    if (Object.keys(missing).length > 0)
      return refusal(missing, { track_number: null, slip_link: null });
    const trackingNumber = `LE${String(7_500_000 + ++serial).padStart(8, '0')}`;
    const parcel = book.add({
      trackingNumber,
      orderRef: text('booked_packet_order_id'),
      cod: whole('booked_packet_collect_amount'),
      city: city!.name,
      consignee: {
        name: text('consignment_name_eng'),
        phone: text('consignment_phone'),
        address: text('consignment_address'),
      },
      weightGrams: whole('booked_packet_weight'),
      pieces: whole('booked_packet_no_piece'),
    });
    return {
      status: 200,
      json: {
        status: 1,
        error: 0,
        track_number: parcel.trackingNumber,
        slip_link: `${origin}/slip/${parcel.slipToken}/${parcel.trackingNumber}.pdf`,
      },
    };
  }

  function handle(req: http.IncomingMessage, url: URL, body: string): StandInAnswer {
    const slip = /^\/slip\/([0-9a-f]+)\/([A-Z0-9]+)\.pdf$/.exec(url.pathname);
    if (req.method === 'GET' && slip) {
      const parcel = book.parcels.get(slip[2]!);
      if (!parcel || parcel.slipToken !== slip[1])
        return { status: 404, text: '<html>Not Found</html>' };
      return {
        status: 200,
        pdf: minimalPdf([
          parcel.trackingNumber,
          `Leopards TEST slip (stand-in) - order ${parcel.orderRef}`,
          `To: ${parcel.consignee.name}, ${parcel.city}`,
          parcel.consignee.address,
          `Phone: ${parcel.consignee.phone}`,
          `COD: Rs ${parcel.cod}  Weight: ${parcel.weightGrams} g  Pieces: ${parcel.pieces}`,
        ]),
      };
    }
    const resource = /^\/api\/(\w+)\/format\/json\/?$/.exec(url.pathname)?.[1];
    let input: Record<string, unknown> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') {
      try {
        input = JSON.parse(body || '{}') as Record<string, unknown>;
      } catch {
        return refusal('Invalid request');
      }
    }
    if (input.api_key !== options.apiKey || input.api_password !== options.apiPassword)
      return refusal('Invalid API Key or API Password');
    const numbers = (key: string) =>
      String(input[key] ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
    switch (resource) {
      case 'getAllCities':
        return {
          status: 200,
          json: {
            status: 1,
            error: '0',
            city_list: CITIES.map((city) => ({
              ...city,
              shipment_type: ['overnight', 'detain', 'overland'],
              allow_as_origin: true,
              allow_as_destination: true,
            })),
          },
        };
      case 'bookPacket':
        return req.method === 'POST' ? bookPacket(input) : refusal('Use POST');
      case 'cancelBookedPackets': {
        const errors: Record<string, string> = {};
        for (const number of numbers('cn_numbers')) {
          const parcel = book.parcels.get(number);
          if (!parcel) errors[number] = 'CN not found';
          else if (parcel.state !== 'booked') errors[number] = 'Packet cannot be cancelled';
        }
        if (numbers('cn_numbers').length === 0) return refusal('cn_numbers is required');
        if (Object.keys(errors).length > 0) return refusal(errors);
        for (const number of numbers('cn_numbers')) book.move(number, 'cancelled');
        return { status: 200, json: { status: '1', error: 'null' } };
      }
      case 'trackBookedPacket': {
        const list = numbers('track_numbers');
        if (list.length === 0) return refusal('track_numbers is required', { packet_list: null });
        const found = list.flatMap((number) => {
          const parcel = book.parcels.get(number);
          return parcel ? [packet(parcel)] : [];
        });
        return { status: 200, json: { status: 1, error: 0, packet_list: found } };
      }
      case 'getPaymentDetails': {
        if (req.method !== 'GET') return refusal('Use GET');
        const list = numbers('cn_numbers');
        if (list.length === 0 || list.length > 50)
          return refusal('Provide 1 to 50 CN numbers', { payment_list: null });
        const lines = list.flatMap((number) => {
          const parcel = book.parcels.get(number);
          if (!parcel) return [];
          return [
            {
              booked_packet_cn: parcel.trackingNumber,
              billing_method: 'COD',
              status: parcel.remitted ? 'Paid' : 'Pending',
              invoice_cheque_no: parcel.remitted?.reference ?? '',
              invoice_cheque_date: parcel.remitted?.on.toISOString().slice(0, 10) ?? '',
              payment_method: parcel.remitted ? 'Bank Transfer' : '',
              message: '',
              slip_link: '',
            },
          ];
        });
        return { status: 200, json: { status: 1, error: '0', payment_list: lines } };
      }
      default:
        return { status: 404, text: '<html>404 Page Not Found</html>' };
    }
  }

  const server = await serveStandIn({
    book,
    handle,
    malformed: { result: 'ok', packets: {} },
    port: options.port,
    controls: {
      // Registers (or, with no url, removes) the push address and key, as a merchant asks Leopards.
      '/__stand-in/push': (input) => {
        const url = typeof input.url === 'string' ? input.url : '';
        const apiKey = typeof input.apiKey === 'string' ? input.apiKey : '';
        if (!url) {
          registration = null;
          return { status: 200, json: { push: null } };
        }
        if (!/^https?:\/\//.test(url) || !apiKey)
          return { status: 400, json: { message: 'give url (http or https) and apiKey' } };
        registration = { url, apiKey };
        return { status: 200, json: { push: { url } } };
      },
    },
  });
  origin = server.url;
  return {
    ...server,
    apiUrl: `${server.url}/api`,
    book,
    /** Every push sent, in order, with the merchant's answer once it came. */
    pushes,
    /** Resolves once every push sent so far has been answered (or failed). */
    async pushesSettled() {
      await Promise.all([...inFlight]);
    },
    async close() {
      await Promise.all([...inFlight]);
      await server.close();
    },
  };
}
