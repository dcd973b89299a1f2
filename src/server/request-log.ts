// Structured logs and request ids. Every API answer carries `X-Request-Id`; every log line of the
// functions is one JSON object on stdout/stderr (what Netlify's function log shows and searches),
// carrying the id of the request it belongs to. The id travels in an AsyncLocalStorage, so a line
// written deep in a service, or by a background job started during the request, names it too.
// Plain JSON lines through console, not pino: see docs/operations.md, "Monitoring", for why.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';

/** What a log line knows about the request it belongs to. */
export interface RequestContext {
  requestId: string;
  /** The short reference a shopper can quote (see referenceOf). */
  ref: string;
  /** The endpoint table's name of the call, when the path named one. */
  call?: string;
}

const current = new AsyncLocalStorage<RequestContext>();

// Netlify's own ids are ULID-like (26 characters); anything sane of 8–64 safe characters is kept,
// so the id in the answer is the one in Netlify's request log. Anything else is replaced.
const SANE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id: Netlify's `x-nf-request-id` (or a caller's `x-request-id`) when sane, else a new one. */
export function requestIdOf(req: Request): string {
  for (const name of ['x-nf-request-id', 'x-request-id']) {
    const value = req.headers.get(name)?.trim();
    if (value && SANE_ID.test(value)) return value;
  }
  return randomBytes(16).toString('hex');
}

// Crockford's base32 without I, L, O and U: nothing a shopper reading it aloud can confuse.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The six-character reference of a request id (e.g. "7F3K2Q"): what a shopper quotes and the
 * operator searches the function log for. It is derived, so it holds for any id Netlify chose.
 */
export function referenceOf(requestId: string): string {
  const digest = createHash('sha256').update(requestId).digest();
  let out = '';
  for (let i = 0; i < 6; i++) out += REFERENCE_ALPHABET[digest[i]! & 31];
  return out;
}

/** Runs `work` with `context` as the request every log line inside it belongs to. */
export function withRequest<T>(context: RequestContext, work: () => Promise<T>): Promise<T> {
  return current.run(context, work);
}

/** The request the running code belongs to, if any. */
export function currentRequest(): RequestContext | undefined {
  return current.getStore();
}

/** Names the call once the router has found it. */
export function nameCall(call: string): void {
  const context = current.getStore();
  if (context) context.call = call;
}

type Level = 'info' | 'warn' | 'error';

let infoLine = (text: string) => console.log(text);

/**
 * Sends info lines to stderr too: the operator CLI keeps stdout for its answer, so a command's
 * output can be read or piped whole while its log lines still show.
 */
export function logInfoToStderr(): void {
  infoLine = (text) => console.error(text);
}

/**
 * Writes one log line: a JSON object with the time, the level, the message, the current request's
 * id, reference and call, and `fields`. Errors are reduced to their name, message and stack.
 */
export function logEvent(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const context = current.getStore();
  const line: Record<string, unknown> = {
    time: new Date().toISOString(),
    level,
    msg,
    ...(context ? { requestId: context.requestId, ref: context.ref, call: context.call } : {}),
  };
  for (const [key, value] of Object.entries(fields))
    line[key] = value instanceof Error ? describeError(value) : value;
  const text = JSON.stringify(line);
  if (level === 'info') infoLine(text);
  else console.error(text);
}

function describeError(error: Error): Record<string, unknown> {
  const cause = (error as { cause?: unknown }).cause;
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    ...(cause instanceof Error ? { cause: describeError(cause) } : {}),
  };
}
