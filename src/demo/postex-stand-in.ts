// A local stand-in for PostEx's merchant API, written from PostEx's COD API Integration Guide
// (v4.1.x) and nothing of the shop's adapter: operational cities, create order (v3), the airway
// bill (a real one-page PDF with the tracking number), cancel, bulk tracking and payment status,
// each behind the `token` header. Tests start it on 127.0.0.1 with a random port, move parcels
// with `book.move` and pay them with `book.remit`. It is a TEST courier: it books no parcel and
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

/** The cities this stand-in serves (PostEx serves many more). */
const CITIES = [
  'Lahore',
  'Karachi',
  'Islamabad',
  'Rawalpindi',
  'Faisalabad',
  'Multan',
  'Peshawar',
  'Quetta',
];

/** How PostEx's tracking history words each state: its status code, its message, and the order's status. */
const WORDS: Record<StandInState, { code: string; message: string; status: string }> = {
  booked: { code: '0001', message: "At Merchant's Warehouse", status: 'Booked' },
  picked_up: { code: '0003', message: 'At PostEx Warehouse', status: 'PostEx WareHouse' },
  in_transit: { code: '0008', message: 'Delivery Under Review', status: 'Delivery Under Review' },
  out_for_delivery: { code: '0004', message: 'Package on Route', status: 'Out For Delivery' },
  delivered: { code: '0005', message: 'Delivered', status: 'Delivered' },
  attempted: {
    code: '0013',
    message: 'Attempt Made: Consignee not available',
    status: 'Attempted',
  },
  refused: { code: '0013', message: 'Attempt Made: Refused by consignee', status: 'Attempted' },
  returned: { code: '0007', message: 'Returned', status: 'Returned' },
  cancelled: { code: '0001', message: 'Cancelled', status: 'Cancelled' },
};

/** The stand-in's settings: the token it accepts. */
export interface PostexStandInOptions {
  token: string;
  port?: number;
  now?: () => Date;
}

const envelope = (status: number, message: string, dist?: unknown): StandInAnswer => ({
  status,
  json: {
    statusCode: String(status),
    statusMessage: message,
    ...(dist === undefined ? {} : { dist }),
  },
});

/** "2026-11-29 16:05:00", as PostEx writes times (Pakistan time, no zone). */
function postexTime(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Starts the stand-in; the adapter's API URL is `apiUrl`. */
export async function startPostexStandIn(options: PostexStandInOptions) {
  const now = options.now ?? (() => new Date());
  const book = createParcelBook(now);
  let serial = 0;

  function tracking(parcel: StandInParcel) {
    return {
      customerName: parcel.consignee.name,
      customerPhone: parcel.consignee.phone,
      deliveryAddress: parcel.consignee.address,
      cityName: parcel.city,
      invoicePayment: parcel.cod,
      orderRefNumber: parcel.orderRef,
      trackingNumber: parcel.trackingNumber,
      orderDate: postexTime(parcel.history[0]!.at),
      transactionStatus: WORDS[parcel.state].status,
      // The history lists the parcel's legs; a cancelled order shows in transactionStatus only.
      transactionStatusHistory: parcel.history
        .filter((step) => step.state !== 'cancelled')
        .map((step) => ({
          transactionStatusMessage: WORDS[step.state].message,
          transactionStatusMessageCode: WORDS[step.state].code,
          updatedAt: postexTime(step.at),
        })),
    };
  }

  function createOrder(body: string): StandInAnswer {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return envelope(400, 'Invalid request body');
    }
    const text = (key: string) =>
      typeof input[key] === 'string' ? (input[key] as string).trim() : '';
    for (const key of [
      'orderRefNumber',
      'customerName',
      'customerPhone',
      'deliveryAddress',
      'cityName',
    ])
      if (!text(key)) return envelope(400, `${key} is required`);
    const payment = input.invoicePayment;
    if (typeof payment !== 'number' || !Number.isInteger(payment) || payment < 0)
      return envelope(400, 'invoicePayment must be a whole amount');
    const city = CITIES.find((name) => name.toLowerCase() === text('cityName').toLowerCase());
    if (!city) return envelope(400, `${text('cityName')} is not an operational city`);
    const items = input.items ?? 1;
    if (typeof items !== 'number' || !Number.isInteger(items) || items < 1)
      return envelope(400, 'items must be a whole number');
    const trackingNumber = `2012${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(4, '0')}`;
    const parcel = book.add({
      trackingNumber,
      orderRef: text('orderRefNumber'),
      cod: payment,
      city,
      consignee: {
        name: text('customerName'),
        phone: text('customerPhone'),
        address: text('deliveryAddress'),
      },
      weightGrams: 0,
      pieces: items,
    });
    return envelope(200, 'ORDER HAS BEEN CREATED', {
      trackingNumber: parcel.trackingNumber,
      orderStatus: 'Unbooked',
      orderDate: postexTime(parcel.history[0]!.at),
    });
  }

  function handle(req: http.IncomingMessage, url: URL, body: string): StandInAnswer {
    if (req.headers.token !== options.token) return envelope(401, 'Unauthorized: invalid token');
    const path = url.pathname.replace(/^\/services\/integration\/api/, '');
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/order/v2/get-operational-city')
      return envelope(
        200,
        'SUCCESSFULLY OPERATED',
        CITIES.map((name) => ({
          operationalCityName: name,
          countryName: 'Pakistan',
          isPickupCity: true,
          isDeliveryCity: true,
        })),
      );
    if (method === 'POST' && path === '/order/v3/create-order') return createOrder(body);
    if (method === 'GET' && path === '/order/v1/get-invoice') {
      const numbers = (url.searchParams.get('trackingNumbers') ?? '').split(',').filter(Boolean);
      if (numbers.length === 0 || numbers.length > 10)
        return envelope(400, 'Provide 1 to 10 tracking numbers');
      const parcels = numbers.map((number) => book.parcels.get(number));
      if (parcels.some((parcel) => !parcel)) return envelope(404, 'Tracking number not found');
      const lines = parcels.flatMap((parcel) => [
        parcel!.trackingNumber,
        `PostEx TEST airway bill (stand-in) - order ${parcel!.orderRef}`,
        `To: ${parcel!.consignee.name}, ${parcel!.city}`,
        `${parcel!.consignee.address}`,
        `Phone: ${parcel!.consignee.phone}`,
        `COD: Rs ${parcel!.cod}`,
      ]);
      return { status: 200, pdf: minimalPdf(lines) };
    }
    if (method === 'PUT' && path === '/order/v1/cancel-order') {
      let number = '';
      try {
        number = String((JSON.parse(body) as { trackingNumber?: unknown }).trackingNumber ?? '');
      } catch {
        return envelope(400, 'Invalid request body');
      }
      const parcel = book.parcels.get(number);
      if (!parcel) return envelope(404, 'Tracking number not found');
      if (parcel.state !== 'booked')
        return envelope(400, 'Order cannot be cancelled once picked up');
      book.move(number, 'cancelled');
      return envelope(200, 'ORDER HAS BEEN CANCELLED');
    }
    if (method === 'GET' && path === '/order/v1/track-bulk-order') {
      const numbers = (url.searchParams.get('TrackingNumbers') ?? '').split(',').filter(Boolean);
      if (numbers.length === 0)
        return envelope(400, "Required List parameter 'TrackingNumbers' is not present");
      return envelope(
        200,
        'SUCCESSFULLY OPERATED',
        numbers.map((number) => {
          const parcel = book.parcels.get(number);
          return parcel
            ? {
                trackingNumber: number,
                message: 'SUCCESSFULLY OPERATED',
                trackingResponse: tracking(parcel),
              }
            : {
                trackingNumber: number,
                message: 'Tracking number not found',
                trackingResponse: null,
              };
        }),
      );
    }
    const payment = /^\/order\/v1\/payment-status\/([^/]+)$/.exec(path);
    if (method === 'GET' && payment) {
      const parcel = book.parcels.get(decodeURIComponent(payment[1]!));
      if (!parcel) return envelope(404, 'Tracking number not found');
      const paid = parcel.remitted;
      return envelope(200, 'SUCCESSFULLY OPERATED', {
        trackingNumber: parcel.trackingNumber,
        orderRefNumber: parcel.orderRef,
        settle: paid !== null,
        settlementDate: paid ? postexTime(paid.on).slice(0, 10) : null,
        cprNumber_1: paid?.reference ?? null,
        cprNumber_2: null,
        upfrontPaymentDate: null,
        reservePaymentDate: null,
      });
    }
    return envelope(404, 'No such resource');
  }

  const server = await serveStandIn({
    book,
    handle,
    malformed: { status: 'ok', data: [] },
    port: options.port,
  });
  return { ...server, apiUrl: `${server.url}/services/integration/api`, book };
}
