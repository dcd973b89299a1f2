import { DELIVERY_FEE_BASES } from './delivery.ts';
import { WHOLESALE_MIN_QUANTITY } from './pricing.ts';

/** An inclusive range of a quantity, such as 24–48 hours. */
export interface Span {
  readonly min: number;
  readonly max: number;
}

/**
 * The shop's service figures (docs/product.md §9), kept once for the FAQ, legal pages, product page and mails.
 * Figures a rule also uses (wholesale threshold, Pakistan's delivery fee) come from that rule's module.
 */
export const POLICY = {
  dispatchHours: { min: 24, max: 48 },
  pakistanDispatchHours: 24,
  deliveryBusinessDays: { min: 2, max: 7 },
  confirmationEmailMinutes: 15,
  cancelWindowMinutes: 30,
  returnDays: 7,
  defectReportHours: 48,
  replacementDays: 7,
  pickupHours: { min: 24, max: 48 },
  refundBusinessDays: 7,
  refundWorkingDays: { min: 3, max: 7 },
  refundStartHours: { min: 48, max: 72 },
  deliveryAttempts: 3,
  wholesaleMinUnits: WHOLESALE_MIN_QUANTITY,
  pakistanShippingPkr: DELIVERY_FEE_BASES.PKR as number,
  bundleOffer: { buy: 2, free: 1 },
  cardBrands: ['Visa', 'Mastercard'],
  wallets: ['JazzCash', 'EasyPaisa'],
  otherCurrencyPayment: 'Bank Transfer',
  messagingApp: 'WhatsApp',
} as const;

const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

/** A small count in words ("three"), falling back to digits above ten. */
export const numberWord = (n: number): string => WORDS[n] ?? String(n);

/**
 * A range with an en dash and its unit: `span({ min: 24, max: 48 }, 'hours')` → "24–48 hours".
 * Plain-text mails pass `'-'` as the dash.
 */
export const span = (range: Span, unit: string, dash = '–'): string =>
  `${range.min}${dash}${range.max} ${unit}`;

/** Two or more names joined for prose: ["Visa", "Mastercard"] → "Visa and Mastercard". */
export const joinNames = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const bundleName = `Buy ${POLICY.bundleOffer.buy} Get ${POLICY.bundleOffer.free}`;
const bundleCode = `B${POLICY.bundleOffer.buy}G${POLICY.bundleOffer.free}`;

/** Short phrases of the figures ("24–48 hours", "7 days") for use inside sentences. */
export const POLICY_FIGURES = {
  dispatchWindow: span(POLICY.dispatchHours, 'hours'),
  pakistanDispatchWindow: `${POLICY.pakistanDispatchHours} hours`,
  deliveryWindow: span(POLICY.deliveryBusinessDays, 'business days'),
  confirmationWindow: `${POLICY.confirmationEmailMinutes} minutes`,
  cancelWindow: `${POLICY.cancelWindowMinutes} minutes`,
  returnWindow: `${POLICY.returnDays} days`,
  defectWindow: `${POLICY.defectReportHours} hours`,
  replacementWindow: `${POLICY.replacementDays} days`,
  pickupWindow: span(POLICY.pickupHours, 'hours'),
  refundWindow: `${POLICY.refundBusinessDays} business days`,
  refundUsualWindow: span(POLICY.refundWorkingDays, 'working days'),
  refundStartWindow: span(POLICY.refundStartHours, 'hours'),
  deliveryAttemptsWord: numberWord(POLICY.deliveryAttempts),
  wholesaleUnits: `${POLICY.wholesaleMinUnits}+ units`,
  wholesaleMin: String(POLICY.wholesaleMinUnits),
  pakistanShippingFee: `${POLICY.pakistanShippingPkr} PKR`,
  bundleName,
  bundleCode,
  cardBrands: joinNames(POLICY.cardBrands),
  wallets: joinNames(POLICY.wallets),
  otherCurrencyPayment: POLICY.otherCurrencyPayment,
  messagingApp: POLICY.messagingApp,
} as const;

const F = POLICY_FIGURES;

/** Ready-made policy sentences, shared by the FAQ, the legal pages and the product page. */
export const POLICY_TEXT = {
  dispatch: `Orders are dispatched within ${F.dispatchWindow} of being placed.`,
  pakistanDispatch: `Most orders within Pakistan are dispatched within ${F.pakistanDispatchWindow}.`,
  delivery: `Delivery takes ${F.deliveryWindow} after dispatch.`,
  confirmationEmail: `An order confirmation e-mail reaches you within ${F.confirmationWindow} of ordering.`,
  cancel: `You can cancel an order within ${F.cancelWindow} of placing it.`,
  returns: `Unused items with their tags and original packaging can be returned or exchanged within ${F.returnWindow} of delivery.`,
  defects: `Report a defective, damaged or missing item within ${F.defectWindow} of delivery; for a missing item, please send an unboxing video.`,
  replacement: `A defective item is replaced within ${F.replacementWindow}.`,
  pickup: `Our courier picks up a return within ${F.pickupWindow} of it being approved.`,
  refund: `Refunds are issued within ${F.refundWindow} (usually ${F.refundUsualWindow}), starting ${F.refundStartWindow} after pick-up.`,
  pakistanOnly: 'Returns and refunds are available for orders delivered in Pakistan only.',
  exchangeShipping: 'Shipping is charged on exchanges.',
  codReturn:
    'For a cash-on-delivery order, you start the return from a link we send to your mobile number.',
  deliveryAttempts: `Our delivery agents make ${F.deliveryAttemptsWord} attempts to deliver a parcel.`,
  noCustomisation: 'We do not offer customisation: bags are sold as shown.',
  bundleNotReturnable: `Items bought in a ${F.bundleName} (${F.bundleCode}) offer are not returnable.`,
  wholesale: `Extra savings on ${F.wholesaleUnits}: the wholesale price applies when you buy ${F.wholesaleMin} or more of one item, in any mix of its colours.`,
  pakistanShipping: `Shipping to Pakistan costs ${F.pakistanShippingFee}.`,
  payments: `We accept ${F.cardBrands} cards, cash on delivery (COD, confirmed with you by ${F.messagingApp}) and the ${F.wallets} mobile wallets.`,
  otherCurrencies: `Orders in a currency other than PKR are paid by ${F.otherCurrencyPayment}.`,
} as const;

/** A name of one of the ready-made sentences. */
export type PolicyTextKey = keyof typeof POLICY_TEXT;
