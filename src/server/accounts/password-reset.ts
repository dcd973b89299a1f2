import type { ResetVerifyBody } from '../../lib/contract/requests.ts';
import type { MsgAnswer } from '../../lib/contract/responses.ts';
import type { Deps } from '../deps.ts';
import { type WaitUntil, inBackground } from '../background.ts';
import {
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  hashOtp,
  newOtpNonce,
  otpFor,
  otpMatches,
} from './auth/otp.ts';
import { hashPassword } from './auth/passwords.ts';
import { signingKey, verifyingKeys } from '../secret.ts';
import { invalid } from '../errors.ts';
import { sendMailWithRetry } from '../mail.ts';
import type { OtpRecord } from '../store/port.ts';
import { passwordChangedMail, resetCodeMail } from './account-mail.ts';
import { readSettings } from '../operations/index.ts';
import {
  LOGIN_PER_EMAIL_ADDRESS,
  emailAtAddress,
  RESET_MAIL_PER_EMAIL,
  RESET_PER_ADDRESS,
  VERIFY_PER_ADDRESS,
  VERIFY_SLOWDOWN,
  clearSlowdown,
  slowDown,
  throttle,
  withinLimit,
} from '../operations/index.ts';
import { ACCOUNT_ANSWERS, ACCOUNT_MESSAGES } from '../../lib/messages.ts';
import { factor } from './users.ts';
import { refuseCommonPassword } from './auth/common-passwords.ts';

/**
 * Answers a reset request. Known and unknown e-mails get the same answer in the same time: the
 * look-up, the code and the mail all happen after the answer (`waitUntil`), so neither timing nor
 * a failing mail server tells whether an account exists. Only the per-address cap answers 429.
 */
export async function requestPasswordReset(
  deps: Deps,
  email: string,
  ip: string,
  waitUntil?: WaitUntil,
): Promise<MsgAnswer> {
  await throttle(
    deps.store,
    [[RESET_PER_ADDRESS, ip]],
    ACCOUNT_ANSWERS.tooManyResets,
    factor(deps),
  );
  inBackground('reset code mail', () => mailResetCode(deps, email), waitUntil);
  return { success: true, msg: ACCOUNT_MESSAGES.otpSent };
}

/**
 * Mails the live code of a known e-mail, at most once a minute. A request while a code lives mails
 * that same code again (its attempts left unchanged), so nobody can replace the owner's code, and
 * a request within the minute mails nothing: the owner's mailbox already holds the code.
 */
async function mailResetCode(deps: Deps, email: string, now = Date.now()): Promise<void> {
  const user = await deps.store.users.findByEmail(email);
  if (!user) return;
  if (!(await withinLimit(deps.store, RESET_MAIL_PER_EMAIL, user.email, now))) return;
  const otp = await liveOtp(deps, user.email, now);
  await sendMailWithRetry(
    deps.config,
    resetCodeMail(user.email, liveCode(deps, user.email, otp), otp.expiresAt - now),
  );
}

/**
 * The code of a stored nonce, under the key its hash was made with: a code issued just before a
 * JWT_SECRET rotation is mailed again as it was (the current key would give another code).
 */
function liveCode(deps: Deps, email: string, otp: OtpRecord): string {
  for (const key of verifyingKeys(deps.config)) {
    const code = otpFor(email, otp.nonce!, key);
    if (otpMatches(email, code, otp.codeHash, key)) return code;
  }
  return otpFor(email, otp.nonce!, signingKey(deps.config));
}

/** The e-mail's code while it can still be used, or a new one (a fresh nonce) stored in its place. */
async function liveOtp(deps: Deps, email: string, now: number): Promise<OtpRecord> {
  const current = await deps.store.otps.get(email);
  if (current?.nonce && current.expiresAt > now && current.attempts < OTP_MAX_ATTEMPTS)
    return current;
  const nonce = newOtpNonce();
  const otp: OtpRecord = {
    email,
    codeHash: hashOtp(
      email,
      otpFor(email, nonce, signingKey(deps.config)),
      signingKey(deps.config),
    ),
    expiresAt: now + OTP_TTL_MS,
    attempts: 0,
    issuedAt: now,
    nonce,
  };
  await deps.store.otps.put(otp);
  return otp;
}

/**
 * Sets a new password when the code is right, ends every older session, lifts the login limit on
 * the e-mail from this address and tells the owner by mail. Checks are capped per address and slowed per e-mail.
 */
export async function resetPassword(
  deps: Deps,
  input: ResetVerifyBody,
  ip: string,
  waitUntil?: WaitUntil,
): Promise<MsgAnswer> {
  const { store } = deps;
  refuseCommonPassword(input.newPassword);
  await throttle(store, [[VERIFY_PER_ADDRESS, ip]], ACCOUNT_ANSWERS.tooManyChecks, factor(deps));
  await slowDown(store, VERIFY_SLOWDOWN, input.email, ACCOUNT_ANSWERS.slowChecks);
  const keys = verifyingKeys(deps.config);
  // The attempt is used up before the code is compared, in one atomic step: parallel guesses
  // can never get more than OTP_MAX_ATTEMPTS comparisons out of one code. A code hashed under the
  // previous secret (issued just before a rotation) still counts.
  const otp = await store.otps.spendAttempt(input.email, OTP_MAX_ATTEMPTS);
  if (!otp || !keys.some((key) => otpMatches(input.email, input.otp, otp.codeHash, key))) {
    if (otp && otp.attempts >= OTP_MAX_ATTEMPTS) await store.otps.delete(input.email);
    throw invalid(ACCOUNT_ANSWERS.badOtp);
  }
  // Hashed before the code is consumed: when hashing is refused (503), the code still works.
  const passwordHash = await hashPassword(input.newPassword);
  // Consuming the code is the atomic step: of two racing correct submissions only one deletes it.
  if (!(await store.otps.delete(input.email))) throw invalid(ACCOUNT_ANSWERS.badOtp);
  const user = await store.users.findByEmail(input.email);
  if (!user) throw invalid(ACCOUNT_ANSWERS.badOtp);
  await store.users.setPassword(user.id, passwordHash, { emailVerified: true });
  // Proven by the mailbox: the wrong passwords tried from this address no longer hold it back.
  await Promise.all([
    store.limits.reset(`${LOGIN_PER_EMAIL_ADDRESS.name}:${emailAtAddress(user.email, ip)}`),
    clearSlowdown(store, VERIFY_SLOWDOWN, user.email),
  ]);
  const [to, when] = [user.email, new Date()];
  inBackground(
    'password changed mail',
    async () =>
      sendMailWithRetry(
        deps.config,
        passwordChangedMail(to, when, (await readSettings(deps)).supportEmail),
      ),
    waitUntil,
  );
  return { success: true, msg: ACCOUNT_MESSAGES.passwordUpdated };
}
