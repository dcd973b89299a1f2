// The desk's calls (/api/desk/*), typed and routed by the endpoint table: every call whose router
// is 'desk'. They go through the API client's one request, failure and parsing functions
// (./api.ts); this module holds only the desk's routes, its answer parsers' loader and the two
// calls whose answers are not JSON objects of the usual kind (a file, a photo's upload). The staff
// token travels in the `token` header, never a cookie.
import type { AnswerOf, DeskCall, ENDPOINTS, RequestOf } from '../lib/contract/endpoints.ts';
import { filenameOf } from '../lib/desk-file.ts';
import { CLIENT_MESSAGES } from '../lib/messages.ts';
import {
  ApiError,
  callRoute,
  jsonOf,
  networkFailure,
  parsersFrom,
  refusalOf,
  send,
  type CallOptions,
  type Caller,
  type Parsers,
} from './api.ts';
import { DESK_ROUTES } from './desk-routes.ts';

export type { DeskCall } from '../lib/contract/endpoints.ts';

/** How long a photo upload may take: a phone's photo on a slow connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The answers the desk's first drawing waits for, parsed by ./desk-start-answers.ts (a unit test
 * holds this list to it). Every other answer's parser is in ./desk-answers.ts.
 */
export const DESK_START_ANSWER_KEYS: readonly string[] = ['deskMe', 'deskCounts', 'deskOrders'];

// The desk's parsers load beside the first call that needs them: those of the first drawing's
// answers alone, so that drawing never waits for the schemas of every screen.
const startAnswers = parsersFrom(() =>
  import('./desk-start-answers.ts').then(
    ({ DESK_START_ANSWERS }) => DESK_START_ANSWERS as unknown as Parsers,
  ),
);
const deskAnswers = parsersFrom(() =>
  import('./desk-answers.ts').then(({ DESK_ANSWERS }) => DESK_ANSWERS as unknown as Parsers),
);

// Its failures show the server's words as they came: the reference appended for a shopper to
// quote is the storefront's.
const DESK: Caller = {
  parsers: (answer) => (DESK_START_ANSWER_KEYS.includes(answer) ? startAnswers() : deskAnswers()),
  quotesReference: false,
};

/** Sends desk call `name` with its typed body (and the staff token in `opts`), as `call` does. */
export function deskCall<N extends DeskCall>(
  name: N,
  body: RequestOf<N>,
  opts: CallOptions = {},
): Promise<AnswerOf<N>> {
  return callRoute(DESK_ROUTES[name], body, opts, DESK) as Promise<AnswerOf<N>>;
}

/** Uploads one photo's bytes, with its type (the editor names it in `opts.headers`). */
export function uploadPhoto(
  file: Blob,
  opts: CallOptions = {},
): Promise<AnswerOf<'deskPhotoUpload'>> {
  return callRoute(DESK_ROUTES.deskPhotoUpload, file, opts, DESK, UPLOAD_TIMEOUT_MS) as Promise<
    AnswerOf<'deskPhotoUpload'>
  >;
}

/** A desk call that answers a file rather than JSON. */
export type DeskFileCall = {
  [N in DeskCall]: (typeof ENDPOINTS)[N]['answer'] extends 'deskCsv' | 'deskPdf' ? N : never;
}[DeskCall];

/** A file the desk received: its bytes and the name the server gave it. */
export interface DeskFile {
  blob: Blob;
  filename: string;
}

/**
 * Sends file call `name` and answers the file with the server's filename; a refusal (JSON with a
 * message, e.g. a 400 for a bad period) throws ApiError with that message.
 */
export async function deskFile<N extends DeskFileCall>(
  name: N,
  body: RequestOf<N>,
  opts: CallOptions = {},
): Promise<DeskFile> {
  const res = await send(DESK_ROUTES[name], body, opts);
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) {
    const data = await jsonOf(res);
    throw refusalOf(res, data, DESK) ?? new ApiError(CLIENT_MESSAGES.unreadable, res.status, null);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    throw networkFailure();
  }
  return { blob, filename: filenameOf(res.headers.get('content-disposition'), `${name}.csv`) };
}
