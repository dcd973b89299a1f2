// Passkeys: the member's own list (add one with a name, once their password and code or a passkey
// they have prove it is them; remove one), every member's for the owner, and sign-in with a passkey
// alone. The browser's WebAuthn part (@simplewebauthn/browser) loads only when a passkey button is
// pressed, so it never weighs on the desk's first paint.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { DeskPasskey, MemberPasskeys } from '../lib/contract/desk-passkeys.ts';
import type { RequestOf } from '../lib/contract/endpoints.ts';
import { PASSKEY_DEVICE_MESSAGES } from '../lib/desk-messages.ts';
import { ApiError } from '../client/api.ts';
import { deskCall } from '../client/desk-calls.ts';
import { callDesk, messageOf } from './desk-call.ts';
import { act, load, resourceAtom } from './desk-resource.ts';
import { startSession } from './desk-session.ts';

const webauthn = () => import('@simplewebauthn/browser');

/** The member's passkeys, as last loaded. */
export const $passkeys = resourceAtom<DeskPasskey[]>();

/** Every member's passkeys, as the owner last loaded them. */
export const $memberPasskeys = resourceAtom<MemberPasskeys[]>();

/** What proves it is the member before a passkey is added: password and code, or a passkey held. */
export type PasskeyProof = { password: string; code: string } | 'passkey';

/** The words for a failure of the device's part (cancelled, unsupported), or the server's. */
function deviceFailure(error: unknown): Error {
  if (error instanceof ApiError) return error;
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return new Error(PASSKEY_DEVICE_MESSAGES.alreadyAdded);
  if (name === 'NotSupportedError' || /not support/i.test(messageOf(error)))
    return new Error(PASSKEY_DEVICE_MESSAGES.unsupported);
  return new Error(PASSKEY_DEVICE_MESSAGES.cancelled);
}

/** Signs in with a passkey this device holds: no e-mail, password or code. Throws what to say. */
export async function signInWithPasskey(): Promise<void> {
  let response: RequestOf<'deskPasskeySignIn'>['response'];
  try {
    const [{ startAuthentication }, { options }] = await Promise.all([
      webauthn(),
      deskCall('deskPasskeySignInOptions', {}),
    ]);
    // The browser's extension outputs are a plain object, as the schema takes them.
    response = (await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    })) as RequestOf<'deskPasskeySignIn'>['response'];
  } catch (error) {
    throw deviceFailure(error);
  }
  startSession(await deskCall('deskPasskeySignIn', { response }));
}

/** Loads the member's passkeys. */
export const loadPasskeys = (): Promise<boolean> =>
  load($passkeys, async () => (await callDesk('deskPasskeys', {})).passkeys);

/** The options to make a new passkey, once `proof` shows it is the member (a passkey asks the device). */
async function provenOptions(proof: PasskeyProof) {
  if (proof !== 'passkey') return callDesk('deskPasskeyOptions', proof);
  const [{ startAuthentication }, { options }] = await Promise.all([
    webauthn(),
    callDesk('deskPasskeyProofOptions', {}),
  ]);
  const assertion = (await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  })) as RequestOf<'deskPasskeySignIn'>['response'];
  return callDesk('deskPasskeyOptions', { assertion });
}

/**
 * Makes a passkey on this device and adds it under `name`, proven by `proof`; answers whether it
 * was added.
 */
export async function addPasskey(name: string, proof: PasskeyProof): Promise<boolean> {
  const answer = await act($passkeys, async () => {
    let response: RequestOf<'deskPasskeyAdd'>['response'];
    try {
      const [{ startRegistration }, { options }] = await Promise.all([
        webauthn(),
        provenOptions(proof),
      ]);
      response = (await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      })) as RequestOf<'deskPasskeyAdd'>['response'];
    } catch (error) {
      throw deviceFailure(error);
    }
    return callDesk('deskPasskeyAdd', { name, response });
  });
  if (answer) $passkeys.set({ ...$passkeys.get(), data: answer.passkeys });
  return answer !== null;
}

/** Removes one of the member's passkeys. */
export async function removePasskey(passkey: DeskPasskey): Promise<boolean> {
  const answer = await act($passkeys, () => callDesk('deskPasskeyRemove', { id: passkey.id }));
  if (answer) $passkeys.set({ ...$passkeys.get(), data: answer.passkeys });
  return answer !== null;
}

/** Loads every member's passkeys (the owner's Staff screen). */
export const loadMemberPasskeys = (): Promise<boolean> =>
  load($memberPasskeys, async () => (await callDesk('deskStaffPasskeys', {})).members);

/** The owner removes `passkey` of the member `staffId`. */
export async function removeMemberPasskey(staffId: string, passkey: DeskPasskey): Promise<boolean> {
  const answer = await act($memberPasskeys, () =>
    callDesk('deskStaffPasskeyRemove', { staffId, id: passkey.id }),
  );
  if (answer) $memberPasskeys.set({ ...$memberPasskeys.get(), data: answer.members });
  return answer !== null;
}
