// The schemas of the desk's passkey calls (adding, listing and removing a member's passkeys, and
// signing in with one), spread into DESK_REQUESTS and DESK_ANSWER_SCHEMAS. Only ./desk.ts imports
// this module. A browser's WebAuthn answer is checked for shape and size here; its bytes and
// signature are the server's WebAuthn library's to judge.
import * as z from 'zod/mini';
import { humanText, requiredString, requiredText } from './fields.ts';

const success = z.literal(true);
/** base64url text of at most `max` characters (a credential id, a signature, client data). */
const base64url = (name: string, max: number) =>
  requiredText(`${name} is required`, max).check(
    z.regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url text`),
  );
const transports = z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8)));
const extensions = z.record(z.string().check(z.maxLength(64)), z.unknown());
const attachment = z.optional(z.enum(['platform', 'cross-platform']));

/** What navigator.credentials.create() answered, as @simplewebauthn/browser sends it. */
const registrationSchema = z.object({
  id: base64url('Credential id', 1400),
  rawId: base64url('Credential id', 1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url('Client data', 4000),
    attestationObject: base64url('Attestation', 20_000),
    authenticatorData: z.optional(base64url('Authenticator data', 20_000)),
    transports,
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(base64url('Public key', 4000)),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
});

/** What navigator.credentials.get() answered, as @simplewebauthn/browser sends it. */
const authenticationSchema = z.object({
  id: base64url('Credential id', 1400),
  rawId: base64url('Credential id', 1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url('Client data', 4000),
    authenticatorData: base64url('Authenticator data', 4000),
    signature: base64url('Signature', 4000),
    userHandle: z.optional(base64url('User handle', 200)),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
});

/** A passkey as the member's list shows it. */
export const deskPasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** A synced passkey (backed up to the member's account with their phone's maker). */
  synced: z.boolean(),
});
/** A passkey as the member's list shows it. */
export type DeskPasskey = z.infer<typeof deskPasskeySchema>;

/** A member's passkeys, as the owner's Staff screen shows them. */
const memberPasskeysSchema = z.object({
  staffId: z.string(),
  name: z.string(),
  email: z.string(),
  passkeys: z.array(deskPasskeySchema),
});
/** A member's passkeys, as the owner's Staff screen shows them. */
export type MemberPasskeys = z.infer<typeof memberPasskeysSchema>;

/** Bodies of the passkey calls. */
export const PASSKEY_REQUESTS = {
  /**
   * What proves it is the member before a passkey is added: their password and a fresh code, or an
   * assertion of a passkey they already have (over a challenge of passkeys/proof-options).
   */
  deskPasskeyOptions: z.object({
    password: z.optional(
      requiredString('Password is required').check(
        z.minLength(1, 'Password is required'),
        z.maxLength(128, 'Password must be at most 128 characters'),
      ),
    ),
    code: z.optional(requiredText('Code is required', 12)),
    assertion: z.optional(authenticationSchema),
  }),
  deskSignOut: z.object({
    removePasskeys: z.optional(z.boolean({ error: 'Remove passkeys must be true or false' })),
  }),
  deskStaffPasskeyRemove: z.object({
    staffId: requiredText('Staff id is required', 64),
    id: base64url('Passkey id', 1400),
  }),
  deskPasskeyAdd: z.object({
    name: humanText('Please name the passkey (the phone or key it is on)', 60),
    response: registrationSchema,
  }),
  deskPasskeyRemove: z.object({ id: base64url('Passkey id', 1400) }),
  deskPasskeySignIn: z.object({ response: authenticationSchema }),
} as const;

/** Answers of the passkey calls. */
export const PASSKEY_ANSWER_SCHEMAS = {
  /** The options for the browser's WebAuthn call, passed on as they came. */
  deskPasskeyOptions: z.object({
    success,
    options: z.looseObject({ challenge: z.string() }),
  }),
  deskPasskeys: z.object({ success, passkeys: z.array(deskPasskeySchema) }),
  deskStaffPasskeys: z.object({ success, members: z.array(memberPasskeysSchema) }),
  deskStaffPasskeyChange: z.object({
    success,
    message: z.string(),
    members: z.array(memberPasskeysSchema),
  }),
  deskPasskeyChange: z.object({
    success,
    message: z.string(),
    passkeys: z.array(deskPasskeySchema),
  }),
} as const;
