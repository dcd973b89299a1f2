// A member's push alerts, on the Settings screen: this device's switch with the kinds to alert
// and its name, and every device of theirs that gets alerts, each with its own Turn off. Only the
// member's own devices are listed; the browser's push code loads with this screen. A pressed button
// keeps focus while its call is out; then focus lands on the message the live region reads.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  PUSH_ANSWERS,
  PUSH_KINDS,
  PUSH_KIND_LABELS,
  guessDeviceLabel,
  type PushKind,
} from '../../lib/push.ts';
import {
  $pushDevices,
  $pushSupported,
  $thisDevice,
  loadPushDevices,
  turnOff,
  turnOnHere,
} from '../../stores/desk-push.ts';
import { Field } from './Field.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** The alerts section. */
export function PushAlerts() {
  const resource = useStore($pushDevices);
  const here = useStore($thisDevice);
  const supported = useStore($pushSupported);
  const headingId = useId();
  const focusAfter = useFocusAfter();
  const [kinds, setKinds] = useState<PushKind[]>([...PUSH_KINDS]);
  const [label, setLabel] = useState(() => guessDeviceLabel(navigator.userAgent));

  useEffect(() => {
    void loadPushDevices();
  }, []);
  const thisOne = resource.data?.devices.find((d) => d.endpoint === here) ?? null;
  useEffect(() => {
    if (!thisOne) return;
    setKinds(thisOne.kinds);
    setLabel(thisOne.label);
  }, [thisOne]);

  const toggle = (kind: PushKind, on: boolean) =>
    setKinds(PUSH_KINDS.filter((k) => (k === kind ? on : kinds.includes(k))));

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void turnOnHere(kinds, label).then(() => focusAfter(theMessage));
  }

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Alerts on your devices</h3>
      <p className="desk-hint">
        A push names the order (#number, total, city); a tap opens it on the desk.
      </p>
      {!resource.data ? (
        <NotLoaded resource={resource} retry={loadPushDevices} />
      ) : !resource.data.publicKey ? (
        <p>{PUSH_ANSWERS.notSetUp}</p>
      ) : !supported ? (
        <p>This browser cannot show push alerts.</p>
      ) : (
        <form className="desk-form" onSubmit={save} aria-label="Alerts on this device">
          <fieldset>
            <legend>Alert this device of</legend>
            {PUSH_KINDS.map((kind) => (
              <label key={kind} className="desk-check">
                <input
                  type="checkbox"
                  name="kinds"
                  value={kind}
                  checked={kinds.includes(kind)}
                  onChange={(e) => toggle(kind, e.currentTarget.checked)}
                />
                {PUSH_KIND_LABELS[kind]}
              </label>
            ))}
          </fieldset>
          <Field
            label="This device's name"
            name="label"
            autoComplete="off"
            maxLength={60}
            required
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
          <button
            type="submit"
            className="desk-button"
            disabled={kinds.length === 0}
            {...pressWhenIdle(resource.busy)}
          >
            {thisOne ? 'Save alerts on this device' : 'Turn on alerts on this device'}
          </button>
        </form>
      )}
      {resource.data && resource.data.devices.length > 0 && (
        <ul className="desk-staff" aria-label="Your devices with alerts">
          {resource.data.devices.map((d) => (
            <li key={d.id}>
              <strong>{d.label}</strong>
              {d.endpoint === here && ' (this device)'}
              <br />
              <span className="desk-hint">
                {d.kinds.map((k) => PUSH_KIND_LABELS[k]).join(', ')}
              </span>
              <span className="desk-row">
                <button
                  type="button"
                  className="desk-button desk-quiet"
                  {...pressWhenIdle(
                    resource.busy,
                    () => void turnOff(d.id).then(() => focusAfter(theMessage)),
                  )}
                >
                  Turn off<span className="visually-hidden"> alerts on {d.label}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
