// The desk session's cookie. The browser keeps the desk token in an HttpOnly cookie, so one sign-in
// serves every tab (and the home-screen icon) for the token's 12 hours, and no script, the desk's
// own included, can read the token. SameSite=Strict keeps it off every request another site starts;
// Path=/api/desk keeps it off every call but the desk's; Secure everywhere but http://localhost,
// where `npm start` serves without TLS. The `token` header still works for the CLI and scripts.
import { parseCookie, stringifySetCookie } from 'cookie';
import { STAFF_TOKEN_TTL_SECONDS } from './staff-tokens.ts';
import { tokenFromRequest } from './tokens.ts';

/** The cookie's name. */
export const DESK_COOKIE = 'deskSession';
/** The only path the browser sends it to: the desk's calls. */
export const DESK_COOKIE_PATH = '/api/desk';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the cookie must be Secure: everywhere but plain http on this machine. */
function secureFor(req: Request): boolean {
  const url = new URL(req.url);
  return !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

/** The Set-Cookie that keeps `token` as the desk session, for as long as the token lives. */
export function deskSessionCookie(req: Request, token: string): string {
  return stringifySetCookie({
    name: DESK_COOKIE,
    value: token,
    httpOnly: true,
    secure: secureFor(req),
    sameSite: 'strict',
    path: DESK_COOKIE_PATH,
    maxAge: STAFF_TOKEN_TTL_SECONDS,
  });
}

/** The Set-Cookie that makes the browser forget the desk session. */
export function endedDeskSessionCookie(req: Request): string {
  return stringifySetCookie({
    name: DESK_COOKIE,
    value: '',
    httpOnly: true,
    secure: secureFor(req),
    sameSite: 'strict',
    path: DESK_COOKIE_PATH,
    maxAge: 0,
  });
}

/** The desk token a request carries and how: the `token` header (CLI, scripts) wins over the cookie. */
export function deskTokenOf(req: Request): { token: string; via: 'header' | 'cookie' } | null {
  const header = tokenFromRequest(req);
  if (header) return { token: header, via: 'header' };
  const cookies = req.headers.get('cookie');
  const token = cookies ? parseCookie(cookies)[DESK_COOKIE]?.trim() : undefined;
  return token ? { token, via: 'cookie' } : null;
}
