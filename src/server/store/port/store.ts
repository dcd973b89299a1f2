// The whole port: every repository together, and the one error an outage becomes.
import type { AuditRepository } from './audit.ts';
import type { BackupRepository } from './backup.ts';
import type { CartRepository } from './carts.ts';
import type { CatalogueVersionRepository } from './catalogue-versions.ts';
import type { ConnectionRepository } from './connections.ts';
import type { GatewayEventRepository } from './gateway-events.ts';
import type { LimitRepository } from './limits.ts';
import type { MailFailureRepository } from './mail-failures.ts';
import type { OrderRepository } from './orders.ts';
import type { OtpRepository } from './otps.ts';
import type { ChallengeRepository, PasskeyRepository } from './passkeys.ts';
import type { ProductRepository } from './products.ts';
import type { PushSubscriptionRepository } from './push-subscriptions.ts';
import type { RateRepository } from './rates.ts';
import type { SettingsRepository } from './settings.ts';
import type { StaffRepository } from './staff.ts';
import type { SubscriberRepository } from './subscribers.ts';
import type { UserRepository } from './users.ts';

/** The whole persistence port the services depend on. */
export interface Store {
  readonly kind: 'sqlite' | 'mongo';
  products: ProductRepository;
  users: UserRepository;
  carts: CartRepository;
  orders: OrderRepository;
  otps: OtpRepository;
  limits: LimitRepository;
  rates: RateRepository;
  subscribers: SubscriberRepository;
  staff: StaffRepository;
  audit: AuditRepository;
  // Shop settings.
  settings: SettingsRepository;
  /** The owner's connections to couriers, WhatsApp and the wallets, their keys sealed. */
  connections: ConnectionRepository;
  mailFailures: MailFailureRepository;
  close(): Promise<void>;
  // Backups.
  backup: BackupRepository;
  // Catalogue versions.
  catalogueVersions: CatalogueVersionRepository;
  // Card gateway webhooks.
  gatewayEvents: GatewayEventRepository;
  // Desk members' devices that get alerts (Web Push).
  pushSubscriptions: PushSubscriptionRepository;
  // Desk members' passkeys and their ceremonies' challenges.
  passkeys: PasskeyRepository;
  passkeyChallenges: ChallengeRepository;
}

/**
 * Thrown by adapters when the database cannot be reached, opened or written: each adapter turns its
 * own driver's outage errors into this one (guardOutages), so nothing above the store reads a
 * driver's error names. `message` is for the log; callers answer with SERVER_MESSAGES.unavailable.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/**
 * Every repository method of `store`, with the errors `toOutage` recognises turned into
 * StoreUnavailableError (it answers the error to throw, or null for any other error).
 */
export function guardOutages(store: Store, toOutage: (error: unknown) => string | null): Store {
  const wrapped: Record<string, unknown> = { ...store };
  for (const [name, repo] of Object.entries(store)) {
    if (typeof repo !== 'object' || repo === null) continue;
    wrapped[name] = Object.fromEntries(
      Object.entries(repo as Record<string, (...args: unknown[]) => Promise<unknown>>).map(
        ([method, fn]) => [
          method,
          async (...args: unknown[]) => {
            try {
              return await fn(...args);
            } catch (error) {
              const outage = error instanceof StoreUnavailableError ? null : toOutage(error);
              throw outage === null ? error : new StoreUnavailableError(outage);
            }
          },
        ],
      ),
    );
  }
  return wrapped as unknown as Store;
}
