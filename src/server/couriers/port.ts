// The courier port: what the shop needs from any Pakistani courier's merchant API, in the shop's
// own words. An adapter (postex.ts, leopards.ts) reshapes its courier's fields, states and errors
// into these types at its boundary, so nothing above it sees a courier's field names. A third
// courier is one more module implementing CourierAdapter and one entry in the registry.
import type { Money } from '../../lib/money.ts';

/** A city the courier serves, as the booking must name it. */
export interface CourierCity {
  /** The name the courier spells it with ('Lahore'); bookings are matched on it, case aside. */
  name: string;
  /** The courier's own id for it, where bookings need the id (Leopards); null otherwise. */
  id: string | null;
  /** Whether a parcel may be picked up there, and delivered there. */
  pickup: boolean;
  delivery: boolean;
}

/** Who receives the parcel, and where. */
export interface Consignee {
  name: string;
  /** A Pakistani mobile number as the shopper typed it (03xx… or +92…). */
  phone: string;
  address: string;
  /** The destination city, by the name the courier's city list gives. */
  city: string;
}

/** One parcel to book. */
export interface ShipmentRequest {
  /** The shop's order reference, printed on the airway bill and echoed by tracking. */
  orderRef: string;
  /** Cash to collect on delivery, in PKR (whole rupees: couriers collect no paisa); zero for prepaid. */
  cod: Money;
  weightGrams: number;
  pieces: number;
  consignee: Consignee;
  /** What is inside, in a few words, for the airway bill. */
  description: string;
}

/** A booked parcel: what the order keeps. */
export interface Booking {
  courier: string;
  trackingNumber: string;
  /** Where the courier serves this parcel's airway bill, when it names one (Leopards' slip link). */
  labelUrl: string | null;
}

/**
 * A parcel's state in the shop's words. An adapter maps each courier status it knows; anything
 * else is `unknown`, which never moves an order.
 */
export type ParcelState =
  | 'booked'
  | 'picked_up'
  | 'in_transit'
  | 'out_for_delivery'
  | 'delivered'
  | 'attempted'
  | 'refused'
  | 'returning'
  | 'returned'
  | 'cancelled'
  | 'unknown';

/** One step of a parcel's journey, as the courier reported it. */
export interface ParcelEvent {
  state: ParcelState;
  /** The courier's own words for it, for the desk. */
  status: string;
  /** When it happened, as the courier wrote it (couriers give local times without a zone). */
  at: string | null;
}

/** Where a parcel is now. */
export interface ParcelTracking {
  trackingNumber: string;
  state: ParcelState;
  status: string;
  /** Oldest first. */
  events: ParcelEvent[];
}

/** What the courier says about paying a parcel's cash to the shop. */
export interface Remittance {
  trackingNumber: string;
  /** Whether the courier has paid this parcel's cash to the shop. */
  paid: boolean;
  /** The courier's payment reference (PostEx's CPR number, Leopards' invoice or cheque number). */
  reference: string | null;
  /** The day it was paid, as the courier wrote it. */
  paidOn: string | null;
  /** The amount paid, when the courier's answer says (neither documented call does today). */
  amount: Money | null;
}

/**
 * A courier's merchant API. Every call either answers or throws a CourierError; none changes the
 * shop. Calls that take many tracking numbers send them in batches, one batch at a time.
 */
export interface CourierAdapter {
  /** The registry's name ('postex'). */
  readonly name: string;
  /** How the desk names it ('PostEx'). */
  readonly label: string;
  /** The cities the courier serves. */
  cities(): Promise<CourierCity[]>;
  /** Books one parcel; the answer's tracking number is the courier's consignment number. */
  book(request: ShipmentRequest): Promise<Booking>;
  /** The airway bill as PDF bytes. */
  airwayBill(booking: Pick<Booking, 'trackingNumber' | 'labelUrl'>): Promise<Uint8Array>;
  /** Cancels a booking the rider has not picked up yet. */
  cancel(trackingNumber: string): Promise<void>;
  /** Tracks one or many parcels; a number the courier does not know is left out of the answer. */
  track(trackingNumbers: readonly string[]): Promise<ParcelTracking[]>;
  /** The remittance (payment) report for these parcels. */
  remittances(trackingNumbers: readonly string[]): Promise<Remittance[]>;
}

/** Why a courier call failed, for the caller to map: retry later, fix the keys, or fix the input. */
export type CourierFailure =
  | 'timeout'
  | 'unreachable'
  | 'refused'
  | 'not-found'
  | 'rejected'
  | 'malformed-answer'
  | 'invalid-input';

/** A courier call that did not succeed; `message` is one line an owner can act on. */
export class CourierError extends Error {
  override name = 'CourierError';
  readonly kind: CourierFailure;
  constructor(kind: CourierFailure, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** Whether a failure may pass by itself (the courier was slow or down), so a retry makes sense. */
export const isPassingFailure = (error: unknown): boolean =>
  error instanceof CourierError &&
  (error.kind === 'timeout' || error.kind === 'unreachable' || error.kind === 'malformed-answer');

/** At most this many tracking numbers in one call of track or remittances. */
export const MAX_PARCELS_PER_CALL = 1000;
