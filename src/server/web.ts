// The web layer: turns a Request into a call of the endpoint table (src/lib/contract/endpoints.ts)
// and a service's result or domain error into a Response. Everything HTTP lives here: methods,
// content types, origins, body limits, the token header, status codes and caching headers.
import type { ZodMiniType } from 'zod/mini';
import {
  ENDPOINTS,
  type EndpointName,
  type EndpointSpec,
  type RouterName,
} from '../lib/contract/endpoints.ts';
import { REQUESTS } from '../lib/contract/requests.ts';
import { SERVER_MESSAGES } from '../lib/messages.ts';
import {
  deskSessionCookie,
  deskTokenOf,
  endedDeskSessionCookie,
  tokenFromRequest,
} from './accounts/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { getDeps } from './deps.ts';
import { DomainError, tooLarge, type FailureKind } from './errors.ts';
import {
  API_SECURITY_HEADERS,
  MAX_BODY_BYTES,
  json,
  parseBody,
  readJson,
  readTextCapped,
  secured,
  type FunctionContext,
  type Reply,
} from './http.ts';
import { SERVICES } from './routes.ts';
import {
  currentRequest,
  logEvent,
  nameCall,
  referenceOf,
  requestIdOf,
  withRequest,
  type RequestContext,
} from './request-log.ts';
import { authenticate } from './accounts/index.ts';
import { authenticateStaff } from './accounts/index.ts';
import { alertFailedCall, reportCountedAlertsAfter } from './web-alerts.ts';
import { StoreUnavailableError } from './store/port.ts';

/** The status code of each kind of domain error. */
export const STATUS_OF: Readonly<Record<FailureKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unprocessable: 422,
  'rate-limited': 429,
  unavailable: 503,
};

/** A function handler as Netlify calls it (and `npm start` and the tests). */
export type Handler = (req: Request, context?: FunctionContext) => Promise<Response>;

/** The client's address as the platform reports it. */
export function clientAddress(req: Request, contextIp?: string): string {
  return (
    contextIp ||
    req.headers.get('x-nf-client-connection-ip') ||
    req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    'unknown'
  );
}

/** The table's calls a router serves: by path (aliases included), then by method. */
function routesOf(router: RouterName): Map<string, Map<string, EndpointName>> {
  const routes = new Map<string, Map<string, EndpointName>>();
  for (const [name, spec] of Object.entries(ENDPOINTS) as [EndpointName, EndpointSpec][]) {
    if (spec.router !== router) continue;
    for (const path of spec.paths) {
      const methods = routes.get(path) ?? new Map<string, EndpointName>();
      methods.set(spec.method, name);
      routes.set(path, methods);
    }
  }
  return routes;
}

/** The failure answer `{ success: false, message }` (plus `msg` on account calls). */
function failure(
  status: number,
  message: string,
  withMsg: boolean,
  headers: Record<string, string> = {},
): Response {
  // A 5xx is unexpected for the shopper: it carries the reference they can quote to the shop.
  const ref = status >= 500 ? currentReference() : undefined;
  const body = withMsg ? { success: false, message, msg: message } : { success: false, message };
  return json(ref ? { ...body, reference: ref } : body, { status, headers });
}

const currentReference = () => currentRequest()?.ref;

const reported = new Set<string>();
/** Logs a configuration error once per instance, naming every missing or bad variable. */
function reportConfigError(error: ConfigError): void {
  const line = `refusing to serve: ${error.problems.join('; ')}`;
  if (reported.has(line)) return;
  reported.add(line);
  logEvent('error', `[config] ${line}`, { problems: error.problems });
}

/** Maps anything a call threw to its answer, in one place; internals never reach the caller. */
function answerFailure(error: unknown, withMsg: boolean): Response {
  if (error instanceof DomainError) {
    const retry: Record<string, string> =
      error.retryAfterSeconds === undefined
        ? {}
        : { 'Retry-After': String(error.retryAfterSeconds) };
    return failure(STATUS_OF[error.kind], error.message, withMsg, retry);
  }
  if (error instanceof ConfigError) {
    reportConfigError(error);
    return failure(503, SERVER_MESSAGES.unavailable, withMsg, { 'Retry-After': '300' });
  }
  if (error instanceof StoreUnavailableError) {
    logEvent('error', 'store unavailable', { error: error.message });
    return failure(503, SERVER_MESSAGES.unavailable, withMsg, { 'Retry-After': '30' });
  }
  logEvent('error', 'unexpected failure', { error });
  return failure(500, SERVER_MESSAGES.failed, withMsg);
}

/**
 * Whether a browser sent this request from another site (no Origin: not a browser's cross-site
 * call). `listed` are the other front ends the owner allows (ALLOWED_ORIGINS), never on the desk.
 */
function isForeign(req: Request, site: string | undefined, listed: readonly string[]): boolean {
  const origin = req.headers.get('origin');
  if (origin === null) return false;
  const allowed = new Set([new URL(req.url).origin, ...listed]);
  if (site) allowed.add(new URL(site).origin);
  return !allowed.has(origin);
}

/** The headers other front ends' calls send: the login token, an order's key and the body's type. */
export const CORS_REQUEST_HEADERS = 'token, idempotency-key, content-type';

/** The request's Origin when it is one the owner listed and the call is not the desk's, else null. */
function listedOrigin(req: Request, router: RouterName, listed: readonly string[]): string | null {
  const origin = req.headers.get('origin');
  return origin !== null && router !== 'desk' && listed.includes(origin) ? origin : null;
}

/**
 * An answer readable by a listed origin: it names that origin (a token travels in a header, never
 * a cookie, so no credentials), exposes Retry-After and X-Request-Id, and varies by Origin so a
 * cache never hands one origin's answer to another.
 */
function withCors(response: Response, origin: string | null, anyListed: boolean): Response {
  if (!origin && !anyListed) return response;
  let answer = response;
  try {
    varyOnOrigin(answer.headers);
  } catch {
    // A Response with immutable headers: copy it to add them.
    answer = new Response(response.body, response);
    varyOnOrigin(answer.headers);
  }
  if (origin) {
    answer.headers.set('Access-Control-Allow-Origin', origin);
    answer.headers.set('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
  }
  return answer;
}

/**
 * Names Origin in Vary unless the answer already does (a refusal or a preflight names it itself):
 * a cache reads a repeated name as one, but a proxy that compares the header as text does not.
 */
function varyOnOrigin(headers: Headers): void {
  const current = headers.get('Vary');
  const named = (current ?? '').split(',').map((name) => name.trim().toLowerCase());
  if (named.includes('origin') || named.includes('*')) return;
  headers.set('Vary', current ? `${current}, Origin` : 'Origin');
}

/**
 * The answer to a CORS preflight (OPTIONS with Origin): 204 with what a listed origin may send to
 * a call that is not the desk's; 403 for any other origin, as its real request would get.
 */
function preflight(
  req: Request,
  router: RouterName,
  methods: Map<string, EndpointName>,
  listed: readonly string[],
): Response {
  const origin = listedOrigin(req, router, listed);
  const asked = req.headers.get('access-control-request-method') ?? '';
  if (!origin || !methods.has(asked))
    return failure(403, SERVER_MESSAGES.foreignOrigin, false, { Vary: 'Origin' });
  return new Response(null, {
    status: 204,
    headers: {
      ...API_SECURITY_HEADERS,
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': [...methods.keys()].join(', '),
      'Access-Control-Allow-Headers': CORS_REQUEST_HEADERS,
      'Access-Control-Max-Age': '600',
      Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    },
  });
}

const MEDIA_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded' };

/**
 * Whether a POST body is sent as the call takes it: JSON for every call the shop's script makes
 * (a form or text/plain body is what a foreign page can send without asking), a form for a page's.
 */
function hasMediaType(req: Request, kind: 'json' | 'form'): boolean {
  const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === MEDIA_TYPES[kind];
}

/** A form body of at most MAX_BODY_BYTES as a plain object of its fields. */
async function readForm(req: Request): Promise<Record<string, string>> {
  const text = await readTextCapped(req, MAX_BODY_BYTES);
  if (text === null) throw tooLarge(SERVER_MESSAGES.bodyTooLarge);
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * The function that serves a router's calls: it finds the call by path (a JSON 404 when none),
 * checks the method (405), the content type (415) and the origin (403) of a POST, reads and
 * validates the body (413, 400), authenticates the caller the call needs (401), runs the call's
 * service, and maps a domain error to its status code and message.
 */
export function serveRouter(router: RouterName): Handler {
  const serve = answerCall(router, routesOf(router));
  return (req, context) => {
    const requestId = requestIdOf(req);
    const request: RequestContext = { requestId, ref: referenceOf(requestId) };
    return withRequest(request, async () => {
      const response = await answerLogged(request, req, () => serve(req, context));
      // Alert mails counted in a window that has ended get their summary now.
      reportCountedAlertsAfter(context);
      return response;
    });
  };
}

/**
 * Answers a request with its id in `X-Request-Id`, and logs one line for it: the call, the method,
 * the path, the outcome (status) and the duration in milliseconds.
 */
async function answerLogged(
  request: RequestContext,
  req: Request,
  serve: () => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  let response = await serve();
  try {
    response.headers.set('X-Request-Id', request.requestId);
  } catch {
    // A Response with immutable headers (Response.redirect, a fetched one): copy it to add the id.
    response = new Response(response.body, response);
    response.headers.set('X-Request-Id', request.requestId);
  }
  const { status } = response;
  logEvent(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info', 'api', {
    method: req.method,
    path: new URL(req.url).pathname,
    status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
  return response;
}

function answerCall(router: RouterName, routes: Map<string, Map<string, EndpointName>>): Handler {
  const answer = answerWith(router, routes);
  return async (req, context) => {
    const response = await answer(req, context);
    const listed = listedOrigins(router);
    return withCors(response, listedOrigin(req, router, listed), listed.length > 0);
  };
}

/** The origins a router's answers may be read by: ALLOWED_ORIGINS, never for the desk. */
function listedOrigins(router: RouterName): readonly string[] {
  if (router === 'desk') return [];
  try {
    return loadConfig().ALLOWED_ORIGINS;
  } catch {
    // A deploy that lacks a variable answers 503, readable by nobody else.
    return [];
  }
}

function answerWith(router: RouterName, routes: Map<string, Map<string, EndpointName>>): Handler {
  return async (req, context) => {
    const methods = routes.get(new URL(req.url).pathname);
    const name = methods?.get(req.method);
    const spec: EndpointSpec | undefined = name ? ENDPOINTS[name] : undefined;
    if (name) nameCall(name);
    const withMsg = (spec ?? (methods && ENDPOINTS[[...methods.values()][0]!]))?.msg ?? false;
    const desk = router === 'desk' ? deskTokenOf(req) : null;
    try {
      // Like every call, the JSON 404 refuses to answer (503) on a deploy that lacks a variable.
      const config = loadConfig();
      const listed = listedOrigins(router);
      if (!methods) return failure(404, SERVER_MESSAGES.notFound, false);
      if (req.method === 'OPTIONS' && req.headers.get('origin') !== null)
        return preflight(req, router, methods, listed);
      if (!name || !spec) {
        const allowed = [...methods.keys()].join(', ');
        return failure(405, SERVER_MESSAGES.methodNotAllowed(allowed), withMsg, {
          Allow: allowed,
        });
      }
      const kind = spec.body ?? 'json';
      if (spec.method === 'POST') {
        // A photo's type and size are checked by its service, after sign-in; a signed webhook's
        // bytes are the signature's to judge, whatever type they claim.
        if (kind !== 'photo' && kind !== 'signed' && !hasMediaType(req, kind))
          return failure(
            415,
            kind === 'form' ? SERVER_MESSAGES.notForm : SERVER_MESSAGES.notJson,
            withMsg,
          );
        if (isForeign(req, config.SITE_URL, listed))
          return failure(403, SERVER_MESSAGES.foreignOrigin, withMsg);
        // A cookie goes with whatever request the browser sends, so a call it authenticates must
        // also show it came from the desk's own pages: browsers send Origin on every POST.
        if (
          desk?.via === 'cookie' &&
          spec.access !== 'anyone' &&
          req.headers.get('origin') === null
        )
          return failure(403, SERVER_MESSAGES.foreignOrigin, withMsg);
      }
      const deps = await getDeps();
      const user =
        spec.access === 'shopper' ? await authenticate(deps, tokenFromRequest(req)) : null;
      // Desk calls: a staff token (its own audience), from the header or the session cookie.
      const staff =
        spec.access === 'anyone' || spec.access === 'shopper'
          ? null
          : await authenticateStaff(deps, desk?.token ?? null, spec.access);
      const body =
        spec.request === null
          ? undefined
          : parseBody(
              REQUESTS[spec.request] as ZodMiniType<unknown>,
              kind === 'form' ? await readForm(req) : await readJson(req),
            );
      const run = SERVICES[name] as (call: unknown) => Promise<unknown>;
      const result = await run({
        req,
        deps,
        user,
        staff,
        body,
        ip: clientAddress(req, context?.ip),
        waitUntil: context?.waitUntil?.bind(context),
      });
      return spec.session ? withSessionCookie(req, spec.session, result) : toResponse(result);
    } catch (error) {
      // An order not saved, or the store unreachable, mails the operator (in the background).
      alertFailedCall(name, error, context);
      // A refused session cookie is left alone: a late refusal of an ended session must not clear
      // the newer session another tab has since signed in to. It ends at its Max-Age anyway.
      return answerFailure(error, withMsg);
    }
  };
}

/**
 * A desk session's answer: the token a sign-in opened goes into the HttpOnly cookie and out of
 * the body (no script ever holds it); a sign-out clears the cookie.
 */
function withSessionCookie(req: Request, session: 'opens' | 'ends', result: unknown): Response {
  if (session === 'ends')
    return json(result, { headers: { 'Set-Cookie': endedDeskSessionCookie(req) } });
  const { token, ...body } = result as { token: string };
  return json(body, { headers: { 'Set-Cookie': deskSessionCookie(req, token) } });
}

/** A service's result as the answer: a ready Response (pages, cacheable bodies), a Reply, or a JSON body. */
function toResponse(result: unknown): Response {
  if (result instanceof Response) return secured(result);
  if (isReply(result)) return json(result.body, { status: result.status, headers: result.headers });
  return json(result);
}

function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && (value as { reply?: unknown }).reply === 1;
}
