// The desk's staff (owner only): the members, an invitation, a role change and a removal. The server
// refuses anyone else and words every refusal; each action reloads the list, as the server now has it.
import type { RequestOf } from '../lib/contract/endpoints.ts';
import type { DeskStaff } from '../lib/contract/desk.ts';
import { callDesk } from './desk-call.ts';
import { act, load, resourceAtom } from './desk-resource.ts';

/** The desk's members, as last loaded. */
export const $staffList = resourceAtom<DeskStaff[]>();

/** Loads the members. */
export const loadStaff = (): Promise<boolean> =>
  load($staffList, async () => (await callDesk('deskStaffList', {})).staff);

async function actThenReload(run: () => Promise<{ message: string }>): Promise<boolean> {
  const done = await act($staffList, run);
  await loadStaff();
  return done !== null;
}

/** Invites someone by name, e-mail and role; answers whether the invitation was sent. */
export const inviteStaff = (body: RequestOf<'deskInvite'>): Promise<boolean> =>
  actThenReload(() => callDesk('deskInvite', body));

/** Makes an owner staff, or staff an owner. */
export const toggleRole = (member: DeskStaff): Promise<boolean> =>
  actThenReload(() =>
    callDesk('deskStaffRole', {
      staffId: member.id,
      role: member.role === 'owner' ? 'staff' : 'owner',
    }),
  );

/** Allows a member customers' personal data (names, contacts, addresses, the look-up), or stops it. */
export const setPersonalData = (member: DeskStaff, allowed: boolean): Promise<boolean> =>
  actThenReload(() => callDesk('deskStaffPersonalData', { staffId: member.id, allowed }));

/** The owner lets a member send refunds, or stops it. */
export const setRefunds = (member: DeskStaff, allowed: boolean): Promise<boolean> =>
  actThenReload(() => callDesk('deskStaffRefunds', { staffId: member.id, allowed }));

/** The owner lets a member see sales figures (the business view, the export), or stops it. */
export const setSales = (member: DeskStaff, allowed: boolean): Promise<boolean> =>
  actThenReload(() => callDesk('deskStaffSales', { staffId: member.id, allowed }));

/** The owner lets a member publish the catalogue, or stops it. */
export const setPublish = (member: DeskStaff, allowed: boolean): Promise<boolean> =>
  actThenReload(() => callDesk('deskStaffPublish', { staffId: member.id, allowed }));

/** Removes a member from the desk (their sessions end). */
export const removeStaff = (member: DeskStaff): Promise<boolean> =>
  actThenReload(() => callDesk('deskStaffRemove', { staffId: member.id }));
