// The shop's message catalogue: the messages a shopper can be shown, by the browser or in an API
// answer, declared once here and imported by both sides (docs/product.md §2, §4, §5 and §8 verbatim where the
// spec names them). Each group is its own export so a browser bundle keeps only the groups it uses:
// `*_MESSAGES` hold the texts the browser names (and the server too, where both send one), while
// `*_ANSWERS` hold what only the API names; the browser shows those as the answer carries them, so
// they never ship in its bundles.
// Zod's per-field messages stay beside their schemas in src/lib/contract/ (the checkout's come from
// here). Other copy lives where it is shown: pages and islands, the FAQ and legal Markdown in
// src/content/, mail bodies in the server contexts' *-mail.ts modules.
// This module imports only leaf modules (limits, payment names, types), never a module that imports
// it back, so it is always fully evaluated before it is read.
import { MAX_CART_LINES, MAX_QUANTITY } from './cart-limits.ts';
import type { OrderStatus } from './orders/status.ts';
import { HOME_COUNTRY, paymentLabel } from './payments.ts';

/** docs/product.md §8's text for a failure the shopper cannot act on (product list, password reset, server). */
const GENERIC_ERROR = 'An error occurred. Please try again later.';

/** No answer reached the browser at all. */
const NETWORK_ERROR = 'Network error. Please check your connection and try again.';

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

/** Answers of the API plumbing itself: unexpected failures, outages, malformed requests. */
export const SERVER_MESSAGES = {
  failed: GENERIC_ERROR,
  unavailable: 'The shop is temporarily unavailable. Please try again shortly.',
  hashingBusy: 'The shop is busy. Please try again in a moment.',
  bodyTooLarge: 'Request body is too large',
  badJson: 'Request body must be valid JSON',
  methodNotAllowed: (method: string) => `Method not allowed; use ${method}`,
  notFound: 'Not found',
  notJson: 'Request body must be JSON (Content-Type: application/json)',
  notForm: 'Send the confirmation as a form (application/x-www-form-urlencoded).',
  foreignOrigin: 'Requests from other sites are not accepted',
  network: NETWORK_ERROR,
} as const;

/** What the browser's API client says for a failure the server did not word (src/client/api.ts). */
export const CLIENT_MESSAGES = {
  network: NETWORK_ERROR,
  failed: (status: number) => `The server answered ${status}.`,
  unreadable: "The server's answer was not understood.",
} as const;

/** Product list and listing pages (docs/product.md §2, §8; the under-999 empty text says 1999 as the original does). */
export const LISTING_MESSAGES = {
  listFailed: GENERIC_ERROR,
  empty: 'No products found.',
  under999Empty: 'No products found under 1999.',
  under999Heading: 'Bags Under 999',
} as const;

/** Cart messages the browser names (docs/product.md §8), and the line cap both sides refuse with. */
export const CART_MESSAGES = {
  full: `Your cart can hold at most ${MAX_CART_LINES} different items. Please remove one before adding another.`,
  orderFull: `An order can hold at most ${MAX_CART_LINES} different items. Please remove some from your cart and try again.`,
  updateFailed: 'Quantity update failed',
  removeFailed: 'Failed to remove item',
  removeNetwork: 'Failed to remove item from cart',
  /** An addition the per-line cap of 100 trimmed to `added`. */
  partlyAdded: (added: number) =>
    `Only ${added} added: ${MAX_QUANTITY} is the most per line, and your cart now holds ${MAX_QUANTITY}.`,
  /** An addition to a line that already holds 100. */
  lineFull: `You already have ${MAX_QUANTITY} of this item in your cart, the most per line.`,
  /** A typed quantity over 100, set to 100. */
  quantityCapped: `${MAX_QUANTITY} is the most per line, so the quantity is now ${MAX_QUANTITY}.`,
} as const;

/** Cart refusals and confirmations only the API sends (the browser shows them as sent). */
export const CART_ANSWERS = {
  added: 'Added to cart',
  updated: 'Cart updated',
  removed: 'Item removed from cart',
  merged: 'Cart saved',
  notInCart: 'This item is not in your cart.',
  unknownProduct: 'This product is no longer available.',
  unknownColour: 'This colour is not available for this product.',
  unknownImage: 'This picture is not available for this colour.',
  outOfStock: 'This product is out of stock.',
  colourOutOfStock: (name: string, colour: string) =>
    `${name} in ${colour} is out of stock. Please choose another colour.`,
} as const;

/** Favourite tooltips, toast and page texts, verbatim from docs/product.md §2 and §8. */
export const FAVOURITE_MESSAGES = {
  add: 'Add To Your Favourite',
  remove: 'Remove from Favourite',
  added: 'This Product Has Been Added To Your Favourites',
  emptyTitle: 'Your Favourite Bags',
  empty: 'Oops, You Have No Favourites yet',
} as const;

/** Order, cancel and tracking messages the browser names, some also API answers (docs/product.md §4, §8). */
export const ORDER_MESSAGES = {
  notFound: 'Order not found.',
  trackFailed: 'Unable to track order at the moment.',
  cancelFailed: 'Error cancelling order',
  cancelled: 'Order cancelled successfully',
  removed: 'Order removed from your list',
  serverError: 'Server Error',
  // Place Order without an answer: offline, or the connection lost and the shop holds no such order.
  offline: 'You are offline. Check your connection and press Place Order again.',
  answerLost:
    'The connection was lost before your order was confirmed. Press Place Order again: it will not be placed twice.',
  placed: 'Order Placed Successfully!',
  loginRequired: 'Please login to place your order.',
  reasonRequired: 'Please select a cancellation reason.',
  confirmCancel: 'Are you sure you want to cancel this order?',
  empty: 'You have not ordered anything',
} as const;

/** Order refusals and confirmations only the API sends (the browser shows them as sent). */
export const ORDER_ANSWERS = {
  notCancellable: 'This order can no longer be cancelled. Please contact customer care.',
  unknownProduct: 'A product in your cart is no longer available. Please remove it and try again.',
  unknownColour: 'A colour in your cart is no longer available. Please remove it and try again.',
  unknownImage: 'A picture in your cart is no longer available. Please remove it and try again.',
  // A sold-out colour is named ("Sahiwal Leather Tote in Black"); without one, the wording of docs/product.md.
  outOfStock: (name: string, colour?: string) =>
    `${colour ? `${name} in ${colour}` : name} is out of stock. Please remove it and try again.`,
  noRate: (currency: string) =>
    `Prices in ${currency} cannot be confirmed right now. Please try again in a few minutes or ship to Pakistan (PKR).`,
  ratePaused: (currency: string) =>
    `Orders in ${currency} are paused while we check the exchange rate. Please try again later or ship to Pakistan (PKR).`,
  keyReused: 'This Idempotency-Key was already used for a different order.',
  replayed: (status: string) => `This order was already placed; its status is ${status}.`,
  replayedCancelled:
    'This order was placed earlier and has since been cancelled. Please place a new order to buy again.',
  badKey: 'Idempotency-Key must be 8 to 128 letters, digits, hyphens or underscores.',
  badStatus: (from: string, to: string) => `An order cannot move from ${from} to ${to}.`,
  reasonTooLong: (max: number) => `A cancellation reason may be at most ${max} characters.`,
  tooManyOrders:
    'You have placed several orders in the last few minutes. Please wait a few minutes before placing another.',
  lineTooLarge: (name: string, colour: string) =>
    `${name} (${colour}) is in your order more than ${MAX_QUANTITY} times. One line may hold at most ${MAX_QUANTITY}; please lower the quantity and try again.`,
} as const;

/** What Track Order tells the shopper for each status (docs/product.md §4). */
export const TRACKING_MESSAGES: Readonly<Record<OrderStatus, string>> = {
  'Order Placed':
    'Your order has been placed. It usually takes 2-3 business days to process and dispatch.',
  Packing: 'Your order is being packed and will ship soon.',
  'Out for Delivery': 'Your order is out for delivery. Please keep your phone available.',
  Delivered: 'Your order has been delivered. Thank you for shopping with us!',
  Cancelled: 'This order has been cancelled. Please contact support if you need any help.',
};

/**
 * An order's status in the words a shopper's mail says it, after "Your order #N": "is being
 * packed", never the desk's label ("is Packing").
 */
export const STATUS_WORDS: Readonly<Record<OrderStatus, string>> = {
  'Order Placed': 'has been placed',
  Packing: 'is being packed',
  'Out for Delivery': 'is out for delivery',
  Delivered: 'has been delivered',
  Cancelled: 'has been cancelled',
};

/** The checkout form's messages, verbatim from docs/product.md §5. */
export const CHECKOUT_MESSAGES = {
  firstName: 'First Name is required',
  lastName: 'Last Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  address1: 'Address 1 is required',
  country: 'Country is required',
  city: 'City is required',
  state: 'State is required',
  zip: 'Zip code is required',
  /** A required field named as the shipping country names it ("Postcode is required"). */
  required: (label: string) => `${label} is required`,
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Invalid mobile number',
  paymentMethod: 'Please select a payment method',
  /** Why Place Order waits: the shipping country's currency has no rate an order may be priced at. */
  ordersPaused: (country: string, currency: string) =>
    `Orders to ${country} are paused: we cannot confirm prices in ${currency} right now. Please try again later, or ship to Pakistan.`,
  /** What a refused submit announces: how many errors the form shows. */
  errorCount: (count: number) =>
    count === 1
      ? 'Please correct 1 error in the form.'
      : `Please correct ${count} errors in the form.`,
} as const;

/** Why an order's currency or payment method does not fit its shipping country. */
export const DESTINATION_MESSAGES = {
  unknownCountry: 'We do not ship to this country. Please choose your country from the list.',
  currencyMismatch: (country: string, currency: string) =>
    `Orders to ${country} are charged in ${currency}. Please refresh the checkout and try again.`,
  methodNotAllowed: (method: string) =>
    `${paymentLabel(method)} is available only for addresses in ${HOME_COUNTRY}.`,
} as const;

/**
 * Sign-in, sign-up, sign-out, password reset and session messages the browser names (docs/product.md §4, §8),
 * some of which the API answers too. The browser shows the server's text when there is one and
 * falls back to its own (`loginFailed`, `otpSendError`, `resetError`).
 */
export const ACCOUNT_MESSAGES = {
  loggedIn: 'You are logged in!',
  loginFailed: 'Login/Register failed.',
  exception: 'Something went wrong. Please try again later.',
  signedOut: 'Signed out successfully',
  otpSent: 'OTP sent to your email.',
  otpSendError: 'Error sending OTP. Please try again.',
  otpSendFailed: 'Failed to send OTP. Please try again later.',
  passwordUpdated: 'Password updated successfully. Please log in.',
  resetError: 'Failed to reset password. Please try again.',
  resetFailed: GENERIC_ERROR,
  googleFailed: 'Google sign-in failed',
  sessionExpired: 'Your session has expired. Please log in again.',
  settingsSignedOut: 'Please log in to view your settings.',
} as const;

/** Account refusals and confirmations only the API sends (the browser shows them as sent). */
export const ACCOUNT_ANSWERS = {
  registered: 'Your account has been created. You are logged in!',
  badCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  tooManyLogins: 'Too many login attempts. Please wait a few minutes and try again.',
  tooManyResets: 'Too many code requests. Please wait a few minutes and try again.',
  tooManyChecks: 'Too many code checks. Please wait a few minutes and try again.',
  slowChecks: (wait: number) =>
    `Too many code checks for this e-mail. Please try again in ${seconds(wait)}.`,
  /**
   * A new password on the list of common passwords. The server checks the list (register and reset
   * alike): at ~380 KB it stays out of the browser, which shows this message from the answer.
   */
  commonPassword: 'This password is too common. Please choose another.',
  tooManyRegistrations: 'Too many sign-ups from your network. Please try again later.',
  badOtp: 'The code is invalid or has expired. Please request a new one.',
  googleOff: 'Google sign-in is not available right now.',
  signInRequired: 'Please log in to continue.',
} as const;

/** Newsletter answers (the footer form shows them as the server sends them). */
export const NEWSLETTER_MESSAGES = {
  checkInbox: 'Check your inbox to confirm your subscription.',
  tooMany: 'Too many sign-ups from your network. Please try again later.',
  confirmed: 'Your subscription is confirmed. Thank you!',
  badLink: 'This confirmation link is not valid any more. Please subscribe again.',
  confirmTitle: 'Confirm your subscription',
  confirmPrompt: 'Press the button to receive the Bastaa newsletter at this address.',
  confirmButton: 'Confirm my subscription',
} as const;

/** Why a desk password was refused: each names its rule (the invitation form shows the answer). */
export const DESK_PASSWORD_RULES = {
  common: 'This password is on the list of the most used ones. Choose another.',
  email: 'The password must not contain your e-mail address or the name before its @.',
  shopName: (shop: string) => `The password must not contain the shop’s name (${shop}).`,
  repeated: 'The password must not be one character repeated.',
  sequence: 'The password must not be a simple sequence such as abcdefgh, 87654321 or qwertyui.',
  guessable: (score: number) =>
    `This password is too easy to guess (strength ${score} of 4; the desk needs 3). Use three or four unrelated words, or a longer mix.`,
} as const;

/** The buy box's and the cart's stock texts (the browser names these). */
export const STOCK_MESSAGES = {
  inStock: 'In Stock',
  outOfStock: 'Out of stock',
  colourOutOfStock: (name: string, colour: string) =>
    `${name} in ${colour} is out of stock. Please choose another colour.`,
} as const;

/** What the stock call and the desk's product calls answer; only the API sends these. */
export const STOCK_ANSWERS = {
  productNotFound: 'No such product.',
  colourNotFound: (name: string, colour: string, colours: readonly string[]) =>
    `${name} has no colour "${colour}". Its colours are ${colours.join(', ')}.`,
  colourSet: (name: string, colour: string, inStock: boolean) =>
    `${name} in ${colour} is now ${inStock ? 'in stock' : 'out of stock'}.`,
  colourUnchanged: (name: string, colour: string, inStock: boolean) =>
    `${name} in ${colour} is already ${inStock ? 'in stock' : 'out of stock'}.`,
  archived: (name: string) =>
    `${name} is archived: the shop no longer sells it. Its page goes at the next publish.`,
  alreadyArchived: (name: string) => `${name} is already archived.`,
  restored: (name: string) => `${name} is back on sale. Its page returns at the next publish.`,
  notArchived: (name: string) => `${name} is not archived.`,
  deleted: (name: string) => `${name} has been deleted.`,
  ordered: (name: string, orders: number) =>
    `${name} cannot be deleted: ${orders === 1 ? '1 order holds' : `${orders} orders hold`} it. Archive it instead to stop selling it.`,
} as const;
