// The shop's connections to outside providers that the owner makes from the desk's Settings: the
// courier account, the WhatsApp number and the two wallets. Each field is named by the environment
// variable it stands for (src/server/config.ts validates both with the same rules), and a secret
// field is write-only: stored sealed, shown only as "Set (ends in …ab12)". Pure: shared by the
// desk's screen, the API's contract and the server.

/** A connection the owner can make from the desk. */
export type ConnectionName = 'courier' | 'whatsapp' | 'jazzcash' | 'easypaisa';

/** One field of a connection: its variable, how the desk labels it, and whether it is a secret. */
export interface ConnectionField {
  name: string;
  label: string;
  secret: boolean;
  /** The values it may take, when it is a choice, each with the words the desk shows for it. */
  choices?: readonly { value: string; label: string }[];
  /** A hint under the field: where in the provider's portal the value is. */
  hint?: string;
  /** Needed whenever the connection is made (the others have defaults, or go in pairs). */
  required?: true;
  /**
   * Stands on its own: saved here it replaces the environment's value of this field only, whatever
   * the rest of the connection is; unsaved, the environment's is used. (The rest of a connection is
   * saved and replaced whole.)
   */
  alone?: true;
}

/** A connection: its label, and its fields in the order the desk shows them. */
export interface ConnectionSpec {
  label: string;
  fields: readonly ConnectionField[];
}

/** A wallet's two environments, as the desk names them. */
const ENVIRONMENTS = [
  { value: 'sandbox', label: 'Sandbox (test keys: no money moves)' },
  { value: 'production', label: 'Production (live keys)' },
] as const;

/** Every connection, in the order the desk lists them. */
export const CONNECTIONS: Readonly<Record<ConnectionName, ConnectionSpec>> = {
  courier: {
    label: 'Couriers',
    fields: [
      {
        name: 'DEFAULT_COURIER',
        label: 'Courier Book uses',
        secret: false,
        choices: [
          { value: 'postex', label: 'PostEx' },
          { value: 'leopards', label: 'Leopards' },
        ],
      },
      {
        name: 'POSTEX_API_TOKEN',
        label: 'PostEx API token',
        secret: true,
        hint: "PostEx's merchant portal, Integrations",
      },
      {
        name: 'POSTEX_PICKUP_ADDRESS_CODE',
        label: 'PostEx pickup address code',
        secret: false,
        hint: "PostEx's default pickup address when empty",
      },
      {
        name: 'LEOPARDS_API_KEY',
        label: 'Leopards API key',
        secret: true,
        hint: "Leopards' merchant portal, API management",
      },
      { name: 'LEOPARDS_API_PASSWORD', label: 'Leopards API password', secret: true },
      {
        name: 'LEOPARDS_WEBHOOK_SECRET',
        label: 'Leopards push secret',
        secret: true,
        alone: true,
        hint: "Yours to choose (24 to 128 random letters, digits or punctuation, no spaces): Leopards sends it with each status push. It saves on its own: keys from the site's environment stay in force",
      },
    ],
  },
  whatsapp: {
    label: 'WhatsApp',
    fields: [
      {
        name: 'WHATSAPP_TOKEN',
        label: 'Access token',
        secret: true,
        required: true,
        hint: "A system user's token from Meta's Business settings",
      },
      {
        name: 'WHATSAPP_PHONE_NUMBER_ID',
        label: 'Phone number id',
        secret: false,
        required: true,
        hint: 'WhatsApp Manager, Phone numbers (digits, not the number)',
      },
      { name: 'WHATSAPP_TEMPLATE', label: 'Template name', secret: false },
      { name: 'WHATSAPP_TEMPLATE_LANGUAGE', label: 'Template language', secret: false },
    ],
  },
  jazzcash: {
    label: 'JazzCash',
    fields: [
      {
        name: 'JAZZCASH_ENVIRONMENT',
        label: 'Environment',
        secret: false,
        required: true,
        choices: ENVIRONMENTS,
      },
      { name: 'JAZZCASH_MERCHANT_ID', label: 'Merchant id', secret: false, required: true },
      { name: 'JAZZCASH_PASSWORD', label: 'API password', secret: true, required: true },
      { name: 'JAZZCASH_INTEGRITY_SALT', label: 'Integrity salt', secret: true, required: true },
    ],
  },
  easypaisa: {
    label: 'EasyPaisa',
    fields: [
      {
        name: 'EASYPAISA_ENVIRONMENT',
        label: 'Environment',
        secret: false,
        required: true,
        choices: ENVIRONMENTS,
      },
      { name: 'EASYPAISA_STORE_ID', label: 'Store id', secret: false, required: true },
      { name: 'EASYPAISA_USERNAME', label: 'Username', secret: false, required: true },
      { name: 'EASYPAISA_PASSWORD', label: 'Password', secret: true, required: true },
    ],
  },
};

/** Every connection's name, in the order the desk lists them. */
export const CONNECTION_NAMES = Object.keys(CONNECTIONS) as ConnectionName[];

/** Every field's variable name of `connection`. */
export const connectionFieldNames = (connection: ConnectionName): string[] =>
  CONNECTIONS[connection].fields.map((f) => f.name);

/** Whether `field` of `connection` stands on its own (saved and replaced apart from the rest). */
export const isAloneField = (connection: ConnectionName, field: string): boolean =>
  CONNECTIONS[connection].fields.some((f) => f.name === field && f.alone);

/**
 * Whether saved `values` make the connection itself (any field that does not stand alone): then
 * they replace the environment's connection whole, a field stood alone aside.
 */
export const savedWhole = (
  connection: ConnectionName,
  values: Readonly<Record<string, unknown>> | undefined,
): boolean =>
  values !== undefined &&
  CONNECTIONS[connection].fields.some((f) => !f.alone && Boolean(values[f.name]));

/** The longest value a field may be given (a WhatsApp token is a few hundred characters). */
export const MAX_CONNECTION_VALUE = 1000;

/** Where a connection in force comes from: the desk's Settings, the environment, or nowhere. */
export type ConnectionSource = 'desk' | 'environment' | 'none';

/** How the desk shows one field: a secret only as whether it is set and its last four characters. */
export interface ConnectionFieldView {
  set: boolean;
  /** A plain field's value. */
  value?: string;
  /** A secret's last four characters. */
  endsIn?: string;
}

/** The desk's view of one connection. */
export interface ConnectionView {
  source: ConnectionSource;
  fields: Record<string, ConnectionFieldView>;
}

/** The desk's words for a field: "Set (ends in …ab12)", "Not set", or its value. */
export function fieldShown(view: ConnectionFieldView | undefined): string {
  if (!view?.set) return 'Not set';
  return view.endsIn !== undefined ? `Set (ends in …${view.endsIn})` : (view.value ?? 'Set');
}

/** The desk's words for the Connections section. */
export const CONNECTIONS_VIEW = {
  heading: 'Connections',
  hint: "The shop's accounts with couriers, WhatsApp and the wallets. Keys are kept sealed and never shown again: enter a new one to replace it. A connection saved here wins over the site's environment variables.",
  source: {
    desk: 'Connected here.',
    environment: "From the site's environment variables: saving here replaces them.",
    none: 'Not connected.',
  } satisfies Record<ConnectionSource, string>,
  /** Where a field that stands alone comes from. */
  fieldSource: {
    desk: 'Saved here.',
    environment: "From the site's environment variables.",
  } satisfies Record<Exclude<ConnectionSource, 'none'>, string>,
  replace: (label: string) => `New ${label}`,
  remove: (label: string) => `Remove ${label}`,
  notSet: 'Not set',
  noChange: 'Nothing to save: type a new value first.',
  removeAll: (label: string) => `Disconnect ${label}`,
} as const;

/** The save body for one connection's form: the fields typed differently from what is shown. */
export function connectionSave(
  connection: ConnectionName,
  view: ConnectionView,
  typed: Record<string, string>,
): { connection: ConnectionName; set: Record<string, string> } | null {
  const set: Record<string, string> = {};
  for (const field of CONNECTIONS[connection].fields) {
    const value = (typed[field.name] ?? '').trim();
    if (!value) continue;
    if (!field.secret && value === (view.fields[field.name]?.value ?? '')) continue;
    set[field.name] = value;
  }
  return Object.keys(set).length > 0 ? { connection, set } : null;
}
