// Webhook events from the card gateway that were taken in: each is processed once, however often
// the gateway delivers it (it retries until it hears 2xx, and an attacker may replay a capture).

/** A gateway event the shop took in, kept by the gateway's own event id. */
export interface GatewayEventRecord {
  /** The gateway's event id from the signed body (Safepay's event token). */
  id: string;
  /** Which gateway sent it ('safepay'). */
  gateway: string;
  /** The provider's event type, for the record. */
  type: string;
  /** The payment it was about. */
  reference: string;
  /** When it was taken in (ISO 8601). */
  receivedAt: string;
  /** What processing it did, in a few words ('recorded payment', 'amount mismatch', …). */
  outcome: string;
}

/** The gateway events taken in. */
export interface GatewayEventRepository {
  /**
   * Stores an event under its id, atomically: true when it was new, false when an event with
   * this id is already stored (nothing changes). Of two deliveries racing, exactly one gets true.
   */
  insert(event: GatewayEventRecord): Promise<boolean>;
  /** Sets the outcome of a stored event (once its processing has finished). */
  settle(id: string, outcome: string): Promise<void>;
  /**
   * Removes a stored event, so the gateway's next delivery of it is processed: for an event whose
   * processing failed part-way (the store or the gateway was down) and was answered 5xx.
   */
  release(id: string): Promise<void>;
  get(id: string): Promise<GatewayEventRecord | null>;
}
