// The shopper's settings, kept only in this browser under `userSettings_{email}` (docs/product.md §3).

/** The genders the settings form offers (docs/product.md §3 User settings). */
export const GENDERS = ['Male', 'Female', 'Prefer not to say'] as const;

/** One of the offered genders. */
export type Gender = (typeof GENDERS)[number];

/** The gender shown until the shopper picks one. */
export const DEFAULT_GENDER: Gender = 'Prefer not to say';

/** The settings fields, all text; dob is free 'MM/DD' text with no enforced check (docs/product.md §5). */
export interface UserSettings {
  name: string;
  email: string;
  gender: Gender;
  dob: string;
  phone: string;
  address: string;
}

/** The fields the shopper may change; name and e-mail come from the account and stay read-only. */
export const EDITABLE_FIELDS = ['gender', 'dob', 'phone', 'address'] as const;

/** Settings of a shopper who saved none: name and e-mail from the session, the rest empty. */
export function defaultSettings(session: { name: string; email: string }): UserSettings {
  return {
    name: session.name,
    email: session.email,
    gender: DEFAULT_GENDER,
    dob: '',
    phone: '',
    address: '',
  };
}

const isGender = (value: unknown): value is Gender => GENDERS.includes(value as Gender);
const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

/** Stored settings made safe to show: unknown or malformed fields fall back to the defaults. */
export function toSettings(
  stored: unknown,
  session: { name: string; email: string },
): UserSettings {
  const base = defaultSettings(session);
  if (typeof stored !== 'object' || stored === null) return base;
  const s = stored as Record<string, unknown>;
  return {
    // The e-mail is the storage key, so it always matches the session's.
    email: base.email,
    name: text(s.name, '').trim() || base.name,
    gender: isGender(s.gender) ? s.gender : base.gender,
    dob: text(s.dob, ''),
    phone: text(s.phone, ''),
    address: text(s.address, ''),
  };
}

/** Applies an edit to one editable field; name and e-mail cannot change this way. */
export function editSettings(
  settings: UserSettings,
  field: (typeof EDITABLE_FIELDS)[number],
  value: string,
): UserSettings {
  if (field === 'gender') return isGender(value) ? { ...settings, gender: value } : settings;
  return { ...settings, [field]: value };
}
