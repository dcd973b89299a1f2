// What the couriers' local stand-ins (postex-stand-in.ts, leopards-stand-in.ts) have in common:
// a book of parcels that a test (or a person, through the control address) moves through a
// courier's states, and an HTTP server on 127.0.0.1 that can be told to fail, hang or answer
// nonsense. Nothing here is shared with the adapters in src/server/couriers: each stand-in is
// written from its courier's documentation on its own, so a mistake on either side shows up as a
// refusal. A stand-in takes no parcel and moves no money.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A parcel's states in the stand-ins, and the moves between them a courier makes. */
export const STAND_IN_MOVES = {
  booked: ['picked_up', 'cancelled'],
  picked_up: ['in_transit', 'out_for_delivery'],
  in_transit: ['out_for_delivery'],
  out_for_delivery: ['delivered', 'attempted', 'refused'],
  attempted: ['out_for_delivery', 'returned'],
  refused: ['returned'],
  delivered: [],
  returned: [],
  cancelled: [],
} as const satisfies Record<string, readonly string[]>;

/** A parcel's state in a stand-in. */
export type StandInState = keyof typeof STAND_IN_MOVES;

/** One parcel a stand-in booked. */
export interface StandInParcel {
  trackingNumber: string;
  orderRef: string;
  /** Whole rupees to collect. */
  cod: number;
  city: string;
  consignee: { name: string; phone: string; address: string };
  weightGrams: number;
  pieces: number;
  state: StandInState;
  history: { state: StandInState; at: Date }[];
  /** Set once the stand-in "pays" the parcel's cash to the shop. */
  remitted: { reference: string; on: Date } | null;
  /** The unguessable part of the parcel's airway-bill address, where a courier serves one. */
  slipToken: string;
}

/** How a stand-in's API misbehaves: 'fail' is HTTP 500, 'hang' never answers, 'malformed' is JSON of an unknown shape, 'not-json' an HTML page. */
export type StandInMode = 'ok' | 'fail' | 'hang' | 'malformed' | 'not-json';

/** What a stand-in's handler answers. */
export type StandInAnswer =
  | { status: number; json: unknown }
  | { status: number; pdf: Uint8Array }
  | { status: number; text: string };

/**
 * A stand-in's parcels, and the test control that moves them; `onMove` hears of each move made
 * (a courier that pushes its statuses tells the merchant from there).
 */
export function createParcelBook(now: () => Date, onMove?: (parcel: StandInParcel) => void) {
  const parcels = new Map<string, StandInParcel>();
  return {
    parcels,
    add(parcel: Omit<StandInParcel, 'state' | 'history' | 'remitted' | 'slipToken'>) {
      const made: StandInParcel = {
        ...parcel,
        state: 'booked',
        history: [{ state: 'booked', at: now() }],
        remitted: null,
        slipToken: randomBytes(12).toString('hex'),
      };
      parcels.set(made.trackingNumber, made);
      return made;
    },
    /** Moves a parcel one step, as the courier would; an impossible move is an Error. */
    move(trackingNumber: string, state: StandInState): StandInParcel {
      const parcel = parcels.get(trackingNumber);
      if (!parcel) throw new Error(`the stand-in has no parcel ${trackingNumber}`);
      if (!(STAND_IN_MOVES[parcel.state] as readonly string[]).includes(state))
        throw new Error(`a ${parcel.state} parcel cannot become ${state}`);
      parcel.state = state;
      parcel.history.push({ state, at: now() });
      onMove?.(parcel);
      return parcel;
    },
    /** Pays a delivered parcel's cash to the shop, under a made-up payment reference. */
    remit(trackingNumber: string, reference: string): StandInParcel {
      const parcel = parcels.get(trackingNumber);
      if (!parcel) throw new Error(`the stand-in has no parcel ${trackingNumber}`);
      if (parcel.state !== 'delivered')
        throw new Error(`a ${parcel.state} parcel has no cash to pay`);
      parcel.remitted ??= { reference, on: now() };
      return parcel;
    },
  };
}

/** A stand-in's parcel book. */
export type ParcelBook = ReturnType<typeof createParcelBook>;

const MAX_BODY = 256 * 1024;

async function readBody(req: http.IncomingMessage): Promise<string | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > MAX_BODY) return null;
    parts.push(part);
  }
  return Buffer.concat(parts).toString('utf8');
}

function send(res: http.ServerResponse, answer: StandInAnswer) {
  if ('pdf' in answer) {
    res.writeHead(answer.status, { 'content-type': 'application/pdf' });
    res.end(Buffer.from(answer.pdf));
  } else if ('text' in answer) {
    res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(answer.text);
  } else {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.json));
  }
}

/**
 * Serves a stand-in on 127.0.0.1: `handle` answers the courier's API; the control address
 * (POST /__stand-in/move {trackingNumber, state}, POST /__stand-in/remit {trackingNumber}) moves
 * parcels for a person trying the desk by hand; `state.mode` makes the API misbehave.
 */
export async function serveStandIn(options: {
  book: ParcelBook;
  handle: (req: http.IncomingMessage, url: URL, body: string) => StandInAnswer;
  /** The body a 'malformed' API answers: JSON the courier's documentation does not describe. */
  malformed: unknown;
  port?: number;
  /** A courier's own control addresses beside move and remit, by path, each given the JSON body. */
  controls?: Record<string, (input: Record<string, unknown>) => StandInAnswer>;
}) {
  const state = {
    mode: 'ok' as StandInMode,
    /** API requests received (the control address aside), counted on arrival. */
    calls: 0,
    /** Each API request's method and path, in order, for tests of batching. */
    requests: [] as string[],
    /**
     * While set, API requests are counted on arrival and then wait for it before answering: a test
     * holds the courier so that two callers are both mid-call at once, whatever the machine's load.
     */
    held: null as Promise<void> | null,
  };
  let remits = 0;
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = await readBody(req);
      if (body === null) return send(res, { status: 413, json: { message: 'body too large' } });
      if (url.pathname.startsWith('/__stand-in/')) return send(res, control(url, body));
      state.calls++;
      state.requests.push(`${req.method} ${url.pathname}${url.search}`);
      if (state.held) await state.held;
      if (state.mode === 'hang') return; // never answers; close() cuts the connection
      if (state.mode === 'fail')
        return send(res, { status: 500, json: { message: 'Internal Server Error' } });
      if (state.mode === 'not-json')
        return send(res, {
          status: 200,
          text: '<html><body>Service temporarily unavailable</body></html>',
        });
      if (state.mode === 'malformed') return send(res, { status: 200, json: options.malformed });
      send(res, options.handle(req, url, body));
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, json: { message: String(error) } });
    });
  });

  function control(url: URL, body: string): StandInAnswer {
    try {
      const input = JSON.parse(body || '{}') as { trackingNumber?: string; state?: StandInState };
      const own = options.controls?.[url.pathname];
      if (own) return own(input as Record<string, unknown>);
      const trackingNumber = String(input.trackingNumber ?? '');
      if (url.pathname === '/__stand-in/move') {
        const parcel = options.book.move(trackingNumber, input.state as StandInState);
        return { status: 200, json: { trackingNumber, state: parcel.state } };
      }
      if (url.pathname === '/__stand-in/remit') {
        const parcel = options.book.remit(
          trackingNumber,
          `TEST-${String(++remits).padStart(6, '0')}`,
        );
        return { status: 200, json: { trackingNumber, reference: parcel.remitted?.reference } };
      }
      return { status: 404, json: { message: 'no such control' } };
    } catch (error) {
      return { status: 400, json: { message: (error as Error).message } };
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
