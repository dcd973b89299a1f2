import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../lib/messages.ts';
import { notify } from '../../stores/notices.ts';
import { $session } from '../../stores/session.ts';
import { $settings, saveSettings } from '../../stores/settings.ts';
import { useClientStore, useWakeHeader } from '../shared/hooks.ts';
import { SettingsForm } from './SettingsForm.tsx';
import type { UserSettings } from '../../lib/user-settings.ts';
import { SignInPrompt } from './SignInPrompt.tsx';
import './account.css';

/** Confirms a save. */
export const SETTINGS_SAVED = 'Settings saved';

/** The /mySetting page body: 'Customer Settings' with an Edit mode, kept in this browser. */
export default function Settings() {
  useWakeHeader();
  const session = useClientStore($session);
  return (
    <section className="account-page" aria-labelledby="settings-title">
      <h1 id="settings-title">Customer Settings</h1>
      {session === null ? (
        <p className="muted">Loading...</p>
      ) : session.token ? (
        <SettingsPanel key={session.email} />
      ) : (
        <SignInPrompt text={ACCOUNT_MESSAGES.settingsSignedOut} />
      )}
    </section>
  );
}

const ROWS: ReadonlyArray<[keyof UserSettings, string]> = [
  ['name', 'Name'],
  ['email', 'E-mail'],
  ['gender', 'Gender'],
  ['dob', 'Date of birth'],
  ['phone', 'Phone'],
  ['address', 'Address'],
];

function SettingsPanel() {
  const saved = useClientStore($settings);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    // Back in view mode after Save or Cancel: focus returns to Edit.
    if (switched.current && !editing) editButton.current?.focus();
    switched.current = true;
  }, [editing]);

  // Only rendered for a signed-in shopper, whose settings the store always has.
  if (!saved) return null;
  if (editing) {
    return (
      <SettingsForm
        initial={saved}
        onSave={(next) => {
          saveSettings(next);
          setEditing(false);
          notify(SETTINGS_SAVED, 'success');
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <div className="account-panel settings-view">
      <dl className="settings-list">
        {ROWS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-field={key}>{saved[key] || <span className="muted">Not set</span>}</dd>
          </div>
        ))}
      </dl>
      <button ref={editButton} type="button" className="button" onClick={() => setEditing(true)}>
        Edit
      </button>
    </div>
  );
}
