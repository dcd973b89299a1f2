import { randomUUID } from 'node:crypto';
import { ACCOUNT_ANSWERS, ACCOUNT_MESSAGES } from '../../lib/messages.ts';
import type { LoginBody, RegisterBody } from '../../lib/contract/requests.ts';
import type { SessionAnswer } from '../../lib/contract/responses.ts';
import type { Deps } from '../deps.ts';
import { type WaitUntil, inBackground } from '../background.ts';
import { verifyGoogleIdToken } from './auth/google.ts';
import { decoyHash, hashPassword, verifyPassword } from './auth/passwords.ts';
import { signingKey, verifyingKeys } from '../secret.ts';
import { issueToken, readToken } from './auth/tokens.ts';
import { conflict, unauthenticated, unavailable } from '../errors.ts';
import { sendMailWithRetry } from '../mail.ts';
import type { UserRecord } from '../store/port.ts';
import { failedLoginsMail, googleLinkedMail } from './account-mail.ts';
import { readSettings } from '../operations/index.ts';
import {
  LOGIN_FAILURE_ALERT,
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL_ADDRESS,
  REGISTER_PER_ADDRESS,
  emailAtAddress,
  failureAlertDue,
  releaseThrottle,
  throttle,
  type Limit,
} from '../operations/index.ts';
import { refuseCommonPassword } from './auth/common-passwords.ts';

/** The per-address scaling of the throttles, from the configuration. */
export const factor = ({ config }: Deps) => ({ addressFactor: config.THROTTLE_ADDRESS_FACTOR });

async function session({ config }: Deps, user: UserRecord, msg: string): Promise<SessionAnswer> {
  const token = await issueToken(
    { userId: user.id, tokenVersion: user.tokenVersion },
    signingKey(config),
  );
  return { success: true, msg, token, user: { email: user.email, name: user.name } };
}

function newUser(
  fields: Pick<UserRecord, 'email' | 'name' | 'passwordHash' | 'googleSub' | 'emailVerified'>,
): UserRecord {
  return { id: randomUUID(), tokenVersion: 0, createdAt: new Date().toISOString(), ...fields };
}

/** Creates an account with a hashed password and signs it in. */
export async function register(
  deps: Deps,
  input: RegisterBody,
  ip: string,
): Promise<SessionAnswer> {
  refuseCommonPassword(input.password);
  await throttle(
    deps.store,
    [[REGISTER_PER_ADDRESS, ip]],
    ACCOUNT_ANSWERS.tooManyRegistrations,
    factor(deps),
  );
  if (await deps.store.users.findByEmail(input.email)) throw conflict(ACCOUNT_ANSWERS.emailTaken);
  const user = await deps.store.users.create(
    newUser({
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      googleSub: null,
      emailVerified: false,
    }),
  );
  if (!user) throw conflict(ACCOUNT_ANSWERS.emailTaken);
  return session(deps, user, ACCOUNT_ANSWERS.registered);
}

/**
 * Signs in by e-mail and password; unknown e-mail and wrong password answer alike. Wrong passwords
 * are capped per address and per (e-mail, address), never per e-mail alone, so nobody can keep the
 * owner out from elsewhere; the owner is mailed when logins to their account keep failing.
 */
export async function login(
  deps: Deps,
  input: LoginBody,
  ip: string,
  waitUntil?: WaitUntil,
): Promise<SessionAnswer> {
  const { store } = deps;
  const counted: [Limit, string][] = [
    [LOGIN_PER_ADDRESS, ip],
    [LOGIN_PER_EMAIL_ADDRESS, emailAtAddress(input.email, ip)],
  ];
  // Counted before the hash, so parallel guesses are all counted; taken back when not a failure.
  await throttle(store, counted, ACCOUNT_ANSWERS.tooManyLogins, factor(deps));
  const release = () =>
    Promise.all(counted.map(([limit, key]) => releaseThrottle(store, limit, key)));
  const user = await store.users.findByEmail(input.email);
  let ok: boolean;
  try {
    ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  } catch (error) {
    // Not served (the hashing queue is full): this was no guess, so it uses up no allowance.
    await release();
    throw error;
  }
  if (!user || !user.passwordHash || !ok) {
    await alertOwner(deps, user, input.email, ip, waitUntil);
    throw unauthenticated(ACCOUNT_ANSWERS.badCredentials);
  }
  // Only failures count: many shoppers behind one address may sign in; a guesser still runs out.
  await release();
  return session(deps, user, ACCOUNT_MESSAGES.loggedIn);
}

/**
 * Counts a failed login to `email`; at the LOGIN_FAILURE_ALERT-th in its window, mails the
 * account's owner (in the background). An unknown e-mail is counted alike, so it answers as fast.
 */
async function alertOwner(
  deps: Deps,
  user: UserRecord | null,
  email: string,
  ip: string,
  waitUntil?: WaitUntil,
): Promise<void> {
  const now = Date.now();
  const key = user?.id ?? `unknown:${email.toLowerCase()}`;
  if (!(await failureAlertDue(deps.store, LOGIN_FAILURE_ALERT, key, now)) || !user) return;
  const seen = {
    failures: LOGIN_FAILURE_ALERT.max,
    windowMinutes: LOGIN_FAILURE_ALERT.windowMs / 60_000,
    lastAddress: ip,
    lastAt: new Date(now),
  };
  inBackground(
    'failed logins mail',
    async () =>
      sendMailWithRetry(
        deps.config,
        failedLoginsMail(user.email, seen, (await readSettings(deps)).supportEmail),
      ),
    waitUntil,
  );
}

/**
 * Signs in with a verified Google ID token, creating or linking the account by e-mail. Google
 * proves the mailbox: linking drops a password nobody proved the mailbox for (whoever registered
 * the address may not own it), ends every earlier session and tells the owner by mail.
 */
export async function googleLogin(
  deps: Deps,
  credential: string,
  waitUntil?: WaitUntil,
): Promise<SessionAnswer> {
  const clientId = deps.config.GOOGLE_CLIENT_ID;
  if (!clientId) throw unavailable(ACCOUNT_ANSWERS.googleOff);
  const identity = await verifyGoogleIdToken(credential, {
    clientId,
    jwksUrl: deps.config.GOOGLE_JWKS_URL,
  });
  if (!identity) throw unauthenticated(ACCOUNT_MESSAGES.googleFailed);
  let user = await deps.store.users.findByEmail(identity.email);
  if (user && user.googleSub !== identity.sub) {
    const dropPassword = user.passwordHash !== null && user.emailVerified !== true;
    user = await deps.store.users.linkGoogle(user.id, identity.sub, { dropPassword });
    if (user) {
      const to = user.email;
      inBackground(
        'google link mail',
        async () =>
          sendMailWithRetry(
            deps.config,
            googleLinkedMail(to, dropPassword, (await readSettings(deps)).supportEmail),
          ),
        waitUntil,
      );
    }
  }
  user ??= await deps.store.users.create(
    newUser({
      email: identity.email,
      name: identity.name,
      passwordHash: null,
      googleSub: identity.sub,
      emailVerified: true,
    }),
  );
  // A concurrent first sign-in may have created the account a moment ago.
  user ??= await deps.store.users.findByEmail(identity.email);
  if (!user) throw unauthenticated(ACCOUNT_MESSAGES.googleFailed);
  return session(deps, user, ACCOUNT_MESSAGES.loggedIn);
}

/** The signed-in user a request's token names, or a 401. Old token versions are refused. */
export async function authenticate(deps: Deps, token: string | null): Promise<UserRecord> {
  if (!token) throw unauthenticated(ACCOUNT_ANSWERS.signInRequired);
  const claims = await readToken(token, verifyingKeys(deps.config));
  const user = claims ? await deps.store.users.findById(claims.userId) : null;
  if (!claims || !user || user.tokenVersion !== claims.tokenVersion)
    throw unauthenticated(ACCOUNT_MESSAGES.sessionExpired);
  return user;
}
