import { randomUUID } from 'node:crypto';
import { verifyGoogleIdToken } from '../auth/google.ts';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, hashOtp, newOtp, otpMatches } from '../auth/otp.ts';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { signingKey } from '../auth/secret.ts';
import { issueToken, readToken } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../http.ts';
import { sendMail } from '../mail.ts';
import type { Store, UserRecord } from '../store/port.ts';
import {
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL,
  REGISTER_PER_ADDRESS,
  RESET_PER_ADDRESS,
  RESET_PER_EMAIL,
  clearThrottle,
  releaseThrottle,
  throttle,
} from './throttle.ts';

/** Messages the account endpoints answer with. */
export const USER_MESSAGES = {
  registered: 'Your account has been created. You are logged in!',
  loggedIn: 'You are logged in!',
  badCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  tooManyLogins: 'Too many login attempts. Please wait a few minutes and try again.',
  tooManyResets: 'Too many code requests. Please wait a few minutes and try again.',
  tooManyRegistrations: 'Too many sign-ups from your network. Please try again later.',
  otpSent: 'OTP sent to your email.',
  passwordUpdated: 'Password updated successfully. Please log in.',
  badOtp: 'The code is invalid or has expired. Please request a new one.',
  googleFailed: 'Google sign-in failed',
  googleOff: 'Google sign-in is not available right now.',
  signInRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;

/** What register, login and google-login answer on success (SPEC §7). */
export interface SessionAnswer {
  success: true;
  msg: string;
  token: string;
  user: { email: string; name: string };
}

type Deps = { store: Store; config: Config };

const factor = ({ config }: Deps) => ({ addressFactor: config.THROTTLE_ADDRESS_FACTOR });

async function session({ config }: Deps, user: UserRecord, msg: string): Promise<SessionAnswer> {
  const token = await issueToken({ userId: user.id, tokenVersion: user.tokenVersion }, signingKey(config));
  return { success: true, msg, token, user: { email: user.email, name: user.name } };
}

function newUser(fields: Pick<UserRecord, 'email' | 'name' | 'passwordHash' | 'googleSub'>): UserRecord {
  return { id: randomUUID(), tokenVersion: 0, createdAt: new Date().toISOString(), ...fields };
}

/** Creates an account with a hashed password and signs it in. */
export async function register(deps: Deps, input: { name: string; email: string; password: string }, ip: string): Promise<SessionAnswer> {
  await throttle(deps.store, [[REGISTER_PER_ADDRESS, ip]], USER_MESSAGES.tooManyRegistrations, factor(deps));
  if (await deps.store.users.findByEmail(input.email)) throw new HttpError(409, USER_MESSAGES.emailTaken);
  const user = await deps.store.users.create(
    newUser({ email: input.email, name: input.name, passwordHash: await hashPassword(input.password), googleSub: null }),
  );
  if (!user) throw new HttpError(409, USER_MESSAGES.emailTaken);
  return session(deps, user, USER_MESSAGES.registered);
}

/** Signs in by e-mail and password; unknown e-mail and wrong password answer alike. */
export async function login(deps: Deps, input: { email: string; password: string }, ip: string): Promise<SessionAnswer> {
  await throttle(deps.store, [[LOGIN_PER_EMAIL, input.email], [LOGIN_PER_ADDRESS, ip]], USER_MESSAGES.tooManyLogins, factor(deps));
  const user = await deps.store.users.findByEmail(input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !user.passwordHash || !ok) throw new HttpError(401, USER_MESSAGES.badCredentials);
  // Only failures count: many shoppers behind one address may sign in; a guesser still runs out.
  await Promise.all([clearThrottle(deps.store, LOGIN_PER_EMAIL, input.email), releaseThrottle(deps.store, LOGIN_PER_ADDRESS, ip)]);
  return session(deps, user, USER_MESSAGES.loggedIn);
}

/** Signs in with a verified Google ID token, creating or linking the account by e-mail. */
export async function googleLogin(deps: Deps, credential: string): Promise<SessionAnswer> {
  const clientId = deps.config.GOOGLE_CLIENT_ID;
  if (!clientId) throw new HttpError(503, USER_MESSAGES.googleOff);
  const identity = await verifyGoogleIdToken(credential, { clientId, jwksUrl: deps.config.GOOGLE_JWKS_URL });
  if (!identity) throw new HttpError(401, USER_MESSAGES.googleFailed);
  let user = await deps.store.users.findByEmail(identity.email);
  if (user && user.googleSub !== identity.sub) user = await deps.store.users.linkGoogle(user.id, identity.sub);
  user ??= await deps.store.users.create(newUser({ email: identity.email, name: identity.name, passwordHash: null, googleSub: identity.sub }));
  // A concurrent first sign-in may have created the account a moment ago.
  user ??= await deps.store.users.findByEmail(identity.email);
  if (!user) throw new HttpError(401, USER_MESSAGES.googleFailed);
  return session(deps, user, USER_MESSAGES.loggedIn);
}

/** Sends a reset code to a known e-mail; unknown e-mails get the same answer and no mail. */
export async function requestPasswordReset(deps: Deps, email: string, ip: string): Promise<{ success: true; msg: string }> {
  await throttle(deps.store, [[RESET_PER_EMAIL, email], [RESET_PER_ADDRESS, ip]], USER_MESSAGES.tooManyResets, factor(deps));
  const user = await deps.store.users.findByEmail(email);
  if (user) {
    const code = newOtp();
    await deps.store.otps.put({
      email: user.email,
      codeHash: hashOtp(user.email, code, signingKey(deps.config)),
      expiresAt: Date.now() + OTP_TTL_MS,
      attempts: 0,
    });
    await sendMail(deps.config, {
      to: user.email,
      subject: 'Your Bastaa password reset code',
      text: `Your Bastaa password reset code is ${code}.\n\nIt works once and expires in 10 minutes. If you did not ask to reset your password, you can ignore this e-mail.`,
      summary: `reset code ${code}`,
    });
  }
  return { success: true, msg: USER_MESSAGES.otpSent };
}

/** Sets a new password when the code is right, then ends every older session. */
export async function resetPassword(
  deps: Deps,
  input: { email: string; otp: string; newPassword: string },
): Promise<{ success: true; msg: string }> {
  // The attempt is used up before the code is compared, in one atomic step: parallel guesses
  // can never get more than OTP_MAX_ATTEMPTS comparisons out of one code.
  const otp = await deps.store.otps.spendAttempt(input.email, OTP_MAX_ATTEMPTS);
  if (!otp || !otpMatches(input.email, input.otp, otp.codeHash, signingKey(deps.config))) {
    if (otp && otp.attempts >= OTP_MAX_ATTEMPTS) await deps.store.otps.delete(input.email);
    throw new HttpError(400, USER_MESSAGES.badOtp);
  }
  // Consuming the code is the atomic step: of two racing correct submissions only one deletes it.
  if (!(await deps.store.otps.delete(input.email))) throw new HttpError(400, USER_MESSAGES.badOtp);
  const user = await deps.store.users.findByEmail(input.email);
  if (!user) throw new HttpError(400, USER_MESSAGES.badOtp);
  await deps.store.users.setPassword(user.id, await hashPassword(input.newPassword));
  return { success: true, msg: USER_MESSAGES.passwordUpdated };
}

/** The signed-in user a request's token names, or a 401. Old token versions are refused. */
export async function authenticate(deps: Deps, token: string | null): Promise<UserRecord> {
  if (!token) throw new HttpError(401, USER_MESSAGES.signInRequired);
  const claims = await readToken(token, signingKey(deps.config));
  const user = claims ? await deps.store.users.findById(claims.userId) : null;
  if (!claims || !user || user.tokenVersion !== claims.tokenVersion) throw new HttpError(401, USER_MESSAGES.sessionExpired);
  return user;
}
