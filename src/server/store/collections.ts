// Which of the store's collections a backup holds, and why the others are left out. One entry per
// repository of the port (src/server/store/port/store.ts `Store`): tsc refuses a repository without an
// entry, and tests/api/backup.test.ts compares this list with the repositories an adapter really
// opens. A new collection is one line here; its adapter's table or collection has the same name (SQLite
// spells a two-word name with an underscore: mail_failures).
import type { Store } from './port.ts';

/** The port's repositories: every member of Store but its kind, close and the backup access. */
export type RepositoryName = Exclude<keyof Store, 'kind' | 'close' | 'backup'>;

/** Whether a collection is backed up, and why. */
export interface CollectionPolicy {
  backup: boolean;
  why: string;
}

/** Every repository of the store, backed up or not, with the reason. */
export const COLLECTIONS: Readonly<Record<RepositoryName, CollectionPolicy>> = {
  products: { backup: true, why: 'the catalogue the pages are built from' },
  users: { backup: true, why: 'shopper accounts: password hashes, settings, token versions' },
  carts: { backup: true, why: 'what signed-in shoppers are about to buy' },
  orders: { backup: true, why: 'the business itself: orders, their status and timelines' },
  otps: {
    backup: false,
    why: 'reset codes live 10 minutes; a restored one would be stale, or revive a used one',
  },
  limits: {
    backup: false,
    why: 'rate-limit counters live minutes to hours; a restore starts them afresh',
  },
  rates: {
    backup: true,
    why: 'the last good exchange rates and refused-rate state, so orders abroad resume at once',
  },
  subscribers: { backup: true, why: 'newsletter consent, with its confirmation record' },
  staff: { backup: true, why: 'desk members, roles and sealed authenticator keys' },
  audit: { backup: true, why: 'who did what at the desk: evidence that must outlive a crash' },
  settings: { backup: true, why: "the owner's contacts, orders address and bank details" },
  connections: {
    backup: true,
    why: "the owner's courier, WhatsApp and wallet keys, sealed: a restore opens them with the same JWT_SECRET",
  },
  mailFailures: {
    backup: true,
    why: 'order mails that failed and wait to be resent: losing them loses the promise to resend',
  },
  catalogueVersions: {
    backup: true,
    why: 'the published catalogue: what the pages show and what orders are priced from',
  },
  gatewayEvents: {
    backup: true,
    why: 'card webhook events already taken in: a restored shop must not process one twice',
  },
  pushSubscriptions: {
    backup: false,
    why: "devices' push addresses, which their push services retire: a member turns alerts on again in a tap",
  },
  passkeys: { backup: true, why: "desk members' passkeys: public keys and counters, no secret" },
  passkeyChallenges: {
    backup: false,
    why: 'passkey challenges live 5 minutes; a restored one could be signed a second time',
  },
};

/** The collections a backup holds, in the order they are written and restored. */
export const BACKED_UP: readonly RepositoryName[] = (
  Object.keys(COLLECTIONS) as RepositoryName[]
).filter((name) => COLLECTIONS[name].backup);

/** Whether `name` is a collection a backup holds (adapters accept no other name). */
export function isBackedUp(name: string): name is RepositoryName {
  return (BACKED_UP as readonly string[]).includes(name);
}
