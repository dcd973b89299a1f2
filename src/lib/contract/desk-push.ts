// The schemas of the desk's alert calls (a member's devices that get Web Push alerts), spread into
// DESK_REQUESTS and DESK_ANSWER_SCHEMAS. Only ./desk.ts imports this module.
import * as z from 'zod/mini';
import { MAX_PUSH_ENDPOINT, MAX_PUSH_LABEL, PUSH_KINDS } from '../push.ts';
import { humanText, requiredString, requiredText } from './fields.ts';

const success = z.literal(true);

// A browser's PushSubscription.toJSON(): the keys are base64url, the P-256 point uncompressed
// (65 bytes, first byte 0x04, so its text starts with B) and the auth secret 16 bytes.
const p256dhSchema = requiredString('The device key is required').check(
  z.regex(/^B[A-Za-z0-9_-]{86}=?$/, 'The device key must be a P-256 public key in base64url'),
);
const authSchema = requiredString('The device secret is required').check(
  z.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'The device secret must be 16 bytes in base64url'),
);
const kindSchema = z.enum(PUSH_KINDS, {
  error: `Alert kinds must be among: ${PUSH_KINDS.join(', ')}`,
});

/** A device's subscription as the browser's push manager gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: requiredString('The push address is required').check(
    z.maxLength(
      MAX_PUSH_ENDPOINT,
      `The push address must be at most ${MAX_PUSH_ENDPOINT} characters`,
    ),
    z.url({ protocol: /^https?$/, error: 'The push address must be an http(s) address' }),
  ),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: p256dhSchema, auth: authSchema }),
});

/** Bodies of the alert calls. */
export const PUSH_REQUESTS = {
  deskPushAdd: z.object({
    subscription: pushSubscriptionSchema,
    kinds: z
      .array(kindSchema)
      .check(
        z.minLength(1, 'Choose at least one kind of alert'),
        z.maxLength(PUSH_KINDS.length, 'Each kind of alert once'),
      ),
    label: humanText('A name for this device is required', MAX_PUSH_LABEL),
  }),
  deskPushRemove: z.object({ id: requiredText('Device id is required', 64) }),
} as const;

/** One of the member's devices, as their alerts control lists it. */
export const deskPushDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  kinds: z.array(kindSchema),
  endpoint: z.string(),
  createdAt: z.string(),
});

const devices = {
  /** The key the browser subscribes with; null when the shop has no VAPID keys (no push). */
  publicKey: z.nullable(z.string()),
  devices: z.array(deskPushDeviceSchema),
};

/** Answers of the alert calls: the member's devices, after the change when there was one. */
export const PUSH_ANSWER_SCHEMAS = {
  deskPushDevices: z.object({ success, ...devices }),
  deskPushChanged: z.object({ success, message: z.string(), ...devices }),
} as const;

export type DeskPushDevice = z.infer<typeof deskPushDeviceSchema>;
export type DeskPushDevices = z.infer<(typeof PUSH_ANSWER_SCHEMAS)['deskPushDevices']>;
export type DeskPushAddBody = z.infer<(typeof PUSH_REQUESTS)['deskPushAdd']>;
