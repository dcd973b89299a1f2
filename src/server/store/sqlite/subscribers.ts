// Newsletter subscriptions on SQLite: one row per e-mail, the confirmation link's token hash
// unique so a link finds its subscription.
import {
  PENDING_SUBSCRIPTION_MS,
  subscriptionLinkWorks,
  type SubscriberRecord,
  type SubscriberRepository,
} from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The newsletter subscribers over `db`. */
export function sqliteSubscribers({ db, tx }: SqliteContext): SubscriberRepository {
  const q = {
    subscriberGet: db.prepare('SELECT doc FROM subscribers WHERE email = ?'),
    subscriberByToken: db.prepare('SELECT doc FROM subscribers WHERE token_hash = ?'),
    // A pending row whose link was mailed before the cut-off (records without requestedAt count
    // from createdAt).
    subscriberPurge: db.prepare(
      "DELETE FROM subscribers WHERE json_extract(doc, '$.status') = 'pending' AND COALESCE(json_extract(doc, '$.requestedAt'), json_extract(doc, '$.createdAt')) < ?",
    ),
    subscriberPut: db.prepare(
      'INSERT INTO subscribers (email, token_hash, doc) VALUES (?, ?, ?) ON CONFLICT(email) DO UPDATE SET token_hash = excluded.token_hash, doc = excluded.doc',
    ),
  };
  return {
    async request(email, tokenHash, now = Date.now()) {
      return tx(() => {
        const key = email.toLowerCase();
        const current = parse<SubscriberRecord>(q.subscriberGet.get(key) as Row | undefined);
        if (current?.status === 'confirmed') return current;
        const next: SubscriberRecord = {
          email: key,
          status: 'pending',
          tokenHash,
          createdAt: current?.createdAt ?? now,
          requestedAt: now,
          confirmedAt: null,
        };
        q.subscriberPut.run(key, tokenHash, JSON.stringify(next));
        return next;
      });
    },
    async findPending(tokenHash, now = Date.now()) {
      const current = parse<SubscriberRecord>(
        q.subscriberByToken.get(tokenHash) as Row | undefined,
      );
      return current && subscriptionLinkWorks(current, now) ? current : null;
    },
    async confirm(tokenHash, now = Date.now()) {
      return tx(() => {
        const current = parse<SubscriberRecord>(
          q.subscriberByToken.get(tokenHash) as Row | undefined,
        );
        if (!current || !subscriptionLinkWorks(current, now)) return null;
        const next: SubscriberRecord = {
          ...current,
          status: 'confirmed',
          tokenHash: null,
          confirmedAt: now,
        };
        q.subscriberPut.run(current.email, null, JSON.stringify(next));
        return next;
      });
    },
    async purgeExpired(now = Date.now()) {
      return Number(q.subscriberPurge.run(now - PENDING_SUBSCRIPTION_MS).changes);
    },
    async get(email) {
      return parse<SubscriberRecord>(q.subscriberGet.get(email.toLowerCase()) as Row | undefined);
    },
  };
}
