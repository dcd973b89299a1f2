// What a member is told when a passkey of theirs is added or removed, and the one way every
// passkey of a member goes (signed out everywhere with "remove passkeys", demoted, removed): a
// passkey signs in with no password and no code, so the member hears of each one, with the device
// and the time, from wherever it came, even if the change was not theirs.
import { karachiTime } from '../../lib/desk.ts';
import { guessDeviceLabel } from '../../lib/push.ts';
import { SHOP } from '../../lib/shop-info.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { sendMailWithRetry, type Mail } from '../mail.ts';
import { audit } from '../operations/index.ts';
import type { StaffRecord } from '../store/port.ts';

/** Where a change came from: the browser and system it was made on, and the client's address. */
export interface ChangeOrigin {
  device: string;
  ip: string;
}

/** The device and address of a request, as a mail names them. */
export const changeOrigin = (req: Request, ip: string): ChangeOrigin => ({
  device: guessDeviceLabel(req.headers.get('user-agent') ?? ''),
  ip,
});

const quoted = (names: readonly string[]) => names.map((n) => `“${n}”`).join(', ');

const NOT_YOU =
  'If this wasn’t you, someone has your desk session: sign in, remove any passkey you do not know under Settings → Your passkeys, and press Sign out everywhere; or ask the owner to remove it on the Staff screen.';

/** Tells a member a passkey was added to their desk account: its name, the device, the time. */
export function passkeyAddedMail(
  staff: Pick<StaffRecord, 'email'>,
  name: string,
  from: ChangeOrigin,
  at: Date,
): Mail {
  return {
    to: staff.email,
    subject: `A passkey was added to your ${SHOP.name} desk account`,
    text: [
      `A passkey named “${name}” was added to your ${SHOP.name} desk account (${staff.email}) on ${karachiTime(at)} (Karachi time), from ${from.device} at the address ${from.ip}.`,
      'A passkey signs in to the desk with no password and no code.',
      '',
      `If this was you, there is nothing to do. ${NOT_YOU}`,
    ].join('\n'),
    summary: `passkey "${name}" added from ${from.device}`,
  };
}

/** Tells a member passkeys of theirs were removed, why, and when. */
export function passkeysRemovedMail(
  staff: Pick<StaffRecord, 'email'>,
  names: readonly string[],
  why: string,
  at: Date,
): Mail {
  const one = names.length === 1;
  return {
    to: staff.email,
    subject: `${one ? 'A passkey was' : 'Passkeys were'} removed from your ${SHOP.name} desk account`,
    text: [
      `${one ? 'The passkey' : 'The passkeys'} ${quoted(names)} ${one ? 'was' : 'were'} removed from your ${SHOP.name} desk account (${staff.email}) on ${karachiTime(at)} (Karachi time): ${why}.`,
      `${one ? 'It signs' : 'They sign'} no one in any more.`,
      '',
      'If this was you or the owner, there is nothing to do.',
    ].join('\n'),
    summary: `passkeys ${quoted(names)} removed: ${why}`,
  };
}

/** Mails `mail` after the answer, retried; a failure is logged, never the caller's. */
export function mailInBackground(deps: Deps, mail: Mail, waitUntil?: WaitUntil): void {
  void inBackground('passkey mail', () => sendMailWithRetry(deps.config, mail), waitUntil);
}

/**
 * Removes every passkey of `member`, audited as `actor`'s, and mails the member their names and
 * `why`; answers how many went (none: no mail).
 */
export async function dropPasskeys(
  deps: Deps,
  actor: Pick<StaffRecord, 'id' | 'email'>,
  member: StaffRecord,
  why: string,
  waitUntil?: WaitUntil,
): Promise<number> {
  const held = await deps.store.passkeys.listByStaff(member.id);
  if (held.length === 0) return 0;
  await deps.store.passkeys.removeByStaff(member.id);
  const names = held.map((p) => p.name);
  await audit(deps.store, actor, 'passkey.remove', `staff:${member.id}`, { names }, null);
  mailInBackground(deps, passkeysRemovedMail(member, names, why, new Date()), waitUntil);
  return held.length;
}
