import type { Context } from '@netlify/functions';
import type { ZodMiniType } from 'zod/mini';
import { DEFAULT_BODY_BYTES } from '../lib/contract/endpoints.ts';
import { SERVER_MESSAGES } from '../lib/messages.ts';
import './zod-english.ts';
import { invalid, tooLarge } from './errors.ts';

/** Largest request body accepted, in bytes, by every call the endpoint table gives no limit of its own. */
export const MAX_BODY_BYTES = DEFAULT_BODY_BYTES;

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

/**
 * The bytes of a request's or response's body, read as they stream in, or null as soon as they pass
 * `max` (declared or counted): the rest is never read and the stream is cancelled.
 */
export async function readBytesCapped(
  message: Request | Response,
  max: number,
): Promise<Uint8Array | null> {
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
  return Buffer.concat(chunks);
}

/** The text of a body of at most `max` bytes (readBytesCapped), or null past it. */
export async function readTextCapped(
  message: Request | Response,
  max: number,
): Promise<string | null> {
  const bytes = await readBytesCapped(message, max);
  return bytes && new TextDecoder().decode(bytes);
}

/** Reads a JSON body of at most MAX_BODY_BYTES; an empty body reads as `{}`. */
export async function readJson(req: Request): Promise<unknown> {
  const body = await readTextCapped(req, MAX_BODY_BYTES);
  if (body === null) throw tooLarge(SERVER_MESSAGES.bodyTooLarge);
  const text = body.trim();
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(SERVER_MESSAGES.badJson);
  }
}

/**
 * Validates a parsed body with a zod schema. The first problem is an `invalid` error: the schema's own
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
  throw invalid(generic && field ? `${field}: ${message}` : message);
}

/**
 * The part of Netlify's `Context` the handlers read. The platform passes the whole Context; local
 * serving (scripts/serve-api.ts) and the tests pass only these fields, or nothing.
 */
export type FunctionContext = Partial<Pick<Context, 'ip' | 'waitUntil'>>;

/** A JSON answer with its own status or headers, for the calls whose success is not a plain 200. */
export interface Reply<T> {
  reply: 1;
  body: T;
  status: number;
  headers: Record<string, string>;
}

/** Answers `body` with a status and headers (a 201 for a new order, say). */
export function reply<T>(
  body: T,
  init: { status?: number; headers?: Record<string, string> },
): Reply<T> {
  return { reply: 1, body, status: init.status ?? 200, headers: init.headers ?? {} };
}
