// Settings lead with "This device": the member's push alerts for their own devices and their
// passkeys, what a member opens Settings for on a phone. Then the shop's settings: everyone on the
// desk may read them, an owner edits them. Each value says whether it is still the default; a save
// sends only the settings whose fields changed, and the server's words (its field messages, or
// which keys it saved) are shown as they came. The owner alone sees the shop's Connections last.
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { SettingKey } from '../../lib/shop-settings.ts';
import {
  SETTINGS_VIEW,
  keepTyped,
  settingsFields,
  type SettingsFields,
} from '../../lib/desk-ops-view.ts';
import { setUnsaved } from '../../stores/desk-leave.ts';
import { $settings, loadSettings, saveSettings } from '../../stores/desk-settings.ts';
import type { ScreenProps } from './screen-props.ts';
import { Field } from './Field.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { PushAlerts } from './PushAlerts.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { ConnectionsSection } from './ConnectionsSection.tsx';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** The name the settings form's unsaved edits go by (src/stores/desk-leave.ts). */
const UNSAVED_SETTINGS = 'settings';

/** The settings screen. */
export default function SettingsScreen({ staff }: ScreenProps) {
  const settings = useStore($settings);
  const { data: answer, busy } = settings;
  // The form as typed, started from the first answer; a later load's answer fills only the fields
  // not typed in since the answer before (keepTyped), and a save starts it again from its answer.
  const [fields, setFields] = useState<SettingsFields | null>(null);
  const answered = useRef<SettingsFields | null>(null);
  const owner = staff.role === 'owner';
  const focusAfter = useFocusAfter();

  useEffect(() => {
    void loadSettings();
  }, []);
  useEffect(() => {
    if (!answer) return;
    const before = answered.current;
    const fresh = settingsFields(answer.settings);
    answered.current = fresh;
    setFields((typed) => keepTyped(before, typed, fresh));
  }, [answer]);
  // Edits not saved make leaving the screen ask first; a save starts the form from its answer.
  const edited =
    owner &&
    !!answer &&
    !!fields &&
    JSON.stringify(fields) !== JSON.stringify(settingsFields(answer.settings));
  // In the render's own task (a layout effect), so a tap or a closed tab straight after typing
  // already finds the edit known.
  useLayoutEffect(() => setUnsaved(UNSAVED_SETTINGS, edited), [edited]);
  useEffect(() => () => setUnsaved(UNSAVED_SETTINGS, false), []);

  const device = (
    <section aria-labelledby="desk-this-device">
      <h2 id="desk-this-device">This device</h2>
      <PushAlerts />
      <PasskeysSection />
    </section>
  );
  if (!answer || !fields)
    return (
      <>
        {device}
        <h2>Shop settings</h2>
        <NotLoaded resource={settings} retry={loadSettings} />
      </>
    );
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

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The save's result is its message (what was saved, or why not): focus lands there. A saved
    // form starts again from the answer, which writes some values its own way (+92… for 03…).
    void saveSettings(loaded, fields!).then((saved) => {
      const data = $settings.get().data;
      if (saved && data) setFields(settingsFields(data.settings));
      focusAfter(theMessage);
    });
  }

  return (
    <>
      {device}
      <h2>Shop settings</h2>
      <p className="desk-hint">{SETTINGS_VIEW.whenApplied}</p>
      {!owner && <p>{SETTINGS_VIEW.ownerOnly}</p>}
      <form className="desk-form" onSubmit={save} aria-label="Shop settings">
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
          <Field
            label="SWIFT/BIC (optional)"
            hint={SETTINGS_VIEW.swiftHint}
            autoComplete="off"
            {...input('swift')}
          />
          <Field label="Bank address (optional)" autoComplete="off" {...input('bankAddress')} />
        </fieldset>
        <fieldset>
          <legend>Support hours</legend>
          {defaultNote('supportHours')}
          <Field label="Open" autoComplete="off" {...input('hoursOpen')} />
          <Field label="Closed" autoComplete="off" {...input('hoursClosed')} />
        </fieldset>
        <fieldset>
          <legend>Delivery estimates (business days)</legend>
          {defaultNote('deliveryDays')}
          <p className="desk-hint">{SETTINGS_VIEW.deliveryHint}</p>
          <Field
            label="In Pakistan: from"
            inputMode="numeric"
            autoComplete="off"
            {...input('pakistanFrom')}
          />
          <Field
            label="In Pakistan: to"
            inputMode="numeric"
            autoComplete="off"
            {...input('pakistanTo')}
          />
          <Field
            label="Abroad: from"
            inputMode="numeric"
            autoComplete="off"
            {...input('abroadFrom')}
          />
          <Field label="Abroad: to" inputMode="numeric" autoComplete="off" {...input('abroadTo')} />
        </fieldset>
        <fieldset>
          <legend>COD orders confirmed before they ship</legend>
          {defaultNote('codConfirmation')}
          <p className="desk-hint">{SETTINGS_VIEW.codHint}</p>
          <div className="desk-field">
            <label htmlFor="desk-cod-rule">Which COD orders wait for confirmation</label>
            <select
              id="desk-cod-rule"
              name="codRule"
              value={fields.codRule}
              disabled={!owner}
              onChange={(e) => setFields({ ...fields, codRule: e.currentTarget.value })}
            >
              {(['off', 'all', 'above'] as const).map((rule) => (
                <option key={rule} value={rule}>
                  {SETTINGS_VIEW.codRules[rule]}
                </option>
              ))}
            </select>
          </div>
          {fields.codRule === 'above' && (
            <Field
              label="Above (PKR)"
              hint="COD orders whose total is more than this wait for confirmation."
              inputMode="numeric"
              autoComplete="off"
              {...input('codAbove')}
            />
          )}
          <Field
            label="Hours before an unconfirmed order is cancelled"
            hint="1 to 168"
            inputMode="numeric"
            autoComplete="off"
            {...input('codHours')}
          />
        </fieldset>
        {owner && (
          <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
            Save changes
          </button>
        )}
      </form>
      {owner && <ConnectionsSection />}
    </>
  );
}
