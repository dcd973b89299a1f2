// The shop settings' schemas: one per key (the desk's save, the CLI's `settings set` and the
// store's read all validate with these), the desk's save body and the settings answer. A leaf
// module: desk.ts spreads these into the desk's requests and answers.
import * as z from 'zod/mini';
import { compactIban, pakistaniIbanProblem } from '../iban.ts';
import { internationalMobile, isPakistaniMobile } from '../phone.ts';
import { SETTING_KEYS, settingNames, type SettingKey } from '../shop-settings.ts';
import { MAX_DELIVERY_DAYS } from '../delivery-estimate.ts';
import {
  COD_CONFIRM_HOURS,
  COD_CONFIRM_RULES,
  MAX_COD_CONFIRM_ABOVE_PKR,
} from '../orders/cod-confirmation.ts';
import { emailSchema } from './checkout.ts';
import { humanText, requiredString } from './fields.ts';

/** The settings' own messages (asserted verbatim by the tests). */
export const SETTINGS_MESSAGES = {
  whatsappRequired: 'WhatsApp number is required',
  whatsappInvalid: 'WhatsApp number must be a Pakistani mobile: 03xxxxxxxxx or +923xxxxxxxxx',
  ibanRequired: 'IBAN is required',
  accountNumberInvalid: 'Account number must be 6 to 24 digits (spaces and hyphens allowed)',
  swiftInvalid:
    "SWIFT/BIC must be the bank's 8 or 11 letters and digits with PK as its 5th and 6th, like SCBLPKKX",
  nothingToSave: 'Nothing to save: give at least one setting',
  unknownKey: (key: string) => `Unknown setting "${key}". Settings are: ${SETTING_KEYS.join(', ')}`,
  saved: (keys: readonly SettingKey[]) => `Saved ${settingNames(keys)}.`,
  unchanged: 'Nothing changed: the settings already had these values.',
  codRule:
    'COD confirmation must be off, all (every COD order) or above (COD orders above an amount)',
  codAboveRequired: 'Give the amount in rupees above which a COD order waits for confirmation',
  codAboveInvalid: `The amount must be a whole number of rupees from 0 to ${MAX_COD_CONFIRM_ABOVE_PKR.toLocaleString('en-GB')}`,
  codAboveUnused: 'An amount is only given with "COD orders above an amount"',
  codHours: `Hours before an unconfirmed order is cancelled must be a whole number from ${COD_CONFIRM_HOURS.min} to ${COD_CONFIRM_HOURS.max}`,
} as const;

const whatsappSchema = requiredString(SETTINGS_MESSAGES.whatsappRequired).check(
  z.trim(),
  z.minLength(1, { error: SETTINGS_MESSAGES.whatsappRequired, abort: true }),
  z.maxLength(20, { error: SETTINGS_MESSAGES.whatsappInvalid, abort: true }),
  z.refine(isPakistaniMobile, SETTINGS_MESSAGES.whatsappInvalid),
  z.overwrite((text) => internationalMobile(text) ?? text),
);

const ibanSchema = requiredString(SETTINGS_MESSAGES.ibanRequired).check(
  z.maxLength(40, { error: 'IBAN must be PK followed by 22 letters and digits', abort: true }),
  z.overwrite(compactIban),
  z.minLength(1, { error: SETTINGS_MESSAGES.ibanRequired, abort: true }),
  z.superRefine((iban, ctx) => {
    const problem = pakistaniIbanProblem(iban);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: iban });
  }),
);

const accountNumberSchema = requiredString(SETTINGS_MESSAGES.accountNumberInvalid).check(
  z.trim(),
  z.regex(/^(?=(?:\D*\d){6,24}\D*$)[\d -]+$/, SETTINGS_MESSAGES.accountNumberInvalid),
);

// A bank identifier code (ISO 9362): 4 letters for the bank, the country (PK: the IBAN is
// Pakistani), 2 for the place, and an optional 3 for the branch. Typed with spaces or lower case.
const swiftSchema = requiredString(SETTINGS_MESSAGES.swiftInvalid).check(
  z.maxLength(20, { error: SETTINGS_MESSAGES.swiftInvalid, abort: true }),
  z.overwrite((text) => text.replace(/\s+/g, '').toUpperCase()),
  z.regex(/^[A-Z]{4}PK[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/, SETTINGS_MESSAGES.swiftInvalid),
);

/** The message of an object setting given as something else, or with a field it does not have. */
function objectError(name: string, fields: readonly string[]) {
  return (issue: { code?: string; keys?: readonly PropertyKey[] }) =>
    issue.code === 'unrecognized_keys'
      ? `${name} have no field "${String(issue.keys?.[0])}": use ${fields.join(', ')}`
      : `${name} must be an object with ${fields.join(', ')}`;
}

/**
 * Bank details: account title, bank, a Pakistani IBAN (checked), and optionally an account number,
 * the bank's SWIFT/BIC and its address (a transfer from abroad needs both).
 */
export const bankDetailsSchema = z.strictObject(
  {
    accountTitle: humanText('Account title is required', 100),
    bank: humanText('Bank is required', 100),
    iban: ibanSchema,
    accountNumber: z.optional(accountNumberSchema),
    swift: z.optional(swiftSchema),
    bankAddress: z.optional(humanText('Bank address is required', 200)),
  },
  {
    error: objectError('Bank details', [
      'accountTitle',
      'bank',
      'iban',
      'accountNumber',
      'swift',
      'bankAddress',
    ]),
  },
);

const dayNumber = (name: string) =>
  z
    .number({ error: `${name} must be a number of business days` })
    .check(
      z.refine(Number.isInteger, `${name} must be a whole number of business days`),
      z.gte(1, `${name} must be at least 1 business day`),
      z.lte(MAX_DELIVERY_DAYS, `${name} must be at most ${MAX_DELIVERY_DAYS} business days`),
    );

/** A delivery estimate: first and last business day, the first never after the last. */
const dayRangeSchema = (where: string) =>
  z
    .strictObject(
      { from: dayNumber(`${where}: the first day`), to: dayNumber(`${where}: the last day`) },
      { error: objectError(`${where} estimates`, ['from', 'to']) },
    )
    .check(z.refine((r) => r.from <= r.to, `${where}: the first day must not be after the last`));

/**
 * The COD confirmation: the rule, its threshold in whole rupees (given with 'above' only), and the
 * hours an unconfirmed order waits before it is cancelled.
 */
const codConfirmationSchema = z
  .strictObject(
    {
      rule: z.enum(COD_CONFIRM_RULES, { error: SETTINGS_MESSAGES.codRule }),
      abovePkr: z.optional(
        z
          .number({ error: SETTINGS_MESSAGES.codAboveInvalid })
          .check(
            z.refine(Number.isInteger, SETTINGS_MESSAGES.codAboveInvalid),
            z.gte(0, SETTINGS_MESSAGES.codAboveInvalid),
            z.lte(MAX_COD_CONFIRM_ABOVE_PKR, SETTINGS_MESSAGES.codAboveInvalid),
          ),
      ),
      hours: z
        .number({ error: SETTINGS_MESSAGES.codHours })
        .check(
          z.refine(Number.isInteger, SETTINGS_MESSAGES.codHours),
          z.gte(COD_CONFIRM_HOURS.min, SETTINGS_MESSAGES.codHours),
          z.lte(COD_CONFIRM_HOURS.max, SETTINGS_MESSAGES.codHours),
        ),
    },
    { error: objectError('COD confirmation settings', ['rule', 'abovePkr', 'hours']) },
  )
  .check(
    z.refine((c) => c.rule !== 'above' || c.abovePkr !== undefined, {
      message: SETTINGS_MESSAGES.codAboveRequired,
      path: ['abovePkr'],
    }),
    z.refine((c) => c.rule === 'above' || c.abovePkr === undefined, {
      message: SETTINGS_MESSAGES.codAboveUnused,
      path: ['abovePkr'],
    }),
  );

/** One schema per setting: the value the store keeps, validated and normalised. */
export const SETTING_SCHEMAS = {
  whatsappNumber: whatsappSchema,
  supportEmail: emailSchema,
  ordersEmail: emailSchema,
  bankDetails: bankDetailsSchema,
  supportHours: z.strictObject(
    {
      open: humanText('Opening hours are required', 100),
      closed: humanText('Closed days are required', 100),
    },
    { error: objectError('Support hours', ['open', 'closed']) },
  ),
  deliveryDays: z.strictObject(
    { pakistan: dayRangeSchema('In Pakistan'), abroad: dayRangeSchema('Abroad') },
    { error: objectError('Delivery estimates', ['pakistan', 'abroad']) },
  ),
  codConfirmation: codConfirmationSchema,
} as const satisfies { [K in SettingKey]: z.ZodMiniType<unknown> };

/** The desk's save: one or more settings, each validated; an unknown name is refused. */
export const settingsSaveSchema = z
  .strictObject(
    {
      whatsappNumber: z.optional(SETTING_SCHEMAS.whatsappNumber),
      supportEmail: z.optional(SETTING_SCHEMAS.supportEmail),
      ordersEmail: z.optional(SETTING_SCHEMAS.ordersEmail),
      bankDetails: z.optional(SETTING_SCHEMAS.bankDetails),
      supportHours: z.optional(SETTING_SCHEMAS.supportHours),
      deliveryDays: z.optional(SETTING_SCHEMAS.deliveryDays),
      codConfirmation: z.optional(SETTING_SCHEMAS.codConfirmation),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? SETTINGS_MESSAGES.unknownKey(String(issue.keys[0]))
          : 'Settings must be an object',
    },
  )
  .check(z.refine((o) => Object.keys(o).length > 0, SETTINGS_MESSAGES.nothingToSave));

const bankAnswer = z.object({
  accountTitle: z.string(),
  bank: z.string(),
  iban: z.string(),
  accountNumber: z.optional(z.string()),
  swift: z.optional(z.string()),
  bankAddress: z.optional(z.string()),
});

/** Every setting as the desk shows it. */
export const settingsSchema = z.object({
  whatsappNumber: z.string(),
  supportEmail: z.string(),
  ordersEmail: z.string(),
  bankDetails: z.nullable(bankAnswer),
  supportHours: z.object({ open: z.string(), closed: z.string() }),
  deliveryDays: z.object({
    pakistan: z.object({ from: z.number(), to: z.number() }),
    abroad: z.object({ from: z.number(), to: z.number() }),
  }),
  codConfirmation: z.object({
    rule: z.enum(COD_CONFIRM_RULES),
    abovePkr: z.optional(z.number()),
    hours: z.number(),
  }),
});

/** The desk's settings answer: every value, and which ones are still the defaults. */
export const settingsAnswerSchema = z.object({
  success: z.literal(true),
  settings: settingsSchema,
  defaults: z.array(z.enum(SETTING_KEYS)),
});

/** The answer to a save: the message, and the settings as they now stand. */
export const settingsSavedSchema = z.extend(settingsAnswerSchema, { message: z.string() });

/** What the desk's save receives once validated. */
export type SettingsSave = z.infer<typeof settingsSaveSchema>;
