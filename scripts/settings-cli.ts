// The operator CLI's `settings` commands (npm run shop -- settings …): list, get and set the shop's
// settings through the same schemas and service as the desk, audited as the operator (CLI).
import { SETTING_SCHEMAS } from '../src/lib/contract/settings.ts';
import { SETTING_KEYS, type SettingKey } from '../src/lib/shop-settings.ts';
import { saveSettings, withDefaults } from '../src/server/operations/index.ts';
import { getStore } from '../src/server/store/index.ts';

/** The help lines of the settings commands. */
export const SETTINGS_USAGE = `  settings list                    every setting, marked (default) when never set
  settings get <key>               one setting; objects print as JSON
  settings set <key> <value>       change one setting (validated; audited as the CLI). Keys:
                                   whatsappNumber 03001234567 or +923001234567
                                   supportEmail, ordersEmail an e-mail address
                                   bankDetails "accountTitle=Bastaa Bags; bank=Meezan Bank;
                                     iban=PK36SCBL0000001123456702[; accountNumber=0123456789]"
                                   supportHours "open=Monday to Saturday, 9 to 6;
                                     closed=Closed Sunday"
                                   deliveryDays "pakistan=2-7; abroad=7-14" (business days)
                                   codConfirmation "rule=above; abovePkr=5000; hours=48"
                                     (rule: off, all or above)
                                   An object is typed as field=value pairs split by ";" (quote the
                                   whole value), or as JSON: '{"open":"…","closed":"…"}'.`;

const isKey = (key: string | undefined): key is SettingKey =>
  (SETTING_KEYS as readonly string[]).includes(key ?? '');

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A value typed on one command line: text for text keys; JSON or field=value pairs for objects. */
export function parseSettingValue(key: SettingKey, text: string): unknown {
  if (
    key !== 'bankDetails' &&
    key !== 'supportHours' &&
    key !== 'deliveryDays' &&
    key !== 'codConfirmation'
  )
    return text;
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return text;
    }
  }
  const pairs = trimmed.split(';').filter((part) => part.trim() !== '');
  const entries = pairs.map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  if (key === 'codConfirmation')
    // The amount and the hours are numbers when typed as digits; else the schema words the problem.
    return Object.fromEntries(
      entries.map(([name, value]) => [
        name,
        name !== 'rule' && /^\d+$/.test(value ?? '') ? Number(value) : value,
      ]),
    );
  if (key !== 'deliveryDays') return Object.fromEntries(entries);
  // "2-7" (or "2–7", or one number for both) is a range of business days.
  return Object.fromEntries(
    entries.map(([where, span]) => {
      const m = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(span ?? '');
      return [where, m ? { from: Number(m[1]), to: Number(m[2] ?? m[1]) } : span];
    }),
  );
}

/** Runs `settings list|get|set`; answers the exit code. */
export async function settingsCommand(
  action: 'list' | 'get' | 'set',
  args: string[],
  usage: (problem: string) => number,
): Promise<number> {
  const store = await getStore();
  const { settings, defaults } = withDefaults(await store.settings.get());
  if (action === 'list') {
    for (const key of SETTING_KEYS)
      console.log(
        `${key.padEnd(15)} ${show(settings[key])}${defaults.includes(key) ? '  (default)' : ''}`,
      );
    return 0;
  }
  const [key, ...rest] = args;
  if (!isKey(key)) return usage(`settings ${action} needs a key: ${SETTING_KEYS.join(', ')}`);
  if (action === 'get') {
    console.log(show(settings[key]));
    return 0;
  }
  if (rest.length === 0) return usage(`settings set ${key} needs a value`);
  const parsed = SETTING_SCHEMAS[key].safeParse(parseSettingValue(key, rest.join(' ')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.');
    console.error(`${key}${field ? `.${field}` : ''}: ${issue.message}`);
    console.error('Nothing was changed.');
    return 1;
  }
  const saved = await saveSettings(store, null, { [key]: parsed.data });
  console.log(saved.message);
  console.log(`${key} = ${show(saved.settings[key])}`);
  return 0;
}
