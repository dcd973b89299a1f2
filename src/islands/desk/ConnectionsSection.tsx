// Settings, Connections (the owner only): one form per connection (couriers, WhatsApp, JazzCash,
// EasyPaisa). A secret is write-only: the form says "Set (ends in …ab12)" or "Not set", offers a
// field to replace it and Remove; other fields show their values. A field that stands alone (the
// push secret) says where it comes from, and saves by itself. Save sends only what was typed;
// the server's words (why not, or that it saved) are read out, and what the provider answered when
// the keys were tried stays under the form.
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  CONNECTIONS,
  CONNECTIONS_VIEW,
  CONNECTION_NAMES,
  connectionSave,
  fieldShown,
  type ConnectionField,
  type ConnectionName,
} from '../../lib/connections.ts';
import { setUnsaved } from '../../stores/desk-leave.ts';
import { notify } from '../../stores/desk-session.ts';
import {
  $connectionChecks,
  $connections,
  loadConnections,
  saveConnection,
} from '../../stores/desk-connections.ts';
import { Field } from './Field.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** The name the connection forms' unsaved edits go by (src/stores/desk-leave.ts). */
const UNSAVED_CONNECTIONS = 'connections';

type Typed = Partial<Record<ConnectionName, Record<string, string>>>;

/** The Connections section of Settings. */
export function ConnectionsSection() {
  const connections = useStore($connections);
  const checks = useStore($connectionChecks);
  const { data: answer, busy } = connections;
  const [typed, setTypedState] = useState<Typed>({});
  // What was typed as of the last keystroke or choice: a change or a Save that comes before the
  // screen has drawn the one before it (a busy phone) still builds on it, never on an older copy.
  const latest = useRef<Typed>({});
  const setTyped = (next: (was: Typed) => Typed) => {
    latest.current = next(latest.current);
    setTypedState(latest.current);
  };
  const focusAfter = useFocusAfter();

  useEffect(() => {
    void loadConnections();
  }, []);
  const edited =
    !!answer &&
    CONNECTION_NAMES.some(
      (name) => connectionSave(name, answer.connections[name], typed[name] ?? {}) !== null,
    );
  useLayoutEffect(() => setUnsaved(UNSAVED_CONNECTIONS, edited), [edited]);
  useEffect(() => () => setUnsaved(UNSAVED_CONNECTIONS, false), []);

  if (!answer)
    return (
      <section aria-labelledby="desk-connections">
        <h2 id="desk-connections">{CONNECTIONS_VIEW.heading}</h2>
        <NotLoaded resource={connections} retry={loadConnections} />
      </section>
    );

  const type = (name: ConnectionName, field: string, value: string) =>
    setTyped((was) => ({ ...was, [name]: { ...was[name], [field]: value } }));
  const done = (name: ConnectionName) => (saved: boolean) => {
    if (saved) setTyped((was) => ({ ...was, [name]: {} }));
    focusAfter(theMessage);
  };

  function save(name: ConnectionName, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = connectionSave(name, answer!.connections[name], latest.current[name] ?? {});
    if (!body) {
      notify('error', CONNECTIONS_VIEW.noChange);
      return;
    }
    void saveConnection(body).then(done(name));
  }

  function field(name: ConnectionName, spec: ConnectionField) {
    const view = answer!.connections[name].fields[spec.name];
    const value = typed[name]?.[spec.name];
    if (spec.secret)
      return (
        <div key={spec.name} className="desk-connection-secret">
          <p>
            <strong>{spec.label}:</strong> {fieldShown(view)}
            {view?.from && ` ${CONNECTIONS_VIEW.fieldSource[view.from]}`}
          </p>
          <Field
            label={CONNECTIONS_VIEW.replace(spec.label)}
            hint={spec.hint}
            name={spec.name}
            type="password"
            autoComplete="off"
            value={value ?? ''}
            onChange={(e) => type(name, spec.name, e.currentTarget.value)}
          />
          {view?.set && (spec.alone ? view.from : answer!.connections[name].source) === 'desk' && (
            <button
              type="button"
              className="desk-button desk-quiet"
              {...pressWhenIdle(busy, () => {
                void saveConnection({ connection: name, remove: [spec.name] }).then(done(name));
              })}
            >
              {CONNECTIONS_VIEW.remove(spec.label)}
            </button>
          )}
        </div>
      );
    const shown = value ?? view?.value ?? '';
    if (spec.choices)
      return (
        <div key={spec.name} className="desk-field">
          <label htmlFor={`desk-${spec.name}`}>{spec.label}</label>
          <select
            id={`desk-${spec.name}`}
            name={spec.name}
            value={shown}
            onChange={(e) => type(name, spec.name, e.currentTarget.value)}
          >
            <option value="">{CONNECTIONS_VIEW.notSet}</option>
            {spec.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      );
    return (
      <Field
        key={spec.name}
        label={spec.label}
        hint={spec.hint}
        name={spec.name}
        autoComplete="off"
        value={shown}
        onChange={(e) => type(name, spec.name, e.currentTarget.value)}
      />
    );
  }

  return (
    <section aria-labelledby="desk-connections">
      <h2 id="desk-connections">{CONNECTIONS_VIEW.heading}</h2>
      <p className="desk-hint">{CONNECTIONS_VIEW.hint}</p>
      {CONNECTION_NAMES.map((name) => {
        const { label, fields } = CONNECTIONS[name];
        const connection = answer.connections[name];
        const check = checks[name];
        return (
          <form
            key={name}
            className="desk-form"
            aria-label={label}
            onSubmit={(event) => save(name, event)}
          >
            <fieldset>
              <legend>{label}</legend>
              <p className="desk-badge">{CONNECTIONS_VIEW.source[connection.source]}</p>
              {fields.map((spec) => field(name, spec))}
              {check && <p className={check.ok ? 'desk-hint' : 'desk-error-text'}>{check.text}</p>}
            </fieldset>
            <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
              Save {label}
            </button>
            {connection.source === 'desk' && (
              <button
                type="button"
                className="desk-button desk-danger"
                {...pressWhenIdle(busy, () => {
                  void saveConnection({
                    connection: name,
                    remove: fields.map((f) => f.name),
                  }).then(done(name));
                })}
              >
                {CONNECTIONS_VIEW.removeAll(label)}
              </button>
            )}
          </form>
        );
      })}
    </section>
  );
}
