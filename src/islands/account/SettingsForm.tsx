import { useEffect, useRef, useState, type FormEvent } from 'react';
import { editSettings, GENDERS, type UserSettings } from '../../lib/user-settings.ts';

/** The settings edit form: name and e-mail read-only, gender, dob (MM/DD), phone and address. */
export function SettingsForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: UserSettings;
  onSave: (settings: UserSettings) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(draft);
  };
  return (
    <form className="account-panel settings-form" onSubmit={submit} aria-label="Edit settings">
      <div className="field">
        <label htmlFor="settings-name">Name</label>
        <input id="settings-name" value={draft.name} readOnly autoComplete="name" />
      </div>
      <div className="field">
        <label htmlFor="settings-email">E-mail</label>
        <input id="settings-email" type="email" value={draft.email} readOnly autoComplete="email" />
      </div>
      <div className="field">
        <label htmlFor="settings-gender">Gender</label>
        <select
          ref={first}
          id="settings-gender"
          value={draft.gender}
          onChange={(e) => setDraft(editSettings(draft, 'gender', e.target.value))}
        >
          {GENDERS.map((g) => (
            <option key={g}>{g}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="settings-dob">Date of birth</label>
        <input
          id="settings-dob"
          value={draft.dob}
          placeholder="MM/DD"
          aria-describedby="settings-dob-hint"
          onChange={(e) => setDraft(editSettings(draft, 'dob', e.target.value))}
        />
        <span id="settings-dob-hint" className="muted">
          Month and day, e.g. 04/23
        </span>
      </div>
      <div className="field">
        <label htmlFor="settings-phone">Phone</label>
        <input
          id="settings-phone"
          type="tel"
          value={draft.phone}
          autoComplete="tel"
          onChange={(e) => setDraft(editSettings(draft, 'phone', e.target.value))}
        />
      </div>
      <div className="field">
        <label htmlFor="settings-address">Address</label>
        <textarea
          id="settings-address"
          rows={3}
          value={draft.address}
          autoComplete="street-address"
          onChange={(e) => setDraft(editSettings(draft, 'address', e.target.value))}
        />
      </div>
      <div className="dialog-actions">
        <button type="submit" className="button">
          Save
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
