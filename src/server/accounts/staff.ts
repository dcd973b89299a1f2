// The staff desk's accounts: invitations (a one-time link that expires in 48 hours), enrolment
// (password, then an authenticator app proven by a first code), sign-in with e-mail, password and
// code in one call, desk sessions and their end, roles, removal, and the audit log every staff
// action writes. Services raise domain errors only; the web layer maps them to HTTP.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DESK_ANSWERS } from '../../lib/desk-messages.ts';
import { karachiTime } from '../../lib/desk.ts';
import { auditTargetLabel } from '../../lib/desk-audit.ts';
import type { DeskStaff } from '../../lib/contract/desk.ts';
import type { Deps } from '../deps.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import { decoyHash, hashPassword, verifyPassword } from './auth/passwords.ts';
import { signingKey, verifyingKeys } from '../secret.ts';
import { issueStaffToken, readStaffToken } from './auth/staff-tokens.ts';
import { readToken } from './auth/tokens.ts';
import {
  base32Encode,
  matchTotp,
  newTotpSecret,
  openTotpSecretWithKeys,
  otpauthUri,
  sealTotpSecret,
} from './auth/totp.ts';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../errors.ts';
import { sendMailWithRetry } from '../mail.ts';
import type { StaffRecord, StaffRole, Store } from '../store/port.ts';
import {
  clearSlowdown,
  emailAtAddress,
  failureAlertDue,
  releaseThrottle,
  slowDown,
  throttle,
  type Limit,
  type Slowdown,
} from '../operations/index.ts';
import { failedDeskSignInsMail } from './account-mail.ts';
import { refuseWeakDeskPassword } from './auth/desk-passwords.ts';
import { audit, forgetPushDevices } from '../operations/index.ts';
import { dropPasskeys } from './passkey-notices.ts';

const SECOND = 1000;
const MINUTE = 60_000;
/** An invitation link works for 48 hours, once. */
export const INVITATION_TTL_MS = 48 * 60 * MINUTE;
/** Desk sign-ins: 10 failures per address in 15 minutes. */
export const DESK_SIGNIN_PER_ADDRESS: Limit = {
  name: 'desk-signin-ip',
  max: 10,
  windowMs: 15 * MINUTE,
  perAddress: true,
};
/** Desk sign-ins: 5 failures for one e-mail from one address in 15 minutes. */
export const DESK_SIGNIN_PER_EMAIL_ADDRESS: Limit = {
  name: 'desk-signin-email-ip',
  max: 5,
  windowMs: 15 * MINUTE,
};
/**
 * Codes tried with a member's right password: 5 an hour, then 1 s, 2 s, 4 s … up to 5 minutes
 * between tries. Only someone who has the password is counted, so nobody else can slow it.
 */
export const DESK_SIGNIN_SLOWDOWN: Slowdown = {
  name: 'desk-signin-member',
  free: 5,
  windowMs: 60 * MINUTE,
  firstDelayMs: SECOND,
  maxDelayMs: 5 * MINUTE,
};
/** Failed desk sign-ins as one member, from any address: they are mailed at the 5th in an hour, once. */
export const DESK_SIGNIN_ALERT: Limit = {
  name: 'desk-signin-failed',
  max: 5,
  windowMs: 60 * MINUTE,
};
/** Enrolment codes per member: 5 tries an hour, then a doubling gap up to 5 minutes. */
export const DESK_CODE_SLOWDOWN: Slowdown = {
  name: 'desk-code',
  free: 5,
  windowMs: 60 * MINUTE,
  firstDelayMs: SECOND,
  maxDelayMs: 5 * MINUTE,
};
/**
 * A signed-in member's password and code asked again (before a passkey is added): 5 wrong tries an
 * hour, then a doubling gap up to 5 minutes, so a stolen session cannot guess them.
 */
export const DESK_PROOF_SLOWDOWN: Slowdown = {
  name: 'desk-proof',
  free: 5,
  windowMs: 60 * MINUTE,
  firstDelayMs: SECOND,
  maxDelayMs: 5 * MINUTE,
};
/** Invitation-token uses per address: 20 in 15 minutes. */
export const DESK_INVITE_PER_ADDRESS: Limit = {
  name: 'desk-invite-ip',
  max: 20,
  windowMs: 15 * MINUTE,
  perAddress: true,
};

/** A staff member as the desk shows them: secrets and hashes stay behind. */
export function toDeskStaff(staff: StaffRecord): DeskStaff {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    status: staff.status,
    createdAt: staff.createdAt,
    invitedBy: staff.invitedBy,
    inviteExpiresAt: staff.status === 'invited' ? staff.inviteExpiresAt : null,
    personalData: seesPersonalData(staff),
    refunds: mayRefund(staff),
    sales: seesSales(staff),
    publish: mayPublish(staff),
  };
}

/** Whether a member may see customers' personal data: an owner, or a member the owner allowed. */
export const seesPersonalData = (staff: Pick<StaffRecord, 'role' | 'personalData'>): boolean =>
  staff.role === 'owner' || staff.personalData === true;

/** Whether a member may send refunds: an owner, or a member the owner allowed. */
export const mayRefund = (staff: Pick<StaffRecord, 'role' | 'refunds'>): boolean =>
  staff.role === 'owner' || staff.refunds === true;

/** Whether a member may see sales figures (the business view, the export): an owner, or one allowed. */
export const seesSales = (staff: Pick<StaffRecord, 'role' | 'sales'>): boolean =>
  staff.role === 'owner' || staff.sales === true;

/** Whether a member may publish the catalogue: an owner, or a member the owner allowed. */
export const mayPublish = (staff: Pick<StaffRecord, 'role' | 'publish'>): boolean =>
  staff.role === 'owner' || staff.publish === true;

/** What the owner may grant a member, each with who has it and the words the desk says. */
const GRANTS = {
  personalData: {
    has: seesPersonalData,
    only: DESK_ANSWERS.personalDataOnly,
    ownersHave: DESK_ANSWERS.ownersHavePersonalData,
    set: DESK_ANSWERS.personalDataSet,
    unchanged: DESK_ANSWERS.personalDataUnchanged,
  },
  refunds: {
    has: mayRefund,
    only: DESK_ANSWERS.refundsOnly,
    ownersHave: DESK_ANSWERS.ownersHaveRefunds,
    set: DESK_ANSWERS.refundsSet,
    unchanged: DESK_ANSWERS.refundsUnchanged,
  },
  sales: {
    has: seesSales,
    only: DESK_ANSWERS.salesOnly,
    ownersHave: DESK_ANSWERS.ownersHaveSales,
    set: DESK_ANSWERS.salesSet,
    unchanged: DESK_ANSWERS.salesUnchanged,
  },
  publish: {
    has: mayPublish,
    only: DESK_ANSWERS.publishOnly,
    ownersHave: DESK_ANSWERS.ownersHavePublish,
    set: DESK_ANSWERS.publishSet,
    unchanged: DESK_ANSWERS.publishUnchanged,
  },
} as const;

/** A right the owner grants members one by one. */
export type StaffGrant = keyof typeof GRANTS;

const hashInvite = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The link an invited person opens; the token rides in the fragment, so it never reaches a log. */
export function invitationLink(origin: string, token: string): string {
  return `${origin.replace(/\/$/, '')}/desk/invite#token=${token}`;
}

function invitationMail(email: string, name: string, link: string) {
  return {
    to: email,
    subject: 'Your invitation to the Bastaa desk',
    text: [
      `Dear ${name.replace(/[\r\n]/g, ' ').slice(0, 80)},`,
      '',
      'You have been invited to the Bastaa order desk. Open this link within 48 hours to set your',
      'password and add the desk to your authenticator app. The link works once.',
      '',
      link,
    ].join('\n'),
    summary: `desk invitation for ${email}: ${link}`,
  };
}

/**
 * Creates or renews an invitation: a new e-mail becomes an invited member; a member still invited
 * or removed gets a fresh link (and the role asked for); an active member is refused. Returns the
 * member and the one-time token (only its hash is stored).
 */
export async function createInvitation(
  store: Store,
  input: { email: string; name: string; role: StaffRole },
  invitedBy: StaffRecord | null,
  now = Date.now(),
): Promise<{ staff: StaffRecord; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const invite = {
    inviteHash: hashInvite(token),
    inviteExpiresAt: now + INVITATION_TTL_MS,
    invitedBy: invitedBy?.id ?? null,
  };
  const existing = await store.staff.findByEmail(input.email);
  if (existing?.status === 'active') throw conflict(DESK_ANSWERS.staffExists);
  if (existing) {
    const renewed = await store.staff.update(
      existing.id,
      {
        set: {
          ...invite,
          name: input.name,
          role: input.role,
          status: 'invited',
          passwordHash: null,
          totpSecret: null,
        },
        bumpSession: true,
      },
      { status: ['invited', 'removed'] },
    );
    if (!renewed) throw conflict(DESK_ANSWERS.staffExists);
    return { staff: renewed, token };
  }
  const created = await store.staff.create({
    id: randomUUID(),
    email: input.email,
    name: input.name,
    role: input.role,
    status: 'invited',
    passwordHash: null,
    totpSecret: null,
    totpLastStep: 0,
    sessionVersion: 0,
    createdAt: new Date(now).toISOString(),
    ...invite,
  });
  if (!created) throw conflict(DESK_ANSWERS.staffExists);
  return { staff: created, token };
}

/** The owner invites a member from the desk: the link is mailed (in the background). */
export async function inviteStaff(
  deps: Deps,
  owner: StaffRecord,
  input: { email: string; name: string; role: StaffRole },
  origin: string,
  waitUntil?: WaitUntil,
): Promise<{ success: true; message: string; staff: DeskStaff }> {
  const { staff, token } = await createInvitation(deps.store, input, owner);
  await audit(deps.store, owner, 'staff.invite', `staff:${staff.id}`, null, {
    email: staff.email,
    role: staff.role,
  });
  const link = invitationLink(deps.config.SITE_URL ?? origin, token);
  const mail = invitationMail(staff.email, staff.name, link);
  inBackground('desk invitation mail', () => sendMailWithRetry(deps.config, mail), waitUntil);
  return { success: true, message: DESK_ANSWERS.invited(staff.email), staff: toDeskStaff(staff) };
}

/** The invited member a token names while its link is live; otherwise the one refusal for all cases. */
async function invitedBy(store: Store, token: string, now: number): Promise<StaffRecord> {
  const staff = await store.staff.findByInvite(hashInvite(token));
  if (!staff || staff.status !== 'invited' || (staff.inviteExpiresAt ?? 0) <= now)
    throw invalid(DESK_ANSWERS.badInvitation);
  return staff;
}

/**
 * First step of enrolment: the invited person sets a password and gets a fresh authenticator key.
 * The link stays live until a first code confirms the key (a second visit replaces both).
 */
export async function acceptInvitation(
  deps: Deps,
  input: { token: string; password: string },
  ip: string,
  now = Date.now(),
): Promise<{
  success: true;
  message: string;
  email: string;
  secret: string;
  otpauthUri: string;
}> {
  await throttle(deps.store, [[DESK_INVITE_PER_ADDRESS, ip]], DESK_ANSWERS.tooManyInvitations, {
    addressFactor: deps.config.THROTTLE_ADDRESS_FACTOR,
  });
  const staff = await invitedBy(deps.store, input.token, now);
  // Checked against the member's own e-mail, so only once the invitation names them.
  refuseWeakDeskPassword(input.password, staff.email);
  const secret = newTotpSecret();
  const updated = await deps.store.staff.update(
    staff.id,
    {
      set: {
        passwordHash: await hashPassword(input.password),
        totpSecret: sealTotpSecret(secret, signingKey(deps.config)),
      },
    },
    { inviteHash: hashInvite(input.token), status: ['invited'] },
  );
  if (!updated) throw invalid(DESK_ANSWERS.badInvitation);
  return {
    success: true,
    message: DESK_ANSWERS.passwordSet,
    email: updated.email,
    secret,
    otpauthUri: otpauthUri(secret, updated.email),
  };
}

/** A secret opened with the previous key, sealed again with the current one (rotation, lazily). */
function resealed(
  deps: Deps,
  opened: { secret: Buffer; stale: boolean } | null,
): { totpSecret?: string } {
  if (!opened?.stale) return {};
  return { totpSecret: sealTotpSecret(base32Encode(opened.secret), signingKey(deps.config)) };
}

/** A new desk session for `staff`: its token (which the web layer puts in the cookie) and the member. */
export async function deskSession(deps: Deps, staff: StaffRecord, message: string) {
  const token = await issueStaffToken(
    { staffId: staff.id, role: staff.role, sessionVersion: staff.sessionVersion },
    signingKey(deps.config),
  );
  return { success: true as const, message, token, staff: toDeskStaff(staff) };
}

/**
 * Second step of enrolment: a first code from the app proves the key. The invitation is used up
 * (its hash cleared) in the same atomic write that activates the member and claims the code's step.
 */
export async function confirmInvitation(
  deps: Deps,
  input: { token: string; code: string },
  ip: string,
  now = Date.now(),
) {
  const { store } = deps;
  await throttle(store, [[DESK_INVITE_PER_ADDRESS, ip]], DESK_ANSWERS.tooManyInvitations, {
    addressFactor: deps.config.THROTTLE_ADDRESS_FACTOR,
  });
  const staff = await invitedBy(store, input.token, now);
  const opened = staff.totpSecret
    ? openTotpSecretWithKeys(staff.totpSecret, verifyingKeys(deps.config))
    : null;
  const secret = opened?.secret ?? null;
  if (!staff.passwordHash || !secret) throw invalid(DESK_ANSWERS.setPasswordFirst);
  await slowDown(store, DESK_CODE_SLOWDOWN, staff.id, DESK_ANSWERS.slowCodes, now);
  const step = matchTotp(secret, input.code, now, staff.totpLastStep);
  if (step === null) throw invalid(DESK_ANSWERS.badCode);
  const active = await store.staff.update(
    staff.id,
    { set: { status: 'active', inviteHash: null, inviteExpiresAt: null, totpLastStep: step } },
    { inviteHash: hashInvite(input.token), status: ['invited'], totpLastStepBelow: step },
  );
  if (!active) throw invalid(DESK_ANSWERS.badInvitation);
  await clearSlowdown(store, DESK_CODE_SLOWDOWN, staff.id);
  await audit(
    store,
    active,
    'staff.enrol',
    `staff:${active.id}`,
    { status: 'invited' },
    {
      status: 'active',
    },
  );
  return deskSession(deps, active, DESK_ANSWERS.enrolled);
}

/**
 * Signs a member in with e-mail, password and authenticator code in one call: one answer for an
 * unknown e-mail, a wrong password and a wrong or replayed code. Failures are capped per address
 * and per (e-mail, address), never per e-mail alone, so nobody elsewhere can keep the member out;
 * codes tried with the right password are slowed per member; the member is mailed when sign-ins
 * as them keep failing. A code's time step is claimed atomically, so it works once.
 */
export async function signIn(
  deps: Deps,
  input: { email: string; password: string; code: string },
  ip: string,
  now = Date.now(),
  waitUntil?: WaitUntil,
) {
  const { store } = deps;
  const counted: [Limit, string][] = [
    [DESK_SIGNIN_PER_ADDRESS, ip],
    [DESK_SIGNIN_PER_EMAIL_ADDRESS, emailAtAddress(input.email, ip)],
  ];
  // Counted before the hash, so parallel guesses are all counted; taken back for the right password.
  await throttle(store, counted, DESK_ANSWERS.tooManySignIns, {
    addressFactor: deps.config.THROTTLE_ADDRESS_FACTOR,
    now,
  });
  const release = () =>
    Promise.all(counted.map(([limit, key]) => releaseThrottle(store, limit, key)));
  const staff = await store.staff.findByEmail(input.email);
  const passwordOk = await verifyPassword(
    input.password,
    staff?.passwordHash ?? (await decoyHash()),
  );
  const failed = async () => {
    await alertMember(deps, staff, input.email, ip, now, waitUntil);
    return unauthenticated(DESK_ANSWERS.badSignIn);
  };
  if (!staff || !passwordOk || staff.status !== 'active') throw await failed();
  // The right password is no guess: from here on only this member's codes are counted, and only
  // someone who has the password can be slowed down by them.
  await release();
  await slowDown(store, DESK_SIGNIN_SLOWDOWN, staff.id, DESK_ANSWERS.slowSignIns, now);
  const claimed = await claimCodeStep(deps, staff, input.code, now);
  if (!claimed) throw await failed();
  await clearSlowdown(store, DESK_SIGNIN_SLOWDOWN, staff.id);
  await audit(store, claimed, 'desk.signIn', `staff:${claimed.id}`, null, { ip });
  return deskSession(deps, claimed, DESK_ANSWERS.signedIn);
}

/**
 * Proves a signed-in member is who the session says, as a sign-in would: their password and a fresh
 * code from their app, whose step is claimed atomically (so the same request replayed is refused).
 * Wrong tries are slowed per member; every failure is one refusal that leaves the session alone.
 */
export async function confirmPasswordAndCode(
  deps: Deps,
  staff: StaffRecord,
  input: { password: string; code: string },
  now = Date.now(),
): Promise<StaffRecord> {
  const { store } = deps;
  await slowDown(store, DESK_PROOF_SLOWDOWN, staff.id, DESK_ANSWERS.slowCodes, now);
  const current = await store.staff.findById(staff.id);
  const passwordOk = await verifyPassword(
    input.password,
    current?.passwordHash ?? (await decoyHash()),
  );
  const claimed =
    passwordOk && current ? await claimCodeStep(deps, current, input.code, now) : null;
  if (!claimed) throw forbidden(DESK_ANSWERS.proofRefused);
  await clearSlowdown(store, DESK_PROOF_SLOWDOWN, staff.id);
  return claimed;
}

/**
 * Claims the time step of an active member's authenticator `code` in one conditional write, so a
 * code works once however many requests carry it, resealing the key under the current secret. The
 * updated member, or null for a wrong, replayed or unreadable code.
 */
async function claimCodeStep(
  deps: Deps,
  member: StaffRecord,
  code: string,
  now: number,
): Promise<StaffRecord | null> {
  const opened = member.totpSecret
    ? openTotpSecretWithKeys(member.totpSecret, verifyingKeys(deps.config))
    : null;
  const step = opened ? matchTotp(opened.secret, code, now, member.totpLastStep) : null;
  if (step === null) return null;
  return deps.store.staff.update(
    member.id,
    { set: { totpLastStep: step, ...resealed(deps, opened) } },
    { status: ['active'], totpLastStepBelow: step },
  );
}

/**
 * Counts a failed sign-in as `email`; at the DESK_SIGNIN_ALERT-th in its window, mails the member
 * (in the background). An unknown e-mail is counted alike, so the answer takes as long.
 */
async function alertMember(
  deps: Deps,
  staff: StaffRecord | null,
  email: string,
  ip: string,
  now: number,
  waitUntil?: WaitUntil,
): Promise<void> {
  const key = staff?.id ?? `unknown:${email.toLowerCase()}`;
  if (!(await failureAlertDue(deps.store, DESK_SIGNIN_ALERT, key, now))) return;
  if (staff?.status !== 'active') return;
  const mail = failedDeskSignInsMail(staff.email, {
    failures: DESK_SIGNIN_ALERT.max,
    windowMinutes: DESK_SIGNIN_ALERT.windowMs / MINUTE,
    lastAddress: ip,
    lastAt: new Date(now),
  });
  inBackground('failed desk sign-ins mail', () => sendMailWithRetry(deps.config, mail), waitUntil);
}

/**
 * Ends every desk session of the caller (their session version goes up) and turns off the alerts of
 * every device of theirs; with `removePasskeys`, their passkeys go too (mailed), so a passkey an
 * attacker added with a stolen session signs in no one afterwards.
 */
export async function signOut(
  deps: Deps,
  staff: StaffRecord,
  input: { removePasskeys?: boolean | undefined },
  waitUntil?: WaitUntil,
) {
  const { store } = deps;
  await store.staff.update(staff.id, { bumpSession: true });
  // Signed out everywhere: no device of theirs gets the shop's alerts any more.
  await forgetPushDevices(store, staff.id);
  const removed = input.removePasskeys
    ? await dropPasskeys(
        deps,
        staff,
        staff,
        'you signed out everywhere and removed them',
        waitUntil,
      )
    : 0;
  await audit(store, staff, 'desk.signOut', `staff:${staff.id}`, null, null);
  return {
    success: true as const,
    message: removed > 0 ? DESK_ANSWERS.signedOutPasskeysRemoved(removed) : DESK_ANSWERS.signedOut,
  };
}

/**
 * The staff member a desk token names, or a refusal: no token or an ended, expired, forged or
 * foreign token is a 401; a shopper's token is a 403 (signed in, but not as staff); a member
 * without the owner's role on an owner-only call is a 403.
 */
export async function authenticateStaff(
  deps: Deps,
  token: string | null,
  access: 'staff' | 'owner' | StaffGrant,
): Promise<StaffRecord> {
  if (!token) throw unauthenticated(DESK_ANSWERS.signInRequired);
  const keys = verifyingKeys(deps.config);
  const claims = await readStaffToken(token, keys);
  if (!claims) {
    if (await readToken(token, keys)) throw forbidden(DESK_ANSWERS.shopperToken);
    throw unauthenticated(DESK_ANSWERS.sessionEnded);
  }
  const staff = await deps.store.staff.findById(claims.staffId);
  if (
    !staff ||
    staff.status !== 'active' ||
    staff.sessionVersion !== claims.sessionVersion ||
    staff.role !== claims.role
  )
    throw unauthenticated(DESK_ANSWERS.sessionEnded);
  if (access === 'owner' && staff.role !== 'owner') throw forbidden(DESK_ANSWERS.ownerOnly);
  if (access !== 'staff' && access !== 'owner' && !GRANTS[access].has(staff))
    throw forbidden(GRANTS[access].only);
  return staff;
}

/** Every member, oldest first. */
export async function listStaff(store: Store) {
  return { success: true as const, staff: (await store.staff.list()).map(toDeskStaff) };
}

/** The members other than `except` who are active owners. */
async function otherOwners(store: Store, except: string): Promise<number> {
  return (await store.staff.list()).filter(
    (s) => s.id !== except && s.role === 'owner' && s.status === 'active',
  ).length;
}

/**
 * Why a conditional change of an owner's or member's record wrote nothing: the shop would have been
 * left without an owner (another owner was changed at the same moment), or the member changed.
 */
async function refusal(store: Store, staff: StaffRecord) {
  return staff.role === 'owner' && (await otherOwners(store, staff.id)) === 0
    ? conflict(DESK_ANSWERS.lastOwner)
    : conflict(DESK_ANSWERS.staffChanged);
}

/** The member to change: not the caller, and not removed. */
async function changeable(store: Store, owner: StaffRecord, staffId: string) {
  if (staffId === owner.id) throw forbidden(DESK_ANSWERS.notYourself);
  const staff = await store.staff.findById(staffId);
  if (!staff || staff.status === 'removed') throw notFound(DESK_ANSWERS.staffNotFound);
  return staff;
}

/**
 * The owner changes a member's role; the member's sessions end (their token names the old role),
 * and a member demoted loses their passkeys (mailed), which were added with an owner's reach.
 */
export async function changeRole(
  deps: Deps,
  owner: StaffRecord,
  input: { staffId: string; role: StaffRole },
  waitUntil?: WaitUntil,
) {
  const { store } = deps;
  const staff = await changeable(store, owner, input.staffId);
  if (staff.role === input.role)
    return {
      success: true as const,
      message: DESK_ANSWERS.roleUnchanged(staff.email, staff.role),
      staff: toDeskStaff(staff),
    };
  if (staff.role === 'owner' && (await otherOwners(store, staff.id)) === 0)
    throw conflict(DESK_ANSWERS.lastOwner);
  const updated = await store.staff.update(
    staff.id,
    { set: { role: input.role }, bumpSession: true },
    { role: staff.role, status: ['invited', 'active'], anotherActiveOwner: staff.role === 'owner' },
  );
  if (!updated) throw await refusal(store, staff);
  if (staff.role === 'owner')
    await dropPasskeys(deps, owner, updated, `${owner.name} made you ${updated.role}`, waitUntil);
  await audit(
    store,
    owner,
    'staff.role',
    `staff:${staff.id}`,
    { role: staff.role },
    {
      role: updated.role,
    },
  );
  return {
    success: true as const,
    message: DESK_ANSWERS.roleChanged(updated.email, updated.role),
    staff: toDeskStaff(updated),
  };
}

/**
 * The owner grants a member a right (customers' personal data; refunds; sales figures; publishing
 * the catalogue), or takes it back, audited. Owners always have each; no one changes their own.
 */
export async function setGrant(
  store: Store,
  owner: StaffRecord,
  grant: StaffGrant,
  input: { staffId: string; allowed: boolean },
) {
  const words = GRANTS[grant];
  const staff = await changeable(store, owner, input.staffId);
  if (staff.role === 'owner') throw conflict(words.ownersHave(staff.email));
  if (words.has(staff) === input.allowed)
    return {
      success: true as const,
      message: words.unchanged(staff.email, input.allowed),
      staff: toDeskStaff(staff),
    };
  // Only while they are still staff as read: a member made owner meanwhile is not written over.
  const updated = await store.staff.update(
    staff.id,
    { set: { [grant]: input.allowed } },
    { role: 'staff', status: ['invited', 'active'] },
  );
  if (!updated) throw await refusal(store, staff);
  await audit(
    store,
    owner,
    `staff.${grant}`,
    `staff:${staff.id}`,
    { [grant]: words.has(staff) },
    { [grant]: words.has(updated) },
  );
  return {
    success: true as const,
    message: words.set(updated.email, input.allowed),
    staff: toDeskStaff(updated),
  };
}

/** The owner removes a member: their sessions, passkeys and any open invitation end at once. */
export async function removeStaff(
  deps: Deps,
  owner: StaffRecord,
  input: { staffId: string },
  waitUntil?: WaitUntil,
) {
  const { store } = deps;
  const staff = await changeable(store, owner, input.staffId);
  if (staff.role === 'owner' && (await otherOwners(store, staff.id)) === 0)
    throw conflict(DESK_ANSWERS.lastOwner);
  const updated = await store.staff.update(
    staff.id,
    { set: { status: 'removed', inviteHash: null, inviteExpiresAt: null }, bumpSession: true },
    { status: [staff.status], anotherActiveOwner: staff.role === 'owner' },
  );
  if (!updated) throw await refusal(store, staff);
  await forgetPushDevices(store, staff.id);
  // A removed member's passkeys go too (a sign-in with one is refused anyway: they are not active).
  await dropPasskeys(deps, owner, updated, `${owner.name} removed you from the desk`, waitUntil);
  await audit(
    store,
    owner,
    'staff.remove',
    `staff:${staff.id}`,
    { status: staff.status },
    {
      status: 'removed',
    },
  );
  return {
    success: true as const,
    message: DESK_ANSWERS.removed(updated.email),
    staff: toDeskStaff(updated),
  };
}

/**
 * The audit log for the owner, newest first, with Karachi times, each actor's name and the target
 * as the desk names it (an order's #number, a member's name).
 */
export async function readAudit(
  store: Store,
  filter: { actorId?: string; target?: string; action?: string; limit?: number },
) {
  const [entries, members] = await Promise.all([store.audit.list(filter), store.staff.list()]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const nameOf = (id: string) => names.get(id);
  return {
    success: true as const,
    entries: entries.map((e) => ({
      ...e,
      actor: { ...e.actor, name: nameOf(e.actor.id) ?? e.actor.email },
      targetLabel: auditTargetLabel(e.target, nameOf),
      atKarachi: karachiTime(e.at),
    })),
  };
}
