// Expected failures of the shop's services, as values of the domain: what went wrong, in words the
// shopper can read, with no HTTP in sight. The web layer (src/server/web.ts) maps each kind to a
// status code in one place; the CLI prints the message; the coming staff desk does either.

/** What kind of expected failure a service met. */
export type FailureKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unprocessable'
  | 'too-large'
  | 'rate-limited'
  | 'unavailable';

/** An expected failure: `message` is shown to the caller as it is; `retryAfterSeconds` says when to try again. */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly kind: FailureKind;
  readonly retryAfterSeconds: number | undefined;
  constructor(kind: FailureKind, message: string, retryAfterSeconds?: number) {
    super(message);
    this.kind = kind;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The request is malformed or breaks a rule (a bad e-mail, an unknown colour). */
export const invalid = (message: string) => new DomainError('invalid', message);
/** The caller is not signed in, or the session has ended. */
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
/** The caller is signed in but may not do this. */
export const forbidden = (message: string) => new DomainError('forbidden', message);
/** The thing named does not exist, or is not the caller's. */
export const notFound = (message: string) => new DomainError('not-found', message);
/** The thing exists but its state forbids the change (an order already shipped, an e-mail taken). */
export const conflict = (message: string) => new DomainError('conflict', message);
/** The request is well formed but contradicts an earlier one (an idempotency key reused for another order). */
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
/** The request is larger than the shop accepts. */
export const tooLarge = (message: string) => new DomainError('too-large', message);
/** Too many attempts: try again after `seconds`. */
export const rateLimited = (message: string, seconds: number) =>
  new DomainError('rate-limited', message, seconds);
/** A part the shop depends on is down or busy: try again after `seconds`. */
export const unavailable = (message: string, seconds?: number) =>
  new DomainError('unavailable', message, seconds);
