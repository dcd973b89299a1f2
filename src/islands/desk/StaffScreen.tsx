// Owner only: the staff (invite with name, e-mail and role; change a role; remove someone). The
// server refuses anyone else and words every refusal; this screen shows its words.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { DeskStaff } from '../../lib/contract/desk.ts';
import { deskRequest, notify, notifyFailure } from '../../stores/desk.ts';
import type { ScreenProps } from './screen-props.ts';
import { Field } from './Field.tsx';

type Role = DeskStaff['role'];

/** The staff screen. */
export default function StaffScreen({ staff: me }: ScreenProps) {
  const [members, setMembers] = useState<DeskStaff[] | null>(null);
  const [busy, setBusy] = useState(false);
  const roleId = useId();

  async function reload() {
    try {
      setMembers((await deskRequest('deskStaffList', {})).staff);
    } catch (error) {
      notifyFailure(error);
    }
  }
  useEffect(() => {
    void reload();
  }, []);

  async function act(run: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      notify('success', (await run()).message);
      return true;
    } catch (error) {
      notifyFailure(error);
      return false;
    } finally {
      setBusy(false);
      await reload();
    }
  }

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    void act(() =>
      deskRequest('deskInvite', {
        name: String(form.get('name') ?? ''),
        email: String(form.get('email') ?? ''),
        role: String(form.get('role') ?? 'staff') as Role,
      }),
    ).then((ok) => ok && formElement.reset());
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
        <button type="submit" className="desk-button" disabled={busy}>
          Send invitation
        </button>
      </form>
      <h2>Staff</h2>
      {members === null ? (
        <p>Loading…</p>
      ) : (
        <ul className="desk-staff">
          {members.map((m) => (
            <li key={m.id}>
              <strong>{m.name}</strong> · {m.email}
              <br />
              {m.role} · {m.status}
              {m.id !== me.id && m.status !== 'removed' && (
                <span className="desk-row">
                  <button
                    type="button"
                    className="desk-button desk-quiet"
                    disabled={busy}
                    onClick={() =>
                      void act(() =>
                        deskRequest('deskStaffRole', {
                          staffId: m.id,
                          role: m.role === 'owner' ? 'staff' : 'owner',
                        }),
                      )
                    }
                  >
                    Make {m.role === 'owner' ? 'staff' : 'owner'}
                    <span className="visually-hidden"> ({m.email})</span>
                  </button>
                  <button
                    type="button"
                    className="desk-button desk-danger"
                    disabled={busy}
                    onClick={() => {
                      if (confirm(`Remove ${m.email} from the desk?`))
                        void act(() => deskRequest('deskStaffRemove', { staffId: m.id }));
                    }}
                  >
                    Remove<span className="visually-hidden"> {m.email}</span>
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
