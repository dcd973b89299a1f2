// The store's port, one module per repository: each holds the repository's interface, with the
// contract an adapter must keep written above each method, and the records it owns.
export * from './audit.ts';
export * from './backup.ts';
export * from './carts.ts';
export * from './catalogue-versions.ts';
export * from './connections.ts';
export * from './gateway-events.ts';
export * from './limits.ts';
export * from './mail-failures.ts';
export * from './orders.ts';
export * from './otps.ts';
export * from './passkeys.ts';
export * from './products.ts';
export * from './push-subscriptions.ts';
export * from './rates.ts';
export * from './settings.ts';
export * from './staff.ts';
export * from './store.ts';
export * from './subscribers.ts';
export * from './users.ts';
