// One courier API call: a timeout over the whole exchange, a cap on the answer's size, and every
// way it can go wrong turned into a CourierError an owner can act on. The adapters share it; the
// stand-ins (src/demo) share nothing with it.
import { explainFetchError } from '../fetch-error.ts';
import { CourierError, MAX_PARCELS_PER_CALL } from './port.ts';

/** How long a courier may take to answer, unless told otherwise: within the 10 s a deployed function has. */
export const DEFAULT_COURIER_TIMEOUT_MS = 8000;
/** A JSON answer is a few hundred kilobytes at most; an airway bill of ten parcels a few MB. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** What an adapter is handed besides its keys. */
export interface CourierTransport {
  /** Another API origin (a local stand-in, the courier's staging server). */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** An answer that arrived whole. */
export interface CourierAnswer {
  status: number;
  contentType: string;
  bytes: Uint8Array;
}

/** Sends one request and reads the whole answer, or throws a CourierError (timeout, unreachable, too large). */
export async function sendCourierRequest(
  what: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  transport: CourierTransport,
): Promise<CourierAnswer> {
  const timeoutMs = transport.timeoutMs ?? DEFAULT_COURIER_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await (transport.fetch ?? fetch)(url, { ...init, signal });
    const bytes = await readCapped(res, signal);
    if (bytes === null)
      throw new CourierError('malformed-answer', `${what} answered more than 8 MB`);
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', bytes };
  } catch (error) {
    if (error instanceof CourierError) throw error;
    if (signal.aborted || (error as Error).name === 'TimeoutError')
      throw new CourierError('timeout', `${what} did not answer within ${timeoutMs / 1000} s`);
    throw new CourierError('unreachable', `${what}: ${explainFetchError(error, url)}`);
  }
}

async function readCapped(res: Response, signal: AbortSignal): Promise<Uint8Array | null> {
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (signal.aborted) throw signal.reason as Error;
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

/** The answer's JSON, or a malformed-answer error. */
export function answerJson(what: string, answer: CourierAnswer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(answer.bytes)) as unknown;
  } catch {
    throw new CourierError('malformed-answer', `${what} answered HTTP ${answer.status}, not JSON`);
  }
}

/** Whether bytes are a PDF document (its header, as PDF 1.0 to 2.0 write it). */
export const isPdf = (bytes: Uint8Array): boolean =>
  bytes.length > 8 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/** Tracking numbers, trimmed and once each; refuses an empty or oversized list, or a bad number. */
export function trackingList(what: string, numbers: readonly string[]): string[] {
  const list = [...new Set(numbers.map((number) => number.trim()))];
  if (list.length === 0) throw new CourierError('invalid-input', `${what}: no tracking numbers`);
  if (list.length > MAX_PARCELS_PER_CALL)
    throw new CourierError(
      'invalid-input',
      `${what}: ${list.length} tracking numbers, at most ${MAX_PARCELS_PER_CALL} in one call`,
    );
  for (const number of list) checkTrackingNumber(what, number);
  return list;
}

/** Refuses a tracking number that could not be one (empty, too long, or not letters, digits and dashes). */
export function checkTrackingNumber(what: string, number: string): void {
  if (!/^[A-Za-z0-9-]{4,40}$/.test(number))
    throw new CourierError(
      'invalid-input',
      `${what}: "${number.slice(0, 40)}" is not a tracking number`,
    );
}

/** A list cut into batches of at most `size`. */
export function batches<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}
