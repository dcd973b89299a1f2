// A local stand-in for the WhatsApp Business Cloud API, written from Meta's public documentation
// on its own (it shares no code with the adapter, so a mistake on either side shows up as a
// refusal): POST /v{version}/{phone-number-id}/messages with the Bearer token and a template
// message, answered as the Graph API answers (200 with the message's wamid id; 401 with an
// OAuthException for a wrong token; 400 with error code 100 for a body it cannot take). Every
// accepted message lands in an inbox: a test reads it (`inbox`, or GET /__stand-in/inbox?to=…),
// and a person running `npm start` sees it on the page headed "Test WhatsApp (TEST)". It reaches
// no phone. It also answers the phone number read (GET /v{version}/{phone-number-id}, as a test
// number: account_mode SANDBOX) that the desk's Settings try keys with. docs/cod-confirmation.md
// lists what it does not imitate.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The keys the stand-in accepts. */
export interface WhatsappStandInOptions {
  token: string;
  phoneNumberId: string;
  host?: string;
  port?: number;
}

/** One message the stand-in accepted, as the phone would show it. */
export interface StandInMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  /** The body's parameters, in order. */
  parameters: string[];
  at: Date;
}

/**
 * How the stand-in answers a send: as WhatsApp does, HTTP 500, a 400 refusal, HTTP 200 without a
 * message id, an HTML page, or never.
 */
export type WhatsappStandInMode = 'ok' | 'fail' | 'reject' | 'malformed' | 'not-json' | 'hang';

const NUMBER_PATH = /^\/v\d+\.\d+\/(\d+)$/;
const MAX_BODY = 64 * 1024;
const SEND_PATH = /^\/v\d+\.\d+\/([^/]+)\/messages$/;

const graphError = (status: number, message: string, type: string, code: number) => ({
  status,
  json: { error: { message, type, code, fbtrace_id: randomBytes(8).toString('base64url') } },
});

type Answer = { status: number; json?: unknown; text?: string; html?: string };

/** The template message's parts, or null when the body is not one the Graph API takes. */
function readTemplate(body: unknown): Omit<StandInMessage, 'id' | 'at'> | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (b.messaging_product !== 'whatsapp' || b.type !== 'template') return null;
  if (typeof b.to !== 'string' || !/^\d{8,15}$/.test(b.to)) return null;
  const t = b.template as Record<string, unknown> | undefined;
  const language = (t?.language as Record<string, unknown> | undefined)?.code;
  if (typeof t?.name !== 'string' || typeof language !== 'string') return null;
  const components = Array.isArray(t.components) ? (t.components as unknown[]) : [];
  const parameters: string[] = [];
  for (const component of components) {
    const c = component as Record<string, unknown>;
    if (c.type !== 'body') continue;
    for (const p of Array.isArray(c.parameters) ? (c.parameters as unknown[]) : []) {
      const param = p as Record<string, unknown>;
      if (param.type !== 'text' || typeof param.text !== 'string') return null;
      parameters.push(param.text);
    }
  }
  return { to: b.to, template: t.name, language, parameters };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The test phone's page: every message to `to` (or all), newest first, links clickable. */
function inboxPage(messages: readonly StandInMessage[]): string {
  const items = [...messages]
    .reverse()
    .map((m) => {
      const parts = m.parameters
        .map((p) =>
          /^https?:\/\//.test(p)
            ? `<li><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></li>`
            : `<li>${escapeHtml(p)}</li>`,
        )
        .join('');
      return `<article><h2>To +${escapeHtml(m.to)}: ${escapeHtml(m.template)} (${escapeHtml(m.language)})</h2><ol>${parts}</ol></article>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test WhatsApp (TEST)</title></head><body><main><h1>Test WhatsApp (TEST)</h1><p>Messages the shop sent to this local stand-in. No message reached a phone.</p>${items || '<p>No messages yet.</p>'}</main></body></html>`;
}

/** Starts the stand-in on 127.0.0.1 (a random port unless given). */
export async function startWhatsappStandIn(options: WhatsappStandInOptions) {
  const inbox: StandInMessage[] = [];
  const state: { mode: WhatsappStandInMode } = { mode: 'ok' };

  /** The Graph API's refusal of a token or a number id not this account's, as either call words it. */
  function refusal(
    verb: 'get' | 'post',
    phoneNumberId: string,
    auth: string | undefined,
  ): Answer | null {
    if (auth !== `Bearer ${options.token}`)
      return graphError(
        401,
        'Invalid OAuth access token - Cannot parse access token',
        'OAuthException',
        190,
      );
    if (phoneNumberId !== options.phoneNumberId)
      return graphError(
        400,
        `Unsupported ${verb} request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        'GraphMethodException',
        100,
      );
    return null;
  }

  function send(phoneNumberId: string, auth: string | undefined, raw: string): Answer | null {
    const refused = refusal('post', phoneNumberId, auth);
    if (refused) return refused;
    if (state.mode === 'hang') return null;
    if (state.mode === 'fail')
      return graphError(500, 'An unknown error has occurred.', 'OAuthException', 1);
    if (state.mode === 'reject')
      return graphError(
        400,
        '(#132001) Template name does not exist in the translation',
        'OAuthException',
        132001,
      );
    if (state.mode === 'not-json') return { status: 200, html: '<html>Maintenance</html>' };
    if (state.mode === 'malformed') return { status: 200, json: { messaging_product: 'whatsapp' } };
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return graphError(400, '(#100) Invalid parameter', 'OAuthException', 100);
    }
    const message = readTemplate(parsed);
    if (!message) return graphError(400, '(#100) Invalid parameter', 'OAuthException', 100);
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    inbox.push({ ...message, id, at: new Date() });
    return {
      status: 200,
      json: {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.to }],
        messages: [{ id }],
      },
    };
  }

  /** The phone number read: the sending number's public details, for the same token. */
  function phoneNumber(phoneNumberId: string, auth: string | undefined): Answer {
    const refused = refusal('get', phoneNumberId, auth);
    if (refused) return refused;
    return {
      status: 200,
      json: {
        id: phoneNumberId,
        display_phone_number: '+1 555 010 0100',
        verified_name: 'Test Number',
        account_mode: 'SANDBOX',
      },
    };
  }

  function route(req: http.IncomingMessage, raw: string): Answer | null {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const number = NUMBER_PATH.exec(url.pathname);
    if (req.method === 'GET' && number)
      return phoneNumber(decodeURIComponent(number[1]!), req.headers.authorization);
    const sending = SEND_PATH.exec(url.pathname);
    if (req.method === 'POST' && sending)
      return send(decodeURIComponent(sending[1]!), req.headers.authorization, raw);
    const to = url.searchParams.get('to');
    const shown = to ? inbox.filter((m) => m.to === to) : inbox;
    if (req.method === 'GET' && url.pathname === '/__stand-in/inbox')
      return { status: 200, json: { messages: shown } };
    if (req.method === 'POST' && url.pathname === '/__stand-in/mode') {
      const mode = (JSON.parse(raw || '{}') as { mode?: WhatsappStandInMode }).mode;
      if (mode) state.mode = mode;
      return { status: 200, json: { mode: state.mode } };
    }
    if (req.method === 'GET' && url.pathname === '/')
      return { status: 200, html: inboxPage(shown) };
    return graphError(404, 'Unknown path components', 'OAuthException', 2500);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        return;
      }
      let answer: Answer | null;
      try {
        answer = route(req, Buffer.concat(chunks).toString('utf8'));
      } catch {
        answer = graphError(400, '(#100) Invalid parameter', 'OAuthException', 100);
      }
      if (answer === null) return; // 'hang': never answers
      if (answer.html !== undefined)
        res
          .writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' })
          .end(answer.html);
      else
        res
          .writeHead(answer.status, { 'content-type': 'application/json' })
          .end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** The Graph API address the shop is pointed at (WHATSAPP_API_URL). */
    apiUrl: `${url}/v21.0`,
    inbox,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
