// The messaging port: what the shop asks of a messaging provider (WhatsApp now; an SMS provider
// would be another adapter), in the shop's own types. An adapter reshapes the provider's answers
// into these and turns every failure into a MessagingError, so a caller only decides between "sent"
// and "fall back to e-mail".

/** A template message: the approved template's name and language, and its body's parameters in order. */
export interface TemplateMessage {
  /** The recipient in E.164 without the "+" (923001234567). */
  to: string;
  template: string;
  /** The template's language code, as it was approved ("en"). */
  language: string;
  /** The body's {{1}}, {{2}}, … in order. */
  bodyParameters: readonly string[];
}

/** What the provider answered to a message it accepted. */
export interface SentMessage {
  /** The provider's id of the message (WhatsApp's "wamid.…"). */
  messageId: string;
}

/**
 * Why a message was not sent: the provider refused it (a 4xx: a wrong number, an unknown
 * template), refused the keys, was down or slow (a 5xx, a timeout, unreachable), or answered
 * something the adapter cannot read.
 */
export type MessagingFailure = 'rejected' | 'unauthorised' | 'unavailable' | 'malformed-answer';

/** A failed send, with words an owner can act on. */
export class MessagingError extends Error {
  override name = 'MessagingError';
  readonly kind: MessagingFailure;
  constructor(kind: MessagingFailure, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** A messaging provider's adapter. */
export interface MessagingAdapter {
  /** How staff and the logs name it ("WhatsApp", "WhatsApp (TEST stand-in)"). */
  label: string;
  /** The channel the shop records for a message it sent. */
  channel: 'whatsapp';
  /** True when its API is a local stand-in on loopback: no message reaches a phone. */
  test: boolean;
  /** Sends one template message; throws a MessagingError when it was not accepted. */
  sendTemplate(message: TemplateMessage): Promise<SentMessage>;
}
