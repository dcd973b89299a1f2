// Passkeys (WebAuthn) for the desk: a signed-in member adds one (named, listed, removable), then
// signs in with it alone, no password and no code. Since a passkey is then a key of its own, adding
// one asks what a sign-in asks (the password and a fresh code, or a passkey already held), never the
// session alone, and every add and remove is mailed to the member; the owner sees and removes any
// member's. The ceremonies are @simplewebauthn/server's; this module keeps what it leaves to the
// site: challenges stored server-side, short-lived and taken once; the RP id and origin from the
// site's own address; credentials per member; a counter that only moves forward, in one
// conditional write; a removed member's passkeys sign in no one.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { DESK_NAME } from '../../lib/desk-manifest.ts';
import { DESK_ANSWERS } from '../../lib/desk-messages.ts';
import type { DeskPasskey } from '../../lib/contract/desk-passkeys.ts';
import type { Deps } from '../deps.ts';
import type { WaitUntil } from '../background.ts';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../errors.ts';
import { audit, releaseThrottle, throttle, type Limit } from '../operations/index.ts';
import type { ChallengePurpose, PasskeyRecord, StaffRecord, Store } from '../store/port.ts';
import {
  changeOrigin,
  mailInBackground,
  passkeyAddedMail,
  passkeysRemovedMail,
} from './passkey-notices.ts';
import { confirmPasswordAndCode, deskSession } from './staff.ts';

/** A ceremony's challenge is accepted for 5 minutes, once. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** The most passkeys one member may have. */
export const MAX_PASSKEYS = 10;
/** Passkey sign-ins: 10 failures per address in 15 minutes (as password sign-ins). */
export const PASSKEY_SIGNIN_PER_ADDRESS: Limit = {
  name: 'desk-passkey-ip',
  max: 10,
  windowMs: 15 * 60_000,
  perAddress: true,
};
/** Sign-in challenges per address: 30 in 15 minutes, so nobody fills the store with them. */
export const PASSKEY_OPTIONS_PER_ADDRESS: Limit = {
  name: 'desk-passkey-options-ip',
  max: 30,
  windowMs: 15 * 60_000,
  perAddress: true,
};

/**
 * The public-key algorithms a passkey may use: EdDSA, ES256 and RS256, what phones and keys make.
 * Named here, not probed from the runtime (the probe warns of Node's experimental algorithms).
 */
const ALGORITHMS = [-8, -7, -257];

/** Where the desk is served: the RP id (its host) and the one origin assertions may come from. */
export function relyingParty(config: { SITE_URL?: string | undefined }, req: Request) {
  const url = new URL(config.SITE_URL || req.url);
  return { rpID: url.hostname, origin: url.origin };
}

// Loaded on the first passkey call, not at start: the CLI and every other desk call never need it.
const webauthn = () => import('@simplewebauthn/server');
const helpers = () => import('@simplewebauthn/server/helpers');

/** A passkey as the member's list shows it: no key material. */
const toDeskPasskey = (p: PasskeyRecord): DeskPasskey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
  synced: p.backedUp,
});

async function issueChallenge(
  store: Store,
  challenge: string,
  purpose: ChallengePurpose,
  staffId: string | null,
  now: number,
) {
  await store.passkeyChallenges.put({
    id: challenge,
    purpose,
    staffId,
    expiresAt: now + PASSKEY_CHALLENGE_TTL_MS,
  });
}

/**
 * The challenge a response signed, taken from the store (so it works once), when it was issued for
 * `purpose` (and `staffId`) and is still live; otherwise the refusal, and nothing else happens.
 */
async function takeChallenge(
  store: Store,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  staffId: string | null,
  now: number,
): Promise<string> {
  const { decodeClientDataJSON } = await helpers();
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw invalid(DESK_ANSWERS.passkeyRefused);
  }
  if (typeof challenge !== 'string' || challenge.length > 512)
    throw invalid(DESK_ANSWERS.passkeyRefused);
  const taken = await store.passkeyChallenges.take(challenge);
  if (!taken || taken.purpose !== purpose || taken.staffId !== staffId || taken.expiresAt <= now)
    // A signed-in member adding one is refused without ending their session (a 401 would).
    throw purpose === 'signin'
      ? unauthenticated(DESK_ANSWERS.passkeyExpired)
      : invalid(DESK_ANSWERS.passkeyExpired);
  return challenge;
}

/** The member's passkeys, oldest first. */
export async function listPasskeys(store: Store, staff: StaffRecord) {
  const passkeys = await store.passkeys.listByStaff(staff.id);
  return { success: true as const, passkeys: passkeys.map(toDeskPasskey) };
}

/** What proves it is the member before a passkey is added (the options call's body). */
export interface PasskeyProof {
  password?: string | undefined;
  code?: string | undefined;
  assertion?: AuthenticationResponseJSON | undefined;
}

/**
 * Options for a passkey assertion that proves it is the member (before they add another): a
 * challenge bound to them, for their own passkeys only. A member with none is told to use their
 * password and code.
 */
export async function passkeyProofOptions(
  deps: Deps,
  staff: StaffRecord,
  req: Request,
  now = Date.now(),
) {
  const existing = await deps.store.passkeys.listByStaff(staff.id);
  if (existing.length === 0) throw conflict(DESK_ANSWERS.noPasskeyForProof);
  const { generateAuthenticationOptions } = await webauthn();
  const { rpID } = relyingParty(deps.config, req);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    allowCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
  });
  await issueChallenge(deps.store, options.challenge, 'proof', staff.id, now);
  return { success: true as const, options: options as typeof options & Record<string, unknown> };
}

/**
 * Checks an assertion of one of the member's own passkeys over a proof challenge issued to them:
 * taken once, verified, the counter moved forward in one conditional write. Anything else is the
 * one refusal, and the session stays.
 */
async function provenByPasskey(
  deps: Deps,
  staff: StaffRecord,
  assertion: AuthenticationResponseJSON,
  req: Request,
  now: number,
): Promise<void> {
  const { store } = deps;
  const challenge = await takeChallenge(
    store,
    assertion.response.clientDataJSON,
    'proof',
    staff.id,
    now,
  );
  const refused = () => forbidden(DESK_ANSWERS.passkeyProofRefused);
  const passkey = await store.passkeys.findById(assertion.id);
  if (!passkey || passkey.staffId !== staff.id) throw refused();
  const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await Promise.all([
    webauthn(),
    helpers(),
  ]);
  const { rpID, origin } = relyingParty(deps.config, req);
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verified.verified) throw new Error('not verified');
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    throw refused();
  }
  const at = new Date(now).toISOString();
  if (!(await store.passkeys.useCounter(passkey.id, passkey.counter, newCounter, at)))
    throw refused();
}

/**
 * Options for the member's browser to make a new passkey (a discoverable one, verified by the user),
 * once `proof` shows it is them: the session alone never adds a key that outlives it.
 */
export async function passkeyRegistrationOptions(
  deps: Deps,
  staff: StaffRecord,
  proof: PasskeyProof,
  req: Request,
  now = Date.now(),
) {
  const existing = await deps.store.passkeys.listByStaff(staff.id);
  if (existing.length >= MAX_PASSKEYS) throw conflict(DESK_ANSWERS.tooManyPasskeys(MAX_PASSKEYS));
  if (proof.assertion) await provenByPasskey(deps, staff, proof.assertion, req, now);
  else if (proof.password !== undefined && proof.code !== undefined)
    await confirmPasswordAndCode(deps, staff, { password: proof.password, code: proof.code }, now);
  else throw forbidden(DESK_ANSWERS.proofNeeded);
  const [{ generateRegistrationOptions }, { isoBase64URL }] = await Promise.all([
    webauthn(),
    helpers(),
  ]);
  const { rpID } = relyingParty(deps.config, req);
  const options = await generateRegistrationOptions({
    rpName: DESK_NAME,
    rpID,
    userName: staff.email,
    userDisplayName: staff.name,
    // The member's id is the user handle a sign-in answers, checked against the passkey's owner.
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(staff.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await issueChallenge(deps.store, options.challenge, 'register', staff.id, now);
  return { success: true as const, options: options as typeof options & Record<string, unknown> };
}

/**
 * Verifies the browser's new passkey against its challenge (issued only once the member proved it
 * is them) and keeps it for the member, who is mailed its name, the device and the time.
 */
export async function addPasskey(
  deps: Deps,
  staff: StaffRecord,
  input: { name: string; response: RegistrationResponseJSON },
  req: Request,
  ip: string,
  waitUntil?: WaitUntil,
  now = Date.now(),
) {
  const { store } = deps;
  const [{ verifyRegistrationResponse }, { isoBase64URL }] = await Promise.all([
    webauthn(),
    helpers(),
  ]);
  const { rpID, origin } = relyingParty(deps.config, req);
  const challenge = await takeChallenge(
    store,
    input.response.response.clientDataJSON,
    'register',
    staff.id,
    now,
  );
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!verified.verified) throw new Error('not verified');
    info = verified.registrationInfo;
  } catch {
    throw invalid(DESK_ANSWERS.passkeyNotAdded);
  }
  if ((await store.passkeys.listByStaff(staff.id)).length >= MAX_PASSKEYS)
    throw conflict(DESK_ANSWERS.tooManyPasskeys(MAX_PASSKEYS));
  const record: PasskeyRecord = {
    id: info.credential.id,
    staffId: staff.id,
    name: input.name,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    createdAt: new Date(now).toISOString(),
    lastUsedAt: null,
  };
  if (!(await store.passkeys.create(record))) throw conflict(DESK_ANSWERS.passkeyTaken);
  await audit(store, staff, 'passkey.add', `staff:${staff.id}`, null, { name: record.name });
  mailInBackground(
    deps,
    passkeyAddedMail(staff, record.name, changeOrigin(req, ip), new Date(now)),
    waitUntil,
  );
  return {
    ...(await listPasskeys(store, staff)),
    message: DESK_ANSWERS.passkeyAdded(record.name),
  };
}

/** Removes one of the member's own passkeys (another member's id is not found, and stays); mailed. */
export async function removePasskey(
  deps: Deps,
  staff: StaffRecord,
  input: { id: string },
  waitUntil?: WaitUntil,
) {
  const { store } = deps;
  const passkey = await store.passkeys.findById(input.id);
  if (
    !passkey ||
    passkey.staffId !== staff.id ||
    !(await store.passkeys.remove(input.id, staff.id))
  )
    throw notFound(DESK_ANSWERS.passkeyNotFound);
  await audit(store, staff, 'passkey.remove', `staff:${staff.id}`, { name: passkey.name }, null);
  mailInBackground(
    deps,
    passkeysRemovedMail(staff, [passkey.name], 'you removed it', new Date()),
    waitUntil,
  );
  return {
    ...(await listPasskeys(store, staff)),
    message: DESK_ANSWERS.passkeyRemoved(passkey.name),
  };
}

/** Every member's passkeys (name, added, last used) for the owner, members in the staff list's order. */
export async function listMembersPasskeys(store: Store) {
  const members = (await store.staff.list()).filter((m) => m.status !== 'removed');
  return {
    success: true as const,
    members: await Promise.all(
      members.map(async (m) => ({
        staffId: m.id,
        name: m.name,
        email: m.email,
        passkeys: (await store.passkeys.listByStaff(m.id)).map(toDeskPasskey),
      })),
    ),
  };
}

/** The owner removes a member's passkey (their own too): audited, and the member is mailed. */
export async function removeMemberPasskey(
  deps: Deps,
  owner: StaffRecord,
  input: { staffId: string; id: string },
  waitUntil?: WaitUntil,
) {
  const { store } = deps;
  const [passkey, member] = await Promise.all([
    store.passkeys.findById(input.id),
    store.staff.findById(input.staffId),
  ]);
  if (
    !passkey ||
    !member ||
    passkey.staffId !== member.id ||
    !(await store.passkeys.remove(passkey.id, member.id))
  )
    throw notFound(DESK_ANSWERS.staffPasskeyNotFound);
  await audit(store, owner, 'passkey.remove', `staff:${member.id}`, { name: passkey.name }, null);
  const why = owner.id === member.id ? 'you removed it' : `${owner.name} removed it`;
  mailInBackground(deps, passkeysRemovedMail(member, [passkey.name], why, new Date()), waitUntil);
  return {
    ...(await listMembersPasskeys(store)),
    message: DESK_ANSWERS.staffPasskeyRemoved(passkey.name, member.name),
  };
}

/** Options for a passkey sign-in: any of the site's passkeys the device holds (discoverable). */
export async function passkeySignInOptions(deps: Deps, req: Request, ip: string, now = Date.now()) {
  await throttle(
    deps.store,
    [[PASSKEY_OPTIONS_PER_ADDRESS, ip]],
    DESK_ANSWERS.tooManyPasskeyTries,
    {
      addressFactor: deps.config.THROTTLE_ADDRESS_FACTOR,
      now,
    },
  );
  const { generateAuthenticationOptions } = await webauthn();
  const { rpID } = relyingParty(deps.config, req);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
  await issueChallenge(deps.store, options.challenge, 'signin', null, now);
  return { success: true as const, options: options as typeof options & Record<string, unknown> };
}

/**
 * Signs in with a passkey alone. Every failure (an unknown or removed member's passkey, another
 * member's user handle, a wrong origin or RP id, a counter that went back, a bad signature) is one
 * refusal, counted per address; a replayed or stale challenge says so. Nothing is written unless
 * the assertion verifies and the counter moves in one conditional write.
 */
export async function passkeySignIn(
  deps: Deps,
  input: { response: AuthenticationResponseJSON },
  req: Request,
  ip: string,
  now = Date.now(),
) {
  const { store } = deps;
  const counted: [Limit, string][] = [[PASSKEY_SIGNIN_PER_ADDRESS, ip]];
  await throttle(store, counted, DESK_ANSWERS.tooManyPasskeyTries, {
    addressFactor: deps.config.THROTTLE_ADDRESS_FACTOR,
    now,
  });
  const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await Promise.all([
    webauthn(),
    helpers(),
  ]);
  const { rpID, origin } = relyingParty(deps.config, req);
  const challenge = await takeChallenge(
    store,
    input.response.response.clientDataJSON,
    'signin',
    null,
    now,
  );
  const refused = () => unauthenticated(DESK_ANSWERS.passkeyRefused);
  const passkey = await store.passkeys.findById(input.response.id);
  if (!passkey) throw refused();
  const staff = await store.staff.findById(passkey.staffId);
  if (!staff || staff.status !== 'active') throw refused();
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== isoBase64URL.fromUTF8String(staff.id)) throw refused();
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verified.verified) throw new Error('not verified');
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    throw refused();
  }
  const at = new Date(now).toISOString();
  if (!(await store.passkeys.useCounter(passkey.id, passkey.counter, newCounter, at)))
    throw refused();
  await Promise.all(counted.map(([limit, key]) => releaseThrottle(store, limit, key)));
  await audit(store, staff, 'desk.signIn', `staff:${staff.id}`, null, {
    ip,
    passkey: passkey.name,
  });
  return deskSession(deps, staff, DESK_ANSWERS.signedInWithPasskey);
}
