// Ending sessions. A login token is a signed JWT the server does not keep, so it cannot be deleted;
// instead every token names the user's token version, and raising the version makes all tokens
// issued before it fail authentication (services/users.ts, authenticate).
import { ACCOUNT_MESSAGES } from '../../lib/messages.ts';
import type { MsgAnswer } from '../../lib/contract/responses.ts';
import type { Store } from '../store/port.ts';

/**
 * Signs a user out on the server: every token issued so far stops working, on this device and on
 * any other (a copied token dies with the rest). The user simply logs in again to get a new one.
 */
export async function endSessions(store: Store, userId: string): Promise<MsgAnswer> {
  await store.users.bumpTokenVersion(userId);
  return { success: true, msg: ACCOUNT_MESSAGES.signedOut };
}
