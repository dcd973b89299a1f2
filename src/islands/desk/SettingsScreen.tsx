// The shop's settings: everyone on the desk may read them, an owner edits them. Each value says
// whether it is still the default; a save sends only the settings whose fields changed, and the
// server's words (its field messages, or which keys it saved) are shown as they came.
import { useEffect, useState, type FormEvent } from 'react';
import type { AnswerOf } from '../../lib/contract/endpoints.ts';
import type { SettingKey } from '../../lib/shop-settings.ts';
import {
  SETTINGS_VIEW,
  settingsFields,
  settingsSave,
  type SettingsFields,
} from '../../lib/desk-ops-view.ts';
import { deskRequest, notify, notifyFailure } from '../../stores/desk.ts';
import type { ScreenProps } from './screen-props.ts';
import { Field } from './Field.tsx';

type Answer = AnswerOf<'deskSettings'>;

/** The settings screen. */
export default function SettingsScreen({ staff }: ScreenProps) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [fields, setFields] = useState<SettingsFields | null>(null);
  const [busy, setBusy] = useState(false);
  const owner = staff.role === 'owner';

  function show(a: Answer) {
    setAnswer(a);
    setFields(settingsFields(a.settings));
  }
  useEffect(() => {
    deskRequest('deskSettings', {}).then(show, notifyFailure);
  }, []);

  if (!answer || !fields) return <p>Loading…</p>;
  const loaded = settingsFields(answer.settings);
  const isDefault = (key: SettingKey) => answer.defaults.includes(key);
  const defaultNote = (key: SettingKey) =>
    isDefault(key) ? <p className="desk-badge">{SETTINGS_VIEW.isDefault}</p> : null;
  const input = (name: keyof SettingsFields) => ({
    name,
    value: fields[name],
    readOnly: !owner,
    onChange: (e: { currentTarget: HTMLInputElement }) =>
      setFields({ ...fields, [name]: e.currentTarget.value }),
  });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = settingsSave(loaded, fields!);
    if (!body) {
      notify('error', SETTINGS_VIEW.noChange);
      return;
    }
    setBusy(true);
    try {
      const saved = await deskRequest('deskSettingsSave', body);
      show(saved);
      notify('success', saved.message);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="desk-hint">{SETTINGS_VIEW.whenApplied}</p>
      {!owner && <p>{SETTINGS_VIEW.ownerOnly}</p>}
      <form className="desk-form" onSubmit={(e) => void save(e)} aria-label="Shop settings">
        <fieldset>
          <legend>Contacts</legend>
          {defaultNote('whatsappNumber')}
          <Field
            label="WhatsApp number"
            hint="03xxxxxxxxx or +923xxxxxxxxx"
            type="tel"
            autoComplete="off"
            {...input('whatsappNumber')}
          />
          {defaultNote('supportEmail')}
          <Field
            label="Support e-mail"
            type="email"
            autoComplete="off"
            {...input('supportEmail')}
          />
          {defaultNote('ordersEmail')}
          <Field
            label="Orders alert address"
            hint="New orders, return requests and failed mails are sent here."
            type="email"
            autoComplete="off"
            {...input('ordersEmail')}
          />
        </fieldset>
        <fieldset>
          <legend>Bank details for bank transfers</legend>
          {isDefault('bankDetails') && <p className="desk-badge">{SETTINGS_VIEW.bankUnset}</p>}
          <Field label="Account title" autoComplete="off" {...input('accountTitle')} />
          <Field label="Bank" autoComplete="off" {...input('bank')} />
          <Field
            label="IBAN"
            hint="PK followed by 22 letters and digits"
            autoComplete="off"
            {...input('iban')}
          />
          <Field
            label="Account number (optional)"
            autoComplete="off"
            inputMode="numeric"
            {...input('accountNumber')}
          />
        </fieldset>
        <fieldset>
          <legend>Support hours</legend>
          {defaultNote('supportHours')}
          <Field label="Open" autoComplete="off" {...input('hoursOpen')} />
          <Field label="Closed" autoComplete="off" {...input('hoursClosed')} />
        </fieldset>
        {owner && (
          <button type="submit" className="desk-button" disabled={busy}>
            Save changes
          </button>
        )}
      </form>
    </>
  );
}
