import type { ZodMiniType } from 'zod/mini';
import { tokenFromRequest } from './auth/tokens.ts';
import { loadConfig, type Config } from './config.ts';
import { parseBody, readJson, requireMethod } from './http.ts';
import { authenticate } from './services/users.ts';
import { getStore } from './store/index.ts';
import type { Store, UserRecord } from './store/port.ts';

/** What every service needs: the store and the validated configuration. */
export interface Deps {
  store: Store;
  config: Config;
}

/** The process-wide dependencies of a function invocation. */
export async function getDeps(): Promise<Deps> {
  const config = loadConfig();
  return { store: await getStore(), config };
}

/** A POST body read (size-limited JSON) and validated with a request schema from src/lib. */
export async function readPost<T>(req: Request, schema: ZodMiniType<T>): Promise<T> {
  requireMethod(req, 'POST');
  return parseBody(schema, await readJson(req));
}

/** The signed-in caller, or a 401; the method is checked first so a GET is a 405, not a 401. */
export async function signedIn(req: Request, deps: Deps): Promise<UserRecord> {
  requireMethod(req, 'POST');
  return authenticate(deps, tokenFromRequest(req));
}
