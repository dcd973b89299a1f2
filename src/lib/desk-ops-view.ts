// Pure rules of the desk's settings, failed-mail and business screens: the settings form's text
// fields from the settings answer, the save body holding only the keys whose fields changed, the
// words that say which values are still the defaults and when a change reaches pages and mails,
// and the export's default period.
import type { z } from 'zod/mini';
import type { settingsSchema, SettingsSave } from './contract/settings.ts';
import { SETTING_KEYS, type SettingKey } from './shop-settings.ts';
import { addDays } from './desk-ops.ts';
import { karachiDay } from './desk.ts';

type Settings = z.infer<typeof settingsSchema>;

/** The settings form's fields, as the inputs hold them (text only). */
export interface SettingsFields {
  whatsappNumber: string;
  supportEmail: string;
  ordersEmail: string;
  accountTitle: string;
  bank: string;
  iban: string;
  accountNumber: string;
  swift: string;
  bankAddress: string;
  hoursOpen: string;
  hoursClosed: string;
  pakistanFrom: string;
  pakistanTo: string;
  abroadFrom: string;
  abroadTo: string;
  /** 'off', 'all' or 'above' (a select's value). */
  codRule: string;
  codAbove: string;
  codHours: string;
}

/** The form field names of each setting. */
export const FIELDS_OF: Readonly<Record<SettingKey, readonly (keyof SettingsFields)[]>> = {
  whatsappNumber: ['whatsappNumber'],
  supportEmail: ['supportEmail'],
  ordersEmail: ['ordersEmail'],
  bankDetails: ['accountTitle', 'bank', 'iban', 'accountNumber', 'swift', 'bankAddress'],
  supportHours: ['hoursOpen', 'hoursClosed'],
  deliveryDays: ['pakistanFrom', 'pakistanTo', 'abroadFrom', 'abroadTo'],
  codConfirmation: ['codRule', 'codAbove', 'codHours'],
};

/** What the settings screen says (asserted verbatim by the tests). */
export const SETTINGS_VIEW = {
  whenApplied:
    'Mails and the desk use a saved change at once. Pages (the footer, the help panels, the WhatsApp button) show it from the next deploy.',
  ownerOnly: 'Only an owner can change the settings. You can read them here.',
  noChange: 'Nothing changed: edit a value first.',
  isDefault: 'Still the default',
  bankUnset: 'Not set: bank transfer mails say the details follow separately.',
  swiftHint:
    'A transfer from abroad needs it: without it, mails to shoppers abroad say it follows separately.',
  deliveryHint:
    'Shown as "Delivered in 2–7 business days" on product pages and at checkout, from the next deploy.',
  codHint:
    'A COD order in Pakistan that needs confirmation waits as "Awaiting confirmation" until the shopper taps Confirm in the WhatsApp message (or the e-mail when WhatsApp is not connected); it is cancelled when the hours run out.',
  codRules: {
    off: 'Off: COD orders are packed as they come',
    all: 'Every COD order',
    above: 'COD orders above an amount',
  },
} as const;

/** The form's fields for the settings as the server answered them. */
export function settingsFields(settings: Settings): SettingsFields {
  const bank = settings.bankDetails;
  return {
    // Stored as international digits (923001234567); the save takes +923… or 03….
    whatsappNumber: settings.whatsappNumber ? `+${settings.whatsappNumber}` : '',
    supportEmail: settings.supportEmail,
    ordersEmail: settings.ordersEmail,
    accountTitle: bank?.accountTitle ?? '',
    bank: bank?.bank ?? '',
    iban: bank?.iban ?? '',
    accountNumber: bank?.accountNumber ?? '',
    swift: bank?.swift ?? '',
    bankAddress: bank?.bankAddress ?? '',
    hoursOpen: settings.supportHours.open,
    hoursClosed: settings.supportHours.closed,
    pakistanFrom: String(settings.deliveryDays.pakistan.from),
    pakistanTo: String(settings.deliveryDays.pakistan.to),
    abroadFrom: String(settings.deliveryDays.abroad.from),
    abroadTo: String(settings.deliveryDays.abroad.to),
    codRule: settings.codConfirmation.rule,
    codAbove:
      settings.codConfirmation.abovePkr === undefined
        ? ''
        : String(settings.codConfirmation.abovePkr),
    codHours: String(settings.codConfirmation.hours),
  };
}

/**
 * The form after a new answer of the settings: each field the member changed from the answer
 * before keeps what they typed, and every other field takes the new answer's value. The screen
 * shows the settings it read last time at once and reads them again: the new answer, coming while
 * the member types, must not overwrite the typing. No answer before, or no form yet: the answer's.
 */
export function keepTyped(
  before: SettingsFields | null,
  typed: SettingsFields | null,
  answered: SettingsFields,
): SettingsFields {
  if (!before || !typed) return answered;
  const kept = { ...answered };
  for (const field of Object.keys(answered) as (keyof SettingsFields)[])
    if (typed[field] !== before[field]) kept[field] = typed[field];
  return kept;
}

const days = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** The settings whose fields differ between `before` (as loaded) and `now` (as edited). */
export function changedKeys(before: SettingsFields, now: SettingsFields): SettingKey[] {
  return SETTING_KEYS.filter((key) => FIELDS_OF[key].some((field) => before[field] !== now[field]));
}

/**
 * The save body: only the settings whose fields changed, each whole (the server validates and
 * words every problem). An empty account number, SWIFT/BIC or bank address is left out (each is
 * optional); null when nothing
 * changed.
 */
export function settingsSave(before: SettingsFields, now: SettingsFields): SettingsSave | null {
  const keys = changedKeys(before, now);
  if (keys.length === 0) return null;
  const body: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === 'bankDetails')
      body.bankDetails = {
        accountTitle: now.accountTitle,
        bank: now.bank,
        iban: now.iban,
        ...(now.accountNumber.trim() ? { accountNumber: now.accountNumber } : {}),
        ...(now.swift.trim() ? { swift: now.swift } : {}),
        ...(now.bankAddress.trim() ? { bankAddress: now.bankAddress } : {}),
      };
    else if (key === 'supportHours')
      body.supportHours = { open: now.hoursOpen, closed: now.hoursClosed };
    else if (key === 'deliveryDays')
      // Typed digits as numbers; anything else goes as it is typed, for the server to word.
      body.deliveryDays = {
        pakistan: { from: days(now.pakistanFrom), to: days(now.pakistanTo) },
        abroad: { from: days(now.abroadFrom), to: days(now.abroadTo) },
      };
    else if (key === 'codConfirmation')
      // The amount goes only with 'above' (the server refuses it otherwise).
      body.codConfirmation = {
        rule: now.codRule,
        ...(now.codRule === 'above' ? { abovePkr: days(now.codAbove) } : {}),
        hours: days(now.codHours),
      };
    else body[key] = now[key];
  }
  return body as SettingsSave;
}

/** The export's default period: the last 30 Karachi days, today counted. */
export function defaultExportPeriod(now: number | Date = Date.now()): { from: string; to: string } {
  const to = karachiDay(now);
  return { from: addDays(to, -29), to };
}

/** How a failed mail's state reads in the list. */
export const MAIL_STATE_LABEL = {
  failed: 'failed, waiting',
  sending: 'being sent',
  sent: 'sent',
  'given-up': 'given up: resend by hand',
} as const;
