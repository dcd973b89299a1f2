// The owner's connections on the desk (couriers, WhatsApp, the wallets): loaded and saved by the
// owner only. The store holds the server's view, secrets only as set or not; the last save's
// trial of the keys (what the provider answered) is kept beside it for the screen to say.
import { atom } from 'nanostores';
import type { AnswerOf } from '../lib/contract/endpoints.ts';
import type { ConnectionName } from '../lib/connections.ts';
import { callDesk } from './desk-call.ts';
import { act, load, resourceAtom } from './desk-resource.ts';

/** The connections, as last loaded or saved. */
export const $connections = resourceAtom<AnswerOf<'deskConnections'>>();

/** What the provider answered when the last save tried a connection's keys, by connection. */
export const $connectionChecks = atom<
  Partial<Record<ConnectionName, { ok: boolean; text: string }>>
>({});

/** Loads the connections. */
export const loadConnections = (): Promise<boolean> =>
  load($connections, () => callDesk('deskConnections', {}));

/** Sets or removes fields of one connection; answers whether the server saved them. */
export async function saveConnection(body: {
  connection: ConnectionName;
  set?: Record<string, string>;
  remove?: string[];
}): Promise<boolean> {
  const saved = await act($connections, () =>
    callDesk('deskConnectionSave', { set: {}, remove: [], ...body }),
  );
  if (!saved) return false;
  $connections.set({ ...$connections.get(), data: saved });
  const checks = { ...$connectionChecks.get() };
  if (saved.check) checks[body.connection] = saved.check;
  else delete checks[body.connection];
  $connectionChecks.set(checks);
  return true;
}
