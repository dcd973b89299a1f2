// The owner's connections from the desk's Settings (couriers, WhatsApp, JazzCash, EasyPaisa): what
// each is and where it comes from, secrets shown only as set or not; and the save, which checks
// each value with config.ts's own rule, refuses sandbox keys on the live site, tries the keys where
// the provider has a call that costs nothing, then seals the secrets and audits the change (the
// fields changed, never a secret).
import {
  CONNECTIONS,
  CONNECTION_NAMES,
  connectionFieldNames,
  savedWhole,
  type ConnectionField,
  type ConnectionFieldView,
  type ConnectionName,
  type ConnectionSource,
  type ConnectionView,
} from '../../lib/connections.ts';
import { CONNECTION_MESSAGES } from '../../lib/contract/desk-connections.ts';
import { checkVariable, isVariable, loadConfig, pairProblems, type Config } from '../config.ts';
import {
  connectionSource,
  effectiveConfig,
  forgetConnections,
  openConnection,
  sealConnection,
  storedConnections,
  withConnections,
  type OpenedConnection,
} from '../connections.ts';
import { CourierError, courierFromConfig, isPassingFailure } from '../couriers/index.ts';
import type { Deps } from '../deps.ts';
import { invalid } from '../errors.ts';
import {
  MessagingError,
  readWhatsappNumber,
  whatsappSettingsFromConfig,
} from '../messaging/index.ts';
import { signingKey, verifyingKeys } from '../secret.ts';
import type { StaffRecord, Store } from '../store/port.ts';
import { audit } from './audit.ts';

/** How long trying a connection's keys may take: the save answers within a function's 10 s. */
const CHECK_TIMEOUT_MS = 6000;

/** A secret's last characters the desk may show: four of a long one, two of a short one, else none. */
function endsIn(secret: string): string | undefined {
  if (secret.length >= 16) return secret.slice(-4);
  if (secret.length >= 8) return secret.slice(-2);
  return undefined;
}

function fieldView(field: ConnectionField, value: unknown): ConnectionFieldView {
  const text = value === undefined || value === null ? '' : String(value);
  if (!text) return { set: false };
  if (!field.secret) return { set: true, value: text };
  const tail = endsIn(text);
  return tail === undefined ? { set: true } : { set: true, endsIn: tail };
}

/** Every connection as the desk shows it, from the configuration in force. */
async function connectionsView(store: Store, config: Config) {
  const stored = await storedConnections(store);
  const values = config as unknown as Record<string, unknown>;
  const connections = {} as Record<ConnectionName, ConnectionView>;
  for (const name of CONNECTION_NAMES) {
    const { fields } = CONNECTIONS[name];
    const source: ConnectionSource = connectionSource(name, stored[name], config);
    connections[name] = {
      source,
      fields: Object.fromEntries(
        fields.map((f) => {
          const view = fieldView(f, values[f.name]);
          const from = connectionSource(name, stored[name], config, f.name);
          return [f.name, f.alone && from !== 'none' ? { ...view, from } : view];
        }),
      ),
    };
  }
  return { connections, live: config.production };
}

/** The desk's connections answer (owner only). */
export async function deskConnections(deps: Deps) {
  return { success: true as const, ...(await connectionsView(deps.store, deps.config)) };
}

/** `text` with each variable name of `connection` replaced by the desk's label for it. */
function inWords(connection: ConnectionName, text: string): string {
  return CONNECTIONS[connection].fields.reduce(
    (words, f) => words.replaceAll(f.name, f.label),
    text,
  );
}

/** What is wrong with a connection's values taken one by one and together, in the desk's words. */
function problemsOf(
  connection: ConnectionName,
  values: OpenedConnection,
  set: Record<string, string>,
  production: boolean,
): string[] {
  const spec = CONNECTIONS[connection];
  const problems: string[] = [];
  for (const [field, value] of Object.entries(set))
    if (isVariable(field)) {
      const checked = checkVariable(field, value);
      if (!checked.ok) problems.push(`${inWords(connection, field)}: ${checked.message}`);
    }
  // Fields that stand alone, saved without the rest, leave the environment's connection in force:
  // there is no connection of the desk's to be complete.
  if (!savedWhole(connection, values)) return problems;
  const missing = spec.fields.filter((f) => f.required && !values[f.name]).map((f) => f.label);
  if (missing.length > 0) problems.push(CONNECTION_MESSAGES.incomplete(spec.label, missing));
  problems.push(...pairProblems(values).map((text) => inWords(connection, text)));
  if (connection === 'courier' && problems.length === 0) {
    const config = withConnections({} as Config, { courier: values });
    if (!courierFromConfig(config)) problems.push(CONNECTION_MESSAGES.courierKeys);
  }
  const environment = values[`${connection.toUpperCase()}_ENVIRONMENT`];
  if (production && environment === 'sandbox')
    problems.push(CONNECTION_MESSAGES.sandboxLive(spec.label));
  return problems;
}

/** What the provider answered when the keys were tried, and whether it refused them outright. */
interface Tried {
  ok: boolean;
  text: string;
  refused: boolean;
}

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Tries a connection's keys on a call that books, sends and charges nothing: the courier's cities,
 * WhatsApp's phone number read. The wallets document no such call: their keys are checked for form
 * only, and the first payment proves them.
 */
async function tryKeys(connection: ConnectionName, config: Config): Promise<Tried | null> {
  if (connection === 'courier') {
    const courier = courierFromConfig(config);
    if (!courier) return null;
    try {
      const cities = await withTimeout(courier.adapter.cities(), courier.label);
      return {
        ok: true,
        refused: false,
        text: `${courier.label} accepts the keys and serves ${cities.length} cities.`,
      };
    } catch (error) {
      const passing = !(error instanceof CourierError) || isPassingFailure(error);
      return {
        ok: false,
        refused: !passing,
        // The adapter's words name the variable; the owner reads the field's label.
        text: inWords(
          'courier',
          `${courier.label} ${passing ? 'did not answer' : 'refused the keys'}: ${(error as Error).message}`,
        ),
      };
    }
  }
  if (connection === 'whatsapp') {
    const settings = whatsappSettingsFromConfig(config);
    if (!settings) return null;
    try {
      const number = await withTimeout(readWhatsappNumber(settings), 'WhatsApp');
      if (number.sandbox && config.production)
        return { ok: false, refused: true, text: CONNECTION_MESSAGES.whatsappTestNumber };
      return {
        ok: true,
        refused: false,
        text: `WhatsApp accepts the token: it sends from ${number.displayPhoneNumber}${number.verifiedName ? ` (${number.verifiedName})` : ''}${number.sandbox ? ', a test number that messages only the numbers added to it' : ''}.`,
      };
    } catch (error) {
      const refused =
        error instanceof MessagingError &&
        (error.kind === 'unauthorised' || error.kind === 'rejected');
      return { ok: false, refused, text: (error as Error).message };
    }
  }
  return {
    ok: true,
    refused: false,
    text: `${CONNECTIONS[connection].label} has no call that proves keys without a payment: they are checked for form only, and the first payment tries them.`,
  };
}

/** A connection's fields for the audit log: plain values as they are, secrets only as set or not. */
function audited(connection: ConnectionName, values: OpenedConnection, fields: string[]) {
  return Object.fromEntries(
    fields.map((field) => {
      const secret = CONNECTIONS[connection].fields.find((f) => f.name === field)?.secret;
      const value = values[field];
      return [field, value === undefined ? 'not set' : secret ? 'set' : value];
    }),
  );
}

/**
 * Sets and removes fields of one connection for the owner. Refused, changing nothing: a field the
 * connection lacks, a value its rule refuses, a connection left incomplete, sandbox keys on the live
 * site, keys the provider refuses. A connection left with no field is removed (the environment's
 * is used again).
 */
export async function saveConnection(
  deps: Deps,
  owner: StaffRecord,
  body: { connection: ConnectionName; set: Record<string, string>; remove: string[] },
) {
  const { connection, set, remove } = body;
  const spec = CONNECTIONS[connection];
  const names = connectionFieldNames(connection);
  for (const field of [...Object.keys(set), ...remove])
    if (!names.includes(field))
      throw invalid(CONNECTION_MESSAGES.unknownField(spec.label, field, names));
  const both = remove.find((field) => Object.hasOwn(set, field));
  if (both) throw invalid(CONNECTION_MESSAGES.bothWays(both));
  const stored = (await deps.store.connections.get())[connection];
  const keys = verifyingKeys(deps.config);
  const current = stored ? openConnection(connection, stored, keys).values : {};
  const next: OpenedConnection = { ...current, ...set };
  for (const field of remove) delete next[field];
  const changed = names.filter((f) => current[f] !== next[f]);
  // The environment's configuration, on the live site or not as the call's own configuration says.
  const env = { ...loadConfig(), production: deps.config.production };
  if (changed.length === 0)
    return {
      success: true as const,
      message: CONNECTION_MESSAGES.unchanged,
      check: null,
      ...(await connectionsView(deps.store, deps.config)),
    };
  const empty = Object.keys(next).length === 0;
  const whole = savedWhole(connection, next);
  let check: Tried | null = null;
  if (!empty) {
    const problems = problemsOf(connection, next, set, env.production);
    if (problems.length > 0) throw invalid(problems.join('; '));
    // Only fields that stand alone: the keys in force are the environment's, not this save's.
    if (whole) check = await tryKeys(connection, withConnections(env, { [connection]: next }));
    if (check?.refused) throw invalid(CONNECTION_MESSAGES.refused(check.text));
  }
  await deps.store.connections.save(
    connection,
    empty ? null : sealConnection(connection, next, signingKey(deps.config)),
  );
  forgetConnections();
  await audit(
    deps.store,
    owner,
    'connections.save',
    `connection:${connection}`,
    audited(connection, current, changed),
    audited(connection, next, changed),
  );
  const config = await effectiveConfig(deps.store, env);
  return {
    success: true as const,
    message: empty
      ? CONNECTION_MESSAGES.removed(spec.label)
      : whole
        ? CONNECTION_MESSAGES.saved(spec.label)
        : CONNECTION_MESSAGES.savedAlone(
            spec.fields.filter((f) => next[f.name] !== undefined).map((f) => f.label),
            spec.label,
          ),
    check: check && { ok: check.ok, text: check.text },
    ...(await connectionsView(deps.store, config)),
  };
}
