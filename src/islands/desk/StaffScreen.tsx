// Owner only: the staff (invite with name, e-mail and role; change a role; allow a member customers'
// personal data, refunds, sales figures or publishing, or stop each; remove someone). The server refuses anyone else and words every
// refusal; this screen shows its words. A pressed button keeps focus while its call is out (the
// list's buttons say they are busy rather than being disabled, which would drop focus to <body>).
import { useEffect, useId, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { DeskStaff } from '../../lib/contract/desk.ts';
import {
  $staffList,
  inviteStaff,
  loadStaff,
  removeStaff,
  setPersonalData,
  setPublish,
  setRefunds,
  setSales,
  toggleRole,
} from '../../stores/desk-staff.ts';
import type { ScreenProps } from './screen-props.ts';
import { Field } from './Field.tsx';
import { MemberPasskeys } from './MemberPasskeys.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import {
  actionButtonIn,
  pressWhenIdle,
  theMessage,
  useFocusAfter,
  type FocusTarget,
} from './focus-after.ts';

type Role = DeskStaff['role'];

/** The staff screen. */

/** What the owner grants a member one by one: its field, its button's words and its call. */
const GRANTS = [
  {
    field: 'personalData',
    action: 'personal-data',
    allow: 'Allow customer data',
    stop: 'Stop customer data',
    set: setPersonalData,
  },
  {
    field: 'refunds',
    action: 'refunds',
    allow: 'Allow refunds',
    stop: 'Stop refunds',
    set: setRefunds,
  },
  {
    field: 'sales',
    action: 'sales',
    allow: 'Allow sales figures',
    stop: 'Stop sales figures',
    set: setSales,
  },
  {
    field: 'publish',
    action: 'publish',
    allow: 'Allow publishing',
    stop: 'Stop publishing',
    set: setPublish,
  },
] as const;

export default function StaffScreen({ staff: me }: ScreenProps) {
  const staffList = useStore($staffList);
  const { data: members, busy } = staffList;
  const roleId = useId();
  const focusAfter = useFocusAfter();
  // A member's own button again once the list is back (its label says the new state), else the message.
  const again =
    (member: DeskStaff, action: string): FocusTarget =>
    () =>
      actionButtonIn(document.getElementById(`staff-${member.id}`), action) ?? theMessage();

  useEffect(() => {
    void loadStaff();
  }, []);

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    void inviteStaff({
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      role: String(form.get('role') ?? 'staff') as Role,
    }).then((ok) => {
      if (ok) formElement.reset();
      focusAfter(theMessage);
    });
  }

  return (
    <>
      <h2>Invite someone</h2>
      <form className="desk-form" onSubmit={invite}>
        <Field label="Name" name="name" required maxLength={80} autoComplete="off" />
        <Field label="E-mail" name="email" type="email" required autoComplete="off" />
        <div className="desk-field">
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} name="role" defaultValue="staff">
            <option value="staff">Staff (orders)</option>
            <option value="owner">Owner (everything)</option>
          </select>
        </div>
        <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
          Send invitation
        </button>
      </form>
      <h2>Staff</h2>
      {members === null ? (
        <NotLoaded resource={staffList} retry={loadStaff} />
      ) : (
        <ul className="desk-staff">
          {members.map((m) => (
            <li key={m.id} id={`staff-${m.id}`}>
              <strong>{m.name}</strong> · {m.email}
              <br />
              {m.role} · {m.status}
              {m.role === 'staff' && (m.personalData ? ' · sees customer data' : '')}
              {m.role === 'staff' && (m.refunds ? ' · may send refunds' : '')}
              {m.role === 'staff' && (m.sales ? ' · sees sales figures' : '')}
              {m.role === 'staff' && (m.publish ? ' · may publish' : '')}
              {m.id !== me.id && m.status !== 'removed' && (
                <span className="desk-row">
                  <button
                    type="button"
                    className="desk-button desk-quiet"
                    data-action="role"
                    {...pressWhenIdle(
                      busy,
                      () => void toggleRole(m).then(() => focusAfter(again(m, 'role'))),
                    )}
                  >
                    Make {m.role === 'owner' ? 'staff' : 'owner'}
                    <span className="visually-hidden"> ({m.email})</span>
                  </button>
                  {m.role === 'staff' &&
                    GRANTS.map((g) => (
                      <button
                        key={g.action}
                        type="button"
                        className="desk-button desk-quiet"
                        data-action={g.action}
                        {...pressWhenIdle(
                          busy,
                          () =>
                            void g.set(m, !m[g.field]).then(() => focusAfter(again(m, g.action))),
                        )}
                      >
                        {m[g.field] ? g.stop : g.allow}
                        <span className="visually-hidden"> ({m.email})</span>
                      </button>
                    ))}
                  <button
                    type="button"
                    className="desk-button desk-danger"
                    {...pressWhenIdle(busy, () => {
                      if (confirm(`Remove ${m.email} from the desk?`))
                        void removeStaff(m).then(() => focusAfter(theMessage));
                    })}
                  >
                    Remove<span className="visually-hidden"> {m.email}</span>
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <MemberPasskeys />
    </>
  );
}
