// WhatsApp Business Cloud API, from Meta's public documentation: a template message is
// POST {api}/{phone-number-id}/messages with the Bearer access token, a JSON body
// { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template',
// template: { name, language: { code }, components: [{ type: 'body', parameters }] } }, and an
// accepted message answers 200 with { messaging_product, contacts: [{ input, wa_id }],
// messages: [{ id }] }. A refusal answers 4xx or 5xx with { error: { message, type, code,
// fbtrace_id } }. Only the send is used: no webhooks (delivery receipts, replies) are read.
import * as z from 'zod/mini';
import { explainFetchError } from '../fetch-error.ts';
import {
  MessagingError,
  type MessagingAdapter,
  type SentMessage,
  type TemplateMessage,
} from './port.ts';

/** Meta's Graph API, at the version the adapter was written against. */
export const WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';
/** A send answers in well under a second; a deployed function has 10 s in all. */
export const DEFAULT_WHATSAPP_TIMEOUT_MS = 8000;
/** An answer is a few hundred bytes; anything far larger is not the Graph API's. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The keys of a WhatsApp Business account's sending number. */
export interface WhatsappSettings {
  /** A system user's permanent access token (or a temporary one from the app's dashboard). */
  token: string;
  /** The sending number's id in the WhatsApp Business account (digits), not the number itself. */
  phoneNumberId: string;
  /** Another Graph API address (a local stand-in on loopback). */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const sentShape = z.object({
  messaging_product: z.literal('whatsapp'),
  messages: z
    .array(z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) }))
    .check(z.minLength(1)),
});

const errorShape = z.object({
  error: z.object({ message: z.string().check(z.maxLength(1000)), code: z.optional(z.number()) }),
});

/** The Graph API's words for a refusal, or the status alone when it gave none. */
function refusalText(status: number, body: string): string {
  try {
    const parsed = errorShape.safeParse(JSON.parse(body));
    if (parsed.success)
      return `HTTP ${status}: ${parsed.data.error.message}${parsed.data.error.code === undefined ? '' : ` (code ${parsed.data.error.code})`}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${status}`;
}

/**
 * One Graph API call with the access token: its status and body, or the failure every call shares
 * (no answer in time, no connection, an answer far too large, the token refused).
 */
async function graphCall(
  settings: WhatsappSettings,
  url: string,
  init: { method?: 'POST'; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_WHATSAPP_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let status: number;
  let body: string;
  try {
    const res = await (settings.fetch ?? fetch)(url, {
      ...(init.method ? { method: init.method } : {}),
      headers: {
        authorization: `Bearer ${settings.token}`,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal,
    });
    status = res.status;
    body = await res.text();
  } catch (error) {
    if (signal.aborted || (error as Error).name === 'TimeoutError')
      throw new MessagingError(
        'unavailable',
        `WhatsApp did not answer within ${timeoutMs / 1000} s`,
      );
    throw new MessagingError('unavailable', `WhatsApp: ${explainFetchError(error, url)}`);
  }
  if (body.length > MAX_ANSWER_BYTES)
    throw new MessagingError('malformed-answer', 'WhatsApp answered more than 64 KB');
  if (status === 401 || status === 403)
    throw new MessagingError(
      'unauthorised',
      `WhatsApp refused the access token: ${refusalText(status, body)}`,
    );
  return { status, body };
}

/** The WhatsApp adapter for one sending number. */
export function whatsappMessaging(settings: WhatsappSettings): MessagingAdapter {
  const api = (settings.apiUrl ?? WHATSAPP_API_URL).replace(/\/+$/, '');
  const test = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(api).hostname);
  return {
    label: test ? 'WhatsApp (TEST stand-in)' : 'WhatsApp',
    channel: 'whatsapp',
    test,
    async sendTemplate(message: TemplateMessage): Promise<SentMessage> {
      const url = `${api}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
      const { status, body } = await graphCall(settings, url, {
        method: 'POST',
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'template',
          template: {
            name: message.template,
            language: { code: message.language },
            components: [
              {
                type: 'body',
                parameters: message.bodyParameters.map((text) => ({ type: 'text', text })),
              },
            ],
          },
        }),
      });
      if (status >= 400 && status < 500)
        throw new MessagingError(
          'rejected',
          `WhatsApp refused the message: ${refusalText(status, body)}`,
        );
      if (status !== 200)
        throw new MessagingError('unavailable', `WhatsApp failed: ${refusalText(status, body)}`);
      let parsed;
      try {
        parsed = sentShape.safeParse(JSON.parse(body));
      } catch {
        throw new MessagingError('malformed-answer', 'WhatsApp answered HTTP 200, not JSON');
      }
      if (!parsed.success)
        throw new MessagingError(
          'malformed-answer',
          'WhatsApp answered HTTP 200 without a message id',
        );
      return { messageId: parsed.data.messages[0]!.id };
    },
  };
}

/** The sending number as WhatsApp describes it, and whether it is a test number. */
export interface WhatsappNumber {
  displayPhoneNumber: string;
  verifiedName: string;
  /** True for a test number (account_mode SANDBOX): it messages only the numbers added to it. */
  sandbox: boolean;
}

const numberShape = z.object({
  display_phone_number: z.string().check(z.maxLength(40)),
  verified_name: z.optional(z.string().check(z.maxLength(200))),
  account_mode: z.optional(z.string().check(z.maxLength(20))),
});

/**
 * Reads the sending number (GET {api}/{phone-number-id}?fields=…, Meta's phone number read): proves
 * the token and the number id without sending anything, and says whether it is a test number.
 */
export async function readWhatsappNumber(settings: WhatsappSettings): Promise<WhatsappNumber> {
  const api = (settings.apiUrl ?? WHATSAPP_API_URL).replace(/\/+$/, '');
  const url = `${api}/${encodeURIComponent(settings.phoneNumberId)}?fields=display_phone_number,verified_name,account_mode`;
  const { status, body } = await graphCall(settings, url);
  if (status !== 200)
    throw new MessagingError(
      status < 500 ? 'rejected' : 'unavailable',
      `WhatsApp refused the phone number id: ${refusalText(status, body)}`,
    );
  let parsed;
  try {
    parsed = numberShape.safeParse(JSON.parse(body));
  } catch {
    throw new MessagingError('malformed-answer', 'WhatsApp answered HTTP 200, not JSON');
  }
  if (!parsed.success)
    throw new MessagingError('malformed-answer', 'WhatsApp answered HTTP 200 without the number');
  return {
    displayPhoneNumber: parsed.data.display_phone_number,
    verifiedName: parsed.data.verified_name ?? '',
    sandbox: parsed.data.account_mode === 'SANDBOX',
  };
}
