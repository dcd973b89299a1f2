// The desk's browser calls (/api/desk/*), typed and routed by the endpoint table: every call whose
// router is 'desk', so calls the other desk parts add are callable here without a change. The staff
// token travels in the `token` header, never a cookie. Answers are parsed with the desk's answer
// schemas; a failure becomes DeskApiError carrying the server's message.
import './zod-jitless.ts';
import {
  ENDPOINTS,
  type AnswerOf,
  type EndpointName,
  type RequestOf,
} from '../lib/contract/endpoints.ts';
import { DESK_ANSWER_SCHEMAS } from '../lib/contract/desk.ts';
import { filenameOf } from '../lib/desk-file.ts';

/** A call of the desk (the endpoint table's router 'desk'). */
export type DeskCall = {
  [N in EndpointName]: (typeof ENDPOINTS)[N]['router'] extends 'desk' ? N : never;
}[EndpointName];

/** How long the desk waits for the API before giving up. */
export const DESK_TIMEOUT_MS = 20_000;

/** The message shown when no answer came at all. */
export const NETWORK_MESSAGE =
  'The desk could not reach the server. Check the connection and try again.';

/** A failed desk call: `status` 0 when no answer came; `message` is the server's when it gave one. */
export class DeskApiError extends Error {
  override name = 'DeskApiError';
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

type Parser = { safeParse(data: unknown): { success: boolean; data?: unknown } };
const PARSERS = DESK_ANSWER_SCHEMAS as unknown as Record<string, Parser>;

/** Sends desk call `name` with its typed body and the staff token; throws DeskApiError on failure. */
export async function deskCall<N extends DeskCall>(
  name: N,
  body: RequestOf<N>,
  token: string | null,
): Promise<AnswerOf<N>> {
  const spec = ENDPOINTS[name];
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.token = token;
  let res: Response;
  try {
    res = await fetch(spec.paths[0], {
      method: spec.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(DESK_TIMEOUT_MS),
    });
  } catch {
    throw new DeskApiError(NETWORK_MESSAGE, 0);
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // Not JSON (a proxy's error page): a failure without the server's message.
  }
  const message =
    data && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : null;
  if (!res.ok || (data as { success?: unknown } | null)?.success === false)
    throw new DeskApiError(message ?? `The server answered ${res.status}.`, res.status);
  const parser = PARSERS[spec.answer];
  const parsed = parser?.safeParse(data);
  if (!parsed?.success)
    throw new DeskApiError(`The server's answer was not understood.`, res.status);
  return parsed.data as AnswerOf<N>;
}

// File answers (the CSV export).

/** A desk call that answers a file rather than JSON. */
export type DeskFileCall = {
  [N in DeskCall]: (typeof ENDPOINTS)[N]['answer'] extends 'deskCsv' ? N : never;
}[DeskCall];

/** A file the desk received: its bytes and the name the server gave it. */
export interface DeskFile {
  blob: Blob;
  filename: string;
}

/**
 * Sends file call `name` with the staff token and answers the file with the server's filename; a
 * refusal (JSON with a message, e.g. a 400 for a bad period) throws DeskApiError with that message.
 */
export async function deskFile<N extends DeskFileCall>(
  name: N,
  body: RequestOf<N>,
  token: string | null,
): Promise<DeskFile> {
  const spec = ENDPOINTS[name];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.token = token;
  let res: Response;
  try {
    res = await fetch(spec.paths[0], {
      method: spec.method,
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(DESK_TIMEOUT_MS),
    });
  } catch {
    throw new DeskApiError(NETWORK_MESSAGE, 0);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    let message: string | null = null;
    try {
      const data = (await res.json()) as { message?: unknown };
      if (typeof data.message === 'string') message = data.message;
    } catch {
      // Not JSON: a failure without the server's message.
    }
    throw new DeskApiError(message ?? `The server answered ${res.status}.`, res.status);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    throw new DeskApiError(NETWORK_MESSAGE, 0);
  }
  return { blob, filename: filenameOf(res.headers.get('content-disposition'), `${name}.csv`) };
}
