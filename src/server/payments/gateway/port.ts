// The card-gateway port: what the shop needs from any hosted-checkout provider, in the shop's own
// words. An adapter (safepay.ts) reshapes its provider's API into these types at its boundary, so
// nothing above it sees a provider's field names, states or headers. A second gateway is one more
// module implementing PaymentGateway. Amounts cross this port as Money (src/lib/money.ts): an
// integer count of the currency's ISO 4217 minor unit, which every gateway here counts in.
import type { Money } from '../../../lib/money.ts';

/** What the shop asks a gateway to charge: one order, in the currency's minor units (ISO 4217). */
export interface PaymentRequest {
  orderId: string;
  /** What to charge, in its currency's minor units (paisa, cents): ₨14,812 is 1_481_200 PKR. */
  amount: Money;
  /** Where the hosted page sends the shopper after paying; never trusted as proof of payment. */
  returnUrl: string;
  /** Where the hosted page sends the shopper who gives up. */
  cancelUrl: string;
  /** For a wallet that asks the shopper's phone: the wallet's mobile number and what it requires. */
  payer?: { mobile: string; cnicLast6: string };
}

/** A payment session opened at the gateway. */
export interface CreatedPayment {
  /** The gateway's id for this payment (Safepay's tracker); the order keeps it. */
  reference: string;
  /** The hosted page to send the shopper to; null when the request went to the shopper's phone. */
  redirectUrl: string | null;
}

/**
 * A payment's state as the shop understands it. `pending` covers every state that is not final
 * yet, and every state an adapter does not recognise: an unknown state is never read as paid.
 */
export type PaymentState = 'pending' | 'paid' | 'failed' | 'partially_refunded' | 'refunded';

/** A payment read back from the gateway's API. */
export interface PaymentReading {
  reference: string;
  state: PaymentState;
  amountMinor: number;
  currency: string;
  /** How much of it was refunded, when the gateway says; null when it does not. */
  refundedMinor: number | null;
}

/** What a verified webhook tells the shop. */
/**
 * What a verified webhook tells the shop. `payment.notice` is an unsigned notice that only names a
 * payment (Easypay's IPN): the shop reads the payment back and books what the provider answers.
 */
export type GatewayEventKind =
  'payment.paid' | 'payment.failed' | 'payment.refunded' | 'payment.notice' | 'other';

/** A webhook event whose signature and timestamp were verified. */
export interface GatewayEvent {
  /** The gateway's event id, from the signed body: the key for processing an event once. */
  id: string;
  kind: GatewayEventKind;
  /** The provider's own event type, for the log. */
  type: string;
  reference: string;
  /** The shop's order id as the gateway echoes it, or null; the order is found by `reference`. */
  orderId: string | null;
  /** For a payment, the amount charged; for a refund event, the amount refunded. */
  amountMinor: number | null;
  currency: string | null;
  /** The signed delivery time. */
  signedAt: Date;
}

/** Why a webhook delivery was refused: each is one log line, and the delivery changes nothing. */
export type WebhookRefusal =
  | 'body-too-large'
  | 'missing-headers'
  | 'bad-signature'
  | 'malformed-timestamp'
  | 'stale-timestamp'
  | 'future-timestamp'
  | 'malformed-body';

/** The verdict on one webhook delivery. */
export type WebhookVerdict =
  { ok: true; event: GatewayEvent } | { ok: false; reason: WebhookRefusal; detail: string };

/** Request headers as a web Request carries them, or as node:http gives them. */
export type HeaderSource = Headers | Readonly<Record<string, string | string[] | undefined>>;

/** A hosted-checkout card gateway. Every call either answers or throws a GatewayError. */
export interface PaymentGateway {
  /** A short name for logs and the desk ('safepay'). */
  readonly name: string;
  /** Currencies the gateway charges in; anything else is charged in PKR (chargeCurrency). */
  readonly currencies: readonly string[];
  /** Opens a payment session and returns the hosted page to send the shopper to. */
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** Reads a payment's state back from the gateway (never from the shopper's return address). */
  readPayment(reference: string): Promise<PaymentReading>;
  /**
   * Refunds part or all of a paid payment, in the payment's own currency; the gateway's webhook
   * confirms it later. `key` names this one refund: an adapter whose provider takes an idempotency
   * key sends it. The shop never has two refunds of one order in flight (the ledger reserves each
   * first), so a provider without one is still asked at most once per reservation.
   */
  refund(reference: string, amount: Money, key: string): Promise<PaymentReading>;
  /**
   * Checks one webhook delivery: `rawBody` exactly as received (never re-serialised), its headers,
   * and the time it arrived. Pure: it changes nothing, so a replay verifies again and processing
   * once per `event.id` is the caller's job.
   */
  verifyWebhook(rawBody: Uint8Array | string, headers: HeaderSource, now: Date): WebhookVerdict;
}

/** A gateway whose payments always start on its hosted page (a card gateway). */
export interface HostedPageGateway extends PaymentGateway {
  createPayment(request: PaymentRequest): Promise<CreatedPayment & { redirectUrl: string }>;
}

/** Why a gateway call failed, for the caller to map: retry later, fix the keys, or fix the input. */
export type GatewayFailure =
  | 'timeout'
  | 'unreachable'
  | 'refused'
  | 'not-found'
  | 'rejected'
  | 'malformed-answer'
  | 'invalid-input';

/** A gateway call that did not succeed; `message` is one line an owner can act on. */
export class GatewayError extends Error {
  override name = 'GatewayError';
  readonly kind: GatewayFailure;
  constructor(kind: GatewayFailure, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** The currency a card is charged in: the order's own where the gateway takes it, else PKR. */
export function chargeCurrency(orderCurrency: string, gateway: Pick<PaymentGateway, 'currencies'>) {
  const code = orderCurrency.toUpperCase();
  return gateway.currencies.includes(code) ? code : 'PKR';
}

/** One header's single value, case-insensitively; a missing or repeated header reads as null. */
export function headerValue(headers: HeaderSource, name: string): string | null {
  if (headers instanceof Headers) {
    // Headers joins repeated fields with ", "; the signature and timestamp never hold a comma.
    const value = headers.get(name);
    return value === null || value.includes(',') ? null : value;
  }
  const wanted = name.toLowerCase();
  const found = Object.entries(headers).filter(([key]) => key.toLowerCase() === wanted);
  if (found.length !== 1) return null;
  // node:http joins a repeated header with ", " as Headers does.
  const value = found[0]![1];
  return typeof value === 'string' && !value.includes(',') ? value : null;
}
