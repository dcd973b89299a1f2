// The shop's settings the owner edits from the desk or the CLI (WhatsApp number, support e-mail,
// orders alert address, bank details, support hours), their defaults when unset (the values
// shop-info.ts has always shown), and what pages and mails derive from them. Pure: the server
// reads the stored values and passes them in.
import type { DeliveryDays } from './delivery-estimate.ts';
import { DEFAULT_COD_CONFIRMATION, type CodConfirmSetting } from './orders/cod-confirmation.ts';
import { POLICY } from './policy.ts';
import { displayIban } from './iban.ts';
import { displayMobile } from './phone.ts';
import { SHOP, SUPPORT_HOURS } from './shop-info.ts';

/** The bank account shoppers paying by bank transfer send money to. */
export interface BankDetails {
  /** The account holder's name as the bank shows it to the sender. */
  accountTitle: string;
  bank: string;
  /** A Pakistani IBAN, compact (PK36SCBL0000001123456702). */
  iban: string;
  /** The bank's own account number, when the owner wants it shown beside the IBAN. */
  accountNumber?: string;
  /** The bank's SWIFT/BIC code (SCBLPKKX): a transfer from abroad cannot be sent without it. */
  swift?: string;
  /** The bank's (or the branch's) postal address, which senders abroad are asked for. */
  bankAddress?: string;
}

/** Every setting, as services and pages use them. */
export interface ShopSettings {
  /** International digits without "+" (923001234567), as messaging links want it. */
  whatsappNumber: string;
  /** The address shoppers write to; shown on every page and in mails. */
  supportEmail: string;
  /** Where the shop's own new-order alerts go. */
  ordersEmail: string;
  /** Null until the owner sets them: mails then say the details follow separately. */
  bankDetails: BankDetails | null;
  supportHours: { open: string; closed: string };
  /** Delivery estimates in business days, in Pakistan and abroad (product page, checkout). */
  deliveryDays: DeliveryDays;
  /** Which COD orders wait for the shopper's confirmation, and for how many hours. */
  codConfirmation: CodConfirmSetting;
}

/** The name of one setting. */
export type SettingKey = keyof ShopSettings;

/** Every setting's name, in the order the desk and the CLI list them. */
export const SETTING_KEYS = [
  'whatsappNumber',
  'supportEmail',
  'ordersEmail',
  'bankDetails',
  'supportHours',
  'deliveryDays',
  'codConfirmation',
] as const satisfies readonly SettingKey[];

/** How each setting is named to people: in the desk's messages and the CLI's. */
export const SETTING_NAMES: Record<SettingKey, string> = {
  whatsappNumber: 'the WhatsApp number',
  supportEmail: 'the support address',
  ordersEmail: 'the orders alert address',
  bankDetails: 'the bank details',
  supportHours: 'the support hours',
  deliveryDays: 'the delivery estimates',
  codConfirmation: 'the COD confirmation',
};

// Made on first use, not as the scripts start: making one costs the locale's data.
let settingList: Intl.ListFormat | undefined;

/**
 * Settings named in words, in the order the desk lists them: "the WhatsApp number, the orders
 * alert address and the bank details".
 */
export function settingNames(keys: readonly SettingKey[]): string {
  return (settingList ??= new Intl.ListFormat('en-GB', {
    style: 'long',
    type: 'conjunction',
  })).format(SETTING_KEYS.filter((k) => keys.includes(k)).map((k) => SETTING_NAMES[k]));
}

/** The delivery estimates before the owner sets them: the FAQ's 2–7 business days in Pakistan, 7–14 abroad. */
export const DEFAULT_DELIVERY_DAYS: DeliveryDays = {
  pakistan: { from: POLICY.deliveryBusinessDays.min, to: POLICY.deliveryBusinessDays.max },
  abroad: { from: 7, to: 14 },
};

/** The settings before the owner changes any: today's contacts from shop-info.ts. */
export const DEFAULT_SETTINGS: ShopSettings = {
  whatsappNumber: SHOP.whatsappNumber,
  supportEmail: SHOP.email,
  ordersEmail: SHOP.email,
  bankDetails: null,
  supportHours: { open: SUPPORT_HOURS.open, closed: SUPPORT_HOURS.closed },
  deliveryDays: DEFAULT_DELIVERY_DAYS,
  codConfirmation: DEFAULT_COD_CONFIRMATION,
};

/** The messaging-app link of the floating button and the Need Help panels. */
export function messagingLink(settings: Pick<ShopSettings, 'whatsappNumber'>): string {
  return `https://wa.me/${settings.whatsappNumber}`;
}

/** The WhatsApp number for people to read (+92 300 1234567). */
export function whatsappDisplay(settings: Pick<ShopSettings, 'whatsappNumber'>): string {
  return displayMobile(settings.whatsappNumber) ?? `+${settings.whatsappNumber}`;
}

/** What a bank-transfer mail says when the owner has not set what the shopper needs. */
export const BANK_DETAILS_LATER = {
  all: 'Our bank details follow in a separate e-mail from our team.',
  swift:
    "For a transfer from abroad, our bank's SWIFT/BIC code follows in a separate e-mail from our team.",
} as const;

/**
 * Which of the bank details a shopper cannot pay without are missing: all of them (none set), the
 * SWIFT/BIC (a transfer from abroad needs it), or none.
 */
export function missingBankDetails(
  bank: BankDetails | null,
  abroad: boolean,
): keyof typeof BANK_DETAILS_LATER | null {
  if (!bank) return 'all';
  return abroad && !bank.swift ? 'swift' : null;
}

/**
 * The lines of a bank-transfer mail that tell the shopper where to send the money; for an order
 * shipping `abroad`, what a transfer from another country needs too (SWIFT/BIC, bank address).
 */
export function bankDetailsLines(bank: BankDetails | null, abroad = false): string[] {
  const missing = missingBankDetails(bank, abroad);
  if (!bank) return [BANK_DETAILS_LATER.all];
  return [
    'Please transfer the total to:',
    `Account title: ${bank.accountTitle}`,
    `Bank: ${bank.bank}`,
    `IBAN: ${displayIban(bank.iban)}`,
    ...(bank.accountNumber ? [`Account number: ${bank.accountNumber}`] : []),
    ...(bank.swift ? [`SWIFT/BIC: ${bank.swift}`] : []),
    ...(bank.bankAddress ? [`Bank address: ${bank.bankAddress}`] : []),
    ...(missing ? [BANK_DETAILS_LATER[missing]] : []),
  ];
}
