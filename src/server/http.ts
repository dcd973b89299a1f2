import type { Context } from '@netlify/functions';
import type { ZodMiniType } from 'zod/mini';
import { SERVER_MESSAGES } from '../lib/messages.ts';
import './zod-english.ts';
import { ConfigError } from './config.ts';
import { StoreUnavailableError } from './store/port.ts';

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 100 * 1024;

/** An expected failure that maps to an HTTP status and a shopper-facing message. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/**
 * Headers every API answer carries. netlify.toml's [[headers]] apply to static files only, never
 * to function responses, so the functions set their own. An API answer is data, never a page:
 * `default-src 'none'` and no framing.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Adds the API security headers to a response built elsewhere (cacheable reads keep their Cache-Control). */
export function secured(response: Response): Response {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/** A JSON answer that is never cached (authenticated and personal answers), with the security headers. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  return Response.json(body, {
    ...init,
    headers: { ...API_SECURITY_HEADERS, ...NO_STORE, ...init.headers },
  });
}

/** The uniform failure shape `{ success: false, message }`. */
export function fail(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json({ success: false, message }, { status, headers });
}

/** Rejects any method but the allowed one with 405. */
export function requireMethod(req: Request, method: 'GET' | 'POST'): void {
  if (req.method !== method)
    throw new HttpError(405, SERVER_MESSAGES.methodNotAllowed(method), { Allow: method });
}

/**
 * The text of a request's or response's body, read as it streams in, or null as soon as it passes
 * `max` bytes (declared or counted): the rest is never read and the stream is cancelled.
 */
export async function readTextCapped(
  message: Request | Response,
  max: number,
): Promise<string | null> {
  if (Number(message.headers.get('content-length') ?? '0') > max) return null;
  const reader = message.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads a JSON body of at most MAX_BODY_BYTES; an empty body reads as `{}`. */
export async function readJson(req: Request): Promise<unknown> {
  const body = await readTextCapped(req, MAX_BODY_BYTES);
  if (body === null) throw new HttpError(413, SERVER_MESSAGES.bodyTooLarge);
  const text = body.trim();
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, SERVER_MESSAGES.badJson);
  }
}

/**
 * Validates a parsed body with a zod schema. The first problem becomes a 400: the schema's own
 * message as written (the spec's messages), or zod's generic one prefixed by the field it is about.
 */
export function parseBody<T>(schema: ZodMiniType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? 'Invalid request';
  const field = issue?.path.map(String).join('.');
  // zod's own wording gets the field name; the spec's messages ('Invalid email', …) stay verbatim.
  const generic =
    /^(Invalid (input|option|string|email address|key|element|union|date|type)|Too (big|small)|Unrecognized)/.test(
      message,
    );
  throw new HttpError(400, generic && field ? `${field}: ${message}` : message);
}

/**
 * The part of Netlify's `Context` the handlers read. The platform passes the whole Context; local
 * serving (scripts/serve-api.ts) and the tests pass only these fields, or nothing.
 */
export type FunctionContext = Partial<Pick<Context, 'ip' | 'waitUntil'>>;

const reported = new Set<string>();
/** Logs a configuration error once per instance, naming every missing or bad variable. */
function reportConfigError(error: ConfigError): void {
  const line = `[config] refusing to serve: ${error.problems.join('; ')}`;
  if (reported.has(line)) return;
  reported.add(line);
  console.error(line);
}

type Handler = (req: Request, context?: FunctionContext) => Promise<Response>;

/**
 * Wraps a handler so every failure answers `{ success:false, message }` without internals.
 * Account endpoints also repeat the message as `msg`, the field SPEC §7 has the browser read there.
 */
export function handle(run: Handler, opts: { withMsg?: boolean } = {}): Handler {
  const failWith = (status: number, message: string, headers: Record<string, string> = {}) =>
    opts.withMsg
      ? json({ success: false, message, msg: message }, { status, headers })
      : fail(status, message, headers);
  return async (req, context) => {
    try {
      return secured(await run(req, context));
    } catch (error) {
      if (error instanceof HttpError) return failWith(error.status, error.message, error.headers);
      if (error instanceof ConfigError) {
        reportConfigError(error);
        return failWith(503, SERVER_MESSAGES.unavailable, { 'Retry-After': '300' });
      }
      if (error instanceof StoreUnavailableError || isStoreOutage(error)) {
        console.error(`[api] store unavailable on ${new URL(req.url).pathname}: ${String(error)}`);
        return failWith(503, SERVER_MESSAGES.unavailable, { 'Retry-After': '30' });
      }
      console.error(`[api] ${req.method} ${new URL(req.url).pathname} failed:`, error);
      return failWith(500, SERVER_MESSAGES.failed);
    }
  };
}

function isStoreOutage(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  const code = (error as { code?: string } | null)?.code ?? '';
  return (
    /^Mongo(ServerSelection|Network|Topology)/.test(name) ||
    (code === 'ERR_SQLITE_ERROR' && /locked|busy|readonly|disk|open/i.test(String(error)))
  );
}
