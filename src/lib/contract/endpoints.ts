// Every /api/* call, declared once. From this table come the router functions' routing
// (src/server/web.ts), the service each call runs (src/server/routes.ts, which tsc holds to one
// binding per entry), `npm start`'s routing (scripts/serve-api.ts), the browser's typed calls
// (src/client/api.ts) and docs/api.md's list of calls (scripts/api-table.ts; a test compares them).
// The table is plain data: request and answer schemas are named by their key in REQUESTS and
// ANSWERS. The browser does not ship it: src/client/api-routes.ts, written from it by
// `npm run api-table` and checked against it by tsc, holds the few bytes the storefront needs.
import type * as z from 'zod/mini';
import type { ANSWERS } from './answers.ts';
import type { REQUESTS } from './requests.ts';
import { MAX_UPLOAD_BYTES } from '../product-form.ts';

/** The largest request body a call reads unless the table gives it its own limit, in bytes. */
export const DEFAULT_BODY_BYTES = 100 * 1024;

/** The largest body the call at `pathname` by `method` reads (DEFAULT_BODY_BYTES for any other). */
export function bodyLimitOf(pathname: string, method: string): number {
  for (const spec of Object.values(ENDPOINTS) as EndpointSpec[])
    if (spec.method === method && (spec.paths as readonly string[]).includes(pathname))
      return spec.maxBodyBytes ?? DEFAULT_BODY_BYTES;
  return DEFAULT_BODY_BYTES;
}

/**
 * Who may make a call: anyone, a signed-in shopper, any desk member, the owner, or a grant: the
 * owner and the members the owner allowed it (`personalData`: customers' personal data; `refunds`;
 * `sales`: sales figures; `publish`: publishing the catalogue).
 */
export type Access =
  'anyone' | 'shopper' | 'staff' | 'owner' | 'personalData' | 'refunds' | 'sales' | 'publish';

/**
 * The Netlify function that serves a call, grouped by who calls: `shop` the public calls (and the
 * JSON 404 for any other /api/* path), `account` the shopper's own calls, `desk` the staff desk's.
 */
export type RouterName = 'shop' | 'account' | 'desk';

/** One call of the API. */
export interface EndpointSpec {
  method: 'GET' | 'POST';
  /** The spec's path first, then aliases the platform may route with (lower case). */
  paths: readonly [string, ...string[]];
  router: RouterName;
  access: Access;
  /** The request body's schema in REQUESTS; null for a GET. */
  request: keyof typeof REQUESTS | null;
  /** The answer's schema in ANSWERS. */
  answer: keyof typeof ANSWERS;
  /** Failures repeat their message as `msg`, the field docs/product.md §7 has the browser read on account calls. */
  msg: boolean;
  /**
   * How a POST body is sent: JSON (every call the browser's script makes), a plain page form, or
   *  a photo's own bytes as image/*, read by the call's service after the caller
   * was authenticated, with its own size limit; or a gateway's signed webhook, whose raw bytes its
   * service reads and verifies itself (a signature covers the bytes as sent, never a re-parse).
   */
  body?: 'json' | 'form' | 'photo' | 'signed';
  /** The largest body the call reads, in bytes, when not DEFAULT_BODY_BYTES (a photo's). */
  maxBodyBytes?: number;
  /**
   * A desk call that opens a session (its answer's token goes into the HttpOnly session cookie,
   * never the body) or ends one (the cookie is cleared).
   */
  session?: 'opens' | 'ends';
  /** What the call does, for the API reference's table (docs/api.md). */
  summary: string;
}

/** The shop's calls (docs/product.md §7, plus merge, logout, newsletter and rates). */
export const ENDPOINTS = {
  productList: {
    method: 'GET',
    paths: ['/api/product/list'],
    router: 'shop',
    access: 'anyone',
    request: null,
    answer: 'productList',
    msg: false,
    summary: 'The whole catalogue; CDN-cacheable',
  },
  rates: {
    method: 'GET',
    paths: ['/api/rates'],
    router: 'shop',
    access: 'anyone',
    request: null,
    answer: 'rates',
    msg: false,
    summary: 'PKR-based exchange rates; CDN-cacheable',
  },
  newsletter: {
    method: 'POST',
    paths: ['/api/newsletter'],
    router: 'shop',
    access: 'anyone',
    request: 'newsletter',
    answer: 'newsletter',
    msg: false,
    summary: 'Signs up an e-mail and mails a confirmation link',
  },
  newsletterConfirm: {
    method: 'GET',
    paths: ['/api/newsletter/confirm'],
    router: 'shop',
    access: 'anyone',
    request: null,
    answer: 'page',
    msg: false,
    summary: "The mailed link's page, a Confirm button (HTML)",
  },
  newsletterConfirmSubmit: {
    method: 'POST',
    paths: ['/api/newsletter/confirm'],
    router: 'shop',
    access: 'anyone',
    request: 'newsletterConfirm',
    answer: 'page',
    msg: false,
    body: 'form',
    summary: "That button's form: confirms (HTML)",
  },
  register: {
    method: 'POST',
    paths: ['/api/user/register'],
    router: 'account',
    access: 'anyone',
    request: 'register',
    answer: 'session',
    msg: true,
    summary: 'Creates an account and signs it in',
  },
  login: {
    method: 'POST',
    paths: ['/api/user/login'],
    router: 'account',
    access: 'anyone',
    request: 'login',
    answer: 'session',
    msg: true,
    summary: 'Signs in by e-mail and password',
  },
  googleLogin: {
    method: 'POST',
    paths: ['/api/user/google-login'],
    router: 'account',
    access: 'anyone',
    request: 'googleLogin',
    answer: 'session',
    msg: true,
    summary: 'Signs in with a Google ID token',
  },
  logout: {
    method: 'POST',
    paths: ['/api/user/logout'],
    router: 'account',
    access: 'shopper',
    request: 'empty',
    answer: 'msg',
    msg: true,
    summary: "Ends the caller's sessions",
  },
  resetRequest: {
    method: 'POST',
    paths: ['/api/user/reset-password-request'],
    router: 'account',
    access: 'anyone',
    request: 'resetRequest',
    answer: 'msg',
    msg: true,
    summary: 'Mails a one-time code',
  },
  resetVerify: {
    method: 'POST',
    paths: ['/api/user/verify-otp-reset-password'],
    router: 'account',
    access: 'anyone',
    request: 'resetVerify',
    answer: 'msg',
    msg: true,
    summary: 'Sets a new password with the code',
  },
  cartGet: {
    method: 'POST',
    paths: ['/api/cart/get'],
    router: 'account',
    access: 'shopper',
    request: 'empty',
    answer: 'cart',
    msg: false,
    summary: "The caller's cart",
  },
  cartAdd: {
    method: 'POST',
    paths: ['/api/cart/add'],
    router: 'account',
    access: 'shopper',
    request: 'cartLine',
    answer: 'cartChange',
    msg: false,
    summary: 'Adds to a line (at most 100)',
  },
  cartUpdate: {
    method: 'POST',
    paths: ['/api/cart/update'],
    router: 'account',
    access: 'shopper',
    request: 'cartLine',
    answer: 'cartChange',
    msg: false,
    summary: "Sets a line's quantity",
  },
  cartRemove: {
    method: 'POST',
    paths: ['/api/cart/remove'],
    router: 'account',
    access: 'shopper',
    request: 'cartRemove',
    answer: 'cartChange',
    msg: false,
    summary: 'Removes a line',
  },
  cartMerge: {
    method: 'POST',
    paths: ['/api/cart/merge'],
    router: 'account',
    access: 'shopper',
    request: 'cartMerge',
    answer: 'cartChange',
    msg: false,
    summary: 'Stores the cart merged at sign-in',
  },
  placeOrder: {
    method: 'POST',
    // @netlify/dev lower-cases the path before matching routes; production keeps the spec's case.
    paths: ['/api/order/COD', '/api/order/cod'],
    router: 'account',
    access: 'shopper',
    request: 'order',
    answer: 'orderPlaced',
    msg: false,
    summary: 'Places an order, priced by the server',
  },
  userOrders: {
    method: 'POST',
    paths: ['/api/order/userorders'],
    router: 'account',
    access: 'shopper',
    request: 'empty',
    answer: 'orders',
    msg: false,
    summary: "The caller's orders, newest first",
  },
  cancelOrder: {
    method: 'POST',
    paths: ['/api/order/cancel'],
    router: 'account',
    access: 'shopper',
    request: 'cancel',
    answer: 'orderCancelled',
    msg: false,
    summary: "Cancels the caller's order, with a reason",
  },
  deskSignIn: {
    method: 'POST',
    paths: ['/api/desk/signin'],
    router: 'desk',
    access: 'anyone',
    request: 'deskSignIn',
    answer: 'deskSession',
    msg: false,
    session: 'opens',
    summary: 'Signs a staff member in: e-mail, password and authenticator code',
  },
  deskSignOut: {
    method: 'POST',
    paths: ['/api/desk/signout'],
    router: 'desk',
    access: 'staff',
    request: 'deskSignOut',
    answer: 'deskMessage',
    msg: false,
    session: 'ends',
    summary:
      "Ends the caller's desk sessions and push alerts on every device, with their passkeys if asked, and clears this browser's cookie",
  },
  deskPasskeySignInOptions: {
    method: 'POST',
    paths: ['/api/desk/passkey/options'],
    router: 'desk',
    access: 'anyone',
    request: 'empty',
    answer: 'deskPasskeyOptions',
    msg: false,
    summary: 'Options for signing in with a passkey: a single-use challenge for 5 minutes',
  },
  deskPasskeySignIn: {
    method: 'POST',
    paths: ['/api/desk/passkey/signin'],
    router: 'desk',
    access: 'anyone',
    request: 'deskPasskeySignIn',
    answer: 'deskSession',
    msg: false,
    session: 'opens',
    summary: "Signs a staff member in with a passkey alone (the device's fingerprint or face)",
  },
  deskPasskeys: {
    method: 'POST',
    paths: ['/api/desk/passkeys/list'],
    router: 'desk',
    access: 'staff',
    request: 'empty',
    answer: 'deskPasskeys',
    msg: false,
    summary: "The caller's passkeys",
  },
  deskPasskeyProofOptions: {
    method: 'POST',
    paths: ['/api/desk/passkeys/proof-options'],
    router: 'desk',
    access: 'staff',
    request: 'empty',
    answer: 'deskPasskeyOptions',
    msg: false,
    summary:
      'Options for proving it is the caller with one of their passkeys, before adding another: a single-use challenge for 5 minutes',
  },
  deskPasskeyOptions: {
    method: 'POST',
    paths: ['/api/desk/passkeys/options'],
    router: 'desk',
    access: 'staff',
    request: 'deskPasskeyOptions',
    answer: 'deskPasskeyOptions',
    msg: false,
    summary:
      'Options for adding a passkey, once the password and a fresh code, or an existing passkey, prove it is the caller: a single-use challenge for 5 minutes',
  },
  deskPasskeyAdd: {
    method: 'POST',
    paths: ['/api/desk/passkeys/add'],
    router: 'desk',
    access: 'staff',
    request: 'deskPasskeyAdd',
    answer: 'deskPasskeyChange',
    msg: false,
    summary: 'Adds a named passkey to the caller, verified against its challenge',
  },
  deskPasskeyRemove: {
    method: 'POST',
    paths: ['/api/desk/passkeys/remove'],
    router: 'desk',
    access: 'staff',
    request: 'deskPasskeyRemove',
    answer: 'deskPasskeyChange',
    msg: false,
    summary: "Removes one of the caller's passkeys",
  },
  deskMe: {
    method: 'POST',
    paths: ['/api/desk/me'],
    router: 'desk',
    access: 'staff',
    request: 'empty',
    answer: 'deskMe',
    msg: false,
    summary: 'The signed-in staff member',
  },
  deskCounts: {
    method: 'POST',
    paths: ['/api/desk/counts'],
    router: 'desk',
    access: 'staff',
    request: 'empty',
    answer: 'deskCounts',
    msg: false,
    summary: 'What needs action: orders not yet packed, return requests awaiting a decision',
  },
  deskAcceptInvitation: {
    method: 'POST',
    paths: ['/api/desk/staff/accept'],
    router: 'desk',
    access: 'anyone',
    request: 'deskAccept',
    answer: 'deskEnrol',
    msg: false,
    summary: 'Sets the password with the invitation token; answers the authenticator key',
  },
  deskConfirmInvitation: {
    method: 'POST',
    paths: ['/api/desk/staff/confirm'],
    router: 'desk',
    access: 'anyone',
    request: 'deskConfirm',
    answer: 'deskSession',
    msg: false,
    session: 'opens',
    summary: 'Finishes enrolment with a first code and signs in',
  },
  deskInvite: {
    method: 'POST',
    paths: ['/api/desk/staff/invite'],
    router: 'desk',
    access: 'owner',
    request: 'deskInvite',
    answer: 'deskInvited',
    msg: false,
    summary: 'Invites a staff member (mails a 48-hour link)',
  },
  deskStaffList: {
    method: 'POST',
    paths: ['/api/desk/staff/list'],
    router: 'desk',
    access: 'owner',
    request: 'empty',
    answer: 'deskStaffList',
    msg: false,
    summary: 'Every staff member',
  },
  deskStaffRole: {
    method: 'POST',
    paths: ['/api/desk/staff/role'],
    router: 'desk',
    access: 'owner',
    request: 'deskStaffRole',
    answer: 'deskStaffChange',
    msg: false,
    summary: "Changes a member's role (ends their sessions)",
  },
  deskStaffPersonalData: {
    method: 'POST',
    paths: ['/api/desk/staff/personal-data'],
    router: 'desk',
    access: 'owner',
    request: 'deskStaffPersonalData',
    answer: 'deskStaffChange',
    msg: false,
    summary: "Allows a member customers' personal data (the export, the look-up), or stops it",
  },
  deskStaffRefunds: {
    method: 'POST',
    paths: ['/api/desk/staff/refunds'],
    router: 'desk',
    access: 'owner',
    request: 'deskStaffPersonalData',
    answer: 'deskStaffChange',
    msg: false,
    summary: 'Allows a member to send refunds, or stops it',
  },
  deskStaffSales: {
    method: 'POST',
    paths: ['/api/desk/staff/sales'],
    router: 'desk',
    access: 'owner',
    request: 'deskStaffPersonalData',
    answer: 'deskStaffChange',
    msg: false,
    summary: 'Allows a member sales figures (the business view, the export), or stops it',
  },
  deskStaffPublish: {
    method: 'POST',
    paths: ['/api/desk/staff/publish'],
    router: 'desk',
    access: 'owner',
    request: 'deskStaffPersonalData',
    answer: 'deskStaffChange',
    msg: false,
    summary: 'Allows a member to publish the catalogue, or stops it',
  },
  deskStaffRemove: {
    method: 'POST',
    paths: ['/api/desk/staff/remove'],
    router: 'desk',
    access: 'owner',
    request: 'deskStaffRemove',
    answer: 'deskStaffChange',
    msg: false,
    summary: 'Removes a member (ends their sessions, removes their passkeys)',
  },
  deskStaffPasskeys: {
    method: 'POST',
    paths: ['/api/desk/staff/passkeys'],
    router: 'desk',
    access: 'owner',
    request: 'empty',
    answer: 'deskStaffPasskeys',
    msg: false,
    summary: "Every member's passkeys: name, when added, when last used",
  },
  deskStaffPasskeyRemove: {
    method: 'POST',
    paths: ['/api/desk/staff/passkeys/remove'],
    router: 'desk',
    access: 'owner',
    request: 'deskStaffPasskeyRemove',
    answer: 'deskStaffPasskeyChange',
    msg: false,
    summary: "Removes a member's passkey (the member is mailed)",
  },
  deskOrders: {
    method: 'POST',
    paths: ['/api/desk/orders/list'],
    router: 'desk',
    access: 'staff',
    request: 'deskOrders',
    answer: 'deskOrders',
    msg: false,
    summary:
      'Orders newest first: filters, search, counts per status; customer details only to those allowed',
  },
  deskOrder: {
    method: 'POST',
    paths: ['/api/desk/orders/show'],
    router: 'desk',
    access: 'staff',
    request: 'deskOrder',
    answer: 'deskOrder',
    msg: false,
    summary: 'One order by id or short number, with its timeline',
  },
  deskMove: {
    method: 'POST',
    paths: ['/api/desk/orders/move'],
    router: 'desk',
    access: 'staff',
    request: 'deskMove',
    answer: 'deskMoved',
    msg: false,
    summary: "Moves an order's status (one of two racing moves wins)",
  },
  deskNewOrder: {
    method: 'POST',
    paths: ['/api/desk/orders/new'],
    router: 'desk',
    access: 'personalData',
    request: 'deskNewOrder',
    answer: 'deskOrderTaken',
    msg: false,
    summary:
      'Takes an order for a customer by phone or WhatsApp, priced and placed as a web order (Idempotency-Key; audited)',
  },
  deskCustomerFind: {
    method: 'POST',
    paths: ['/api/desk/customers/find'],
    router: 'desk',
    access: 'personalData',
    request: 'deskCustomerFind',
    answer: 'deskCustomerFound',
    msg: false,
    summary:
      "A customer for a phone order, by e-mail or phone: their name, e-mail and their last order's address",
  },
  deskAudit: {
    method: 'POST',
    paths: ['/api/desk/audit'],
    router: 'desk',
    access: 'owner',
    request: 'deskAudit',
    answer: 'deskAudit',
    msg: false,
    summary: 'The audit log, newest first',
  },
  // The shopper's return or exchange request and the desk's steps.
  returnRequest: {
    method: 'POST',
    paths: ['/api/order/return'],
    router: 'account',
    access: 'shopper',
    request: 'returnRequest',
    answer: 'returnRequested',
    msg: false,
    summary: 'Asks to return or exchange items of a delivered order (Pakistan, 7 days)',
  },
  deskReturns: {
    method: 'POST',
    paths: ['/api/desk/returns/list'],
    router: 'desk',
    access: 'staff',
    request: 'deskReturns',
    answer: 'deskReturns',
    msg: false,
    summary: 'Return and exchange requests, newest first',
  },
  deskReturnStep: {
    method: 'POST',
    paths: ['/api/desk/returns/step'],
    router: 'desk',
    access: 'staff',
    request: 'deskReturnStep',
    answer: 'deskReturnMoved',
    msg: false,
    summary: 'Approves, refuses, schedules, receives, refunds or ships a return',
  },
  // Shop settings.
  deskSettings: {
    method: 'POST',
    paths: ['/api/desk/settings'],
    router: 'desk',
    access: 'staff',
    request: 'empty',
    answer: 'deskSettings',
    msg: false,
    summary: "The shop's settings (contacts, bank details, hours) and which are defaults",
  },
  deskSettingsSave: {
    method: 'POST',
    paths: ['/api/desk/settings/save'],
    router: 'desk',
    access: 'owner',
    request: 'deskSettingsSave',
    answer: 'deskSettingsSaved',
    msg: false,
    summary: 'Saves one or more settings (owner only; audited)',
  },
  deskConnections: {
    method: 'POST',
    paths: ['/api/desk/settings/connections'],
    router: 'desk',
    access: 'owner',
    request: 'empty',
    answer: 'deskConnections',
    msg: false,
    summary:
      "The shop's connections (couriers, WhatsApp, wallets): where each comes from, secrets only as set or not (owner only)",
  },
  deskConnectionSave: {
    method: 'POST',
    paths: ['/api/desk/settings/connections/save'],
    router: 'desk',
    access: 'owner',
    request: 'deskConnectionSave',
    answer: 'deskConnectionSaved',
    msg: false,
    summary:
      'Sets or removes the keys of one connection, tries them where the provider has a harmless call (owner only; audited)',
  },
  // Payments.
  deskPayment: {
    method: 'POST',
    paths: ['/api/desk/orders/payment'],
    router: 'desk',
    access: 'staff',
    request: 'deskPayment',
    answer: 'deskPaid',
    msg: false,
    summary: 'Records a payment received on an order (paid once the total is covered; audited)',
  },
  deskRefund: {
    method: 'POST',
    paths: ['/api/desk/orders/refund'],
    router: 'desk',
    access: 'refunds',
    request: 'deskRefund',
    answer: 'deskPaid',
    msg: false,
    summary: 'Records a refund sent on an order (never more than it holds; audited)',
  },
  // Failed shopper mails, business view, customer look-up, CSV export
  deskMailFailures: {
    method: 'POST',
    paths: ['/api/desk/mail/failures'],
    router: 'desk',
    access: 'staff',
    request: 'deskMailFailures',
    answer: 'deskMailFailures',
    msg: false,
    summary: 'Shopper mails that failed, newest first (not yet sent, or all)',
  },
  deskMailResend: {
    method: 'POST',
    paths: ['/api/desk/mail/resend'],
    router: 'desk',
    access: 'staff',
    request: 'deskMailResend',
    answer: 'deskMailResent',
    msg: false,
    summary: 'Sends one failed mail again now (of two racing resends one sends)',
  },
  deskBusiness: {
    method: 'POST',
    paths: ['/api/desk/business'],
    router: 'desk',
    access: 'sales',
    request: 'deskBusiness',
    answer: 'deskBusiness',
    msg: false,
    summary: 'Orders, units, revenue, top products, cancels: today, 7 and 30 days (Karachi)',
  },
  deskCustomer: {
    method: 'POST',
    paths: ['/api/desk/customer'],
    router: 'desk',
    access: 'personalData',
    request: 'deskCustomer',
    answer: 'deskCustomer',
    msg: false,
    summary: "A customer's orders and lifetime total, by e-mail",
  },
  deskExport: {
    method: 'POST',
    paths: ['/api/desk/orders/export'],
    router: 'desk',
    access: 'sales',
    request: 'deskExport',
    answer: 'deskCsv',
    msg: false,
    summary:
      'Orders placed in a period (Karachi days) as a CSV file; customer columns only to those allowed',
  },
  deskConfirmCod: {
    method: 'POST',
    paths: ['/api/desk/orders/confirm-cod'],
    router: 'desk',
    access: 'staff',
    request: 'deskConfirmCod',
    answer: 'deskMoved',
    msg: false,
    summary: 'Confirms a COD order awaiting confirmation for a customer who called (audited)',
  },
  // Couriers: book an order in Packing, download its airway bill.
  deskBookCourier: {
    method: 'POST',
    paths: ['/api/desk/orders/book-courier'],
    router: 'desk',
    access: 'staff',
    request: 'deskBookCourier',
    answer: 'deskBooked',
    msg: false,
    summary: "Books an order in Packing with the owner's courier (a second tap books nothing)",
  },
  deskCourierLabel: {
    method: 'POST',
    paths: ['/api/desk/orders/courier-label'],
    router: 'desk',
    access: 'staff',
    request: 'deskCourierLabel',
    answer: 'deskPdf',
    msg: false,
    summary: "A booked order's airway bill as a PDF file",
  },
  deskTrackParcels: {
    method: 'POST',
    paths: ['/api/desk/couriers/track'],
    router: 'desk',
    access: 'staff',
    request: 'deskTrackParcels',
    answer: 'deskTracked',
    msg: false,
    summary:
      "Asks the owner's courier where every open parcel is now, and moves the orders (as the schedule does)",
  },
  deskBookPacked: {
    method: 'POST',
    paths: ['/api/desk/couriers/book-packed'],
    router: 'desk',
    access: 'staff',
    request: 'deskBookPacked',
    answer: 'deskBookedPacked',
    msg: false,
    summary:
      "Books every packed order not yet booked with the owner's courier, oldest first, a bounded batch a press",
  },
  deskLoadSheet: {
    method: 'POST',
    paths: ['/api/desk/couriers/load-sheet'],
    router: 'desk',
    access: 'staff',
    request: 'deskLoadSheet',
    answer: 'deskLoadSheet',
    msg: false,
    summary:
      "The rider's load sheet: the parcels booked with the owner's courier and not yet picked up, with their COD",
  },
  deskRemittances: {
    method: 'POST',
    paths: ['/api/desk/couriers/remittances'],
    router: 'desk',
    access: 'owner',
    request: 'deskRemittances',
    answer: 'deskRemittances',
    msg: false,
    maxBodyBytes: 600 * 1024,
    summary:
      "Records the courier's COD remittances (its API, or its CSV report) on the orders' ledgers once, and lists what differs",
  },
  // Health for an uptime monitor.
  health: {
    method: 'GET',
    paths: ['/api/health'],
    router: 'shop',
    access: 'anyone',
    request: null,
    answer: 'health',
    msg: false,
    summary: 'Store, mail and rates state for an uptime monitor; 503 when the store is down',
  },
  // Current stock, and the desk's stock, archive, restore and delete.
  stock: {
    method: 'GET',
    paths: ['/api/stock'],
    router: 'shop',
    access: 'anyone',
    request: null,
    answer: 'stock',
    msg: false,
    summary: 'Current stock per colour of up to 50 products (?ids=a,b); cached at most 60 s',
  },
  deskProductStock: {
    method: 'POST',
    paths: ['/api/desk/products/stock'],
    router: 'desk',
    access: 'staff',
    request: 'deskProductStock',
    answer: 'deskProductState',
    msg: false,
    summary: 'Marks one colour of a product in or out of stock, live at once (audited)',
  },
  deskProductArchive: {
    method: 'POST',
    paths: ['/api/desk/products/archive'],
    router: 'desk',
    access: 'staff',
    request: 'deskProduct',
    answer: 'deskProductState',
    msg: false,
    summary: 'Hides a product from the shop; kept in orders and the desk (audited)',
  },
  deskProductRestore: {
    method: 'POST',
    paths: ['/api/desk/products/restore'],
    router: 'desk',
    access: 'staff',
    request: 'deskProduct',
    answer: 'deskProductState',
    msg: false,
    summary: 'Puts an archived product back on sale (audited)',
  },
  deskProductDelete: {
    method: 'POST',
    paths: ['/api/desk/products/delete'],
    router: 'desk',
    access: 'owner',
    request: 'deskProduct',
    answer: 'deskProductDeleted',
    msg: false,
    summary: 'Deletes a product no order holds (owner only; audited)',
  },
  deskProducts: {
    method: 'POST',
    paths: ['/api/desk/products/list'],
    router: 'desk',
    access: 'staff',
    request: 'deskProducts',
    answer: 'deskProductList',
    msg: false,
    summary: 'The catalogue with stock per colour: live, archived or all, searched by name or id',
  },
  // The shopper's order page and removed orders.
  userOrder: {
    method: 'POST',
    paths: ['/api/order/show'],
    router: 'account',
    access: 'shopper',
    request: 'orderShow',
    answer: 'orderDetail',
    msg: false,
    summary: "One of the caller's orders by its short number, with its timeline and tracking",
  },
  linkedOrder: {
    method: 'POST',
    paths: ['/api/order/linked'],
    router: 'account',
    access: 'anyone',
    request: 'orderLinked',
    answer: 'orderDetail',
    msg: false,
    summary: "The order a mailed link names, by the link's key, without signing in (30 days)",
  },
  codConfirmShow: {
    method: 'POST',
    paths: ['/api/order/cod-confirmation'],
    router: 'account',
    access: 'anyone',
    request: 'codConfirmShow',
    answer: 'codConfirmation',
    msg: false,
    summary:
      "A COD order awaiting confirmation, by its Confirm / Cancel link's key (until its deadline)",
  },
  codConfirmAnswer: {
    method: 'POST',
    paths: ['/api/order/confirm-cod'],
    router: 'account',
    access: 'anyone',
    request: 'codConfirmAnswer',
    answer: 'codAnswered',
    msg: false,
    summary: "Confirms or cancels a COD order by its link's key (once; a replay changes nothing)",
  },
  hideOrder: {
    method: 'POST',
    paths: ['/api/order/hide'],
    router: 'account',
    access: 'shopper',
    request: 'orderHide',
    answer: 'orderHidden',
    msg: false,
    summary: "Removes one of the caller's orders from their list, on every device",
  },
  changeAddress: {
    method: 'POST',
    paths: ['/api/order/address'],
    router: 'account',
    access: 'shopper',
    request: 'orderAddress',
    answer: 'addressChanged',
    msg: false,
    summary:
      "Changes the delivery address of the caller's order while it is Order Placed and not booked, in the same country",
  },
  findOrder: {
    method: 'POST',
    paths: ['/api/order/find'],
    router: 'account',
    access: 'shopper',
    request: 'orderFind',
    answer: 'orderFound',
    msg: false,
    summary:
      "The caller's order placed under an Idempotency-Key, if any: Place Order asks when its answer was lost",
  },
  // Cards: Pay now, and the gateway's webhook (SAFEPAY_WEBHOOK_PATH).
  payOrder: {
    method: 'POST',
    paths: ['/api/order/pay'],
    router: 'account',
    access: 'shopper',
    request: 'payOrder',
    answer: 'payOpened',
    msg: false,
    summary: "Opens a fresh card payment for the caller's unpaid card order",
  },
  switchToCod: {
    method: 'POST',
    paths: ['/api/order/switch-to-cod'],
    router: 'account',
    access: 'shopper',
    request: 'switchToCod',
    answer: 'switchedToCod',
    msg: false,
    summary:
      "Switches the caller's unpaid wallet order, its phone's requests all declined, to Cash on Delivery",
  },
  cardWebhook: {
    method: 'POST',
    paths: ['/api/payments/safepay/webhook'],
    router: 'shop',
    access: 'anyone',
    request: null,
    answer: 'webhook',
    msg: false,
    body: 'signed',
    maxBodyBytes: 64 * 1024,
    summary: "Safepay's signed payment and refund events; each processed once",
  },
  walletWebhook: {
    method: 'POST',
    paths: ['/api/payments/jazzcash/webhook', '/api/payments/easypaisa/webhook'],
    router: 'shop',
    access: 'anyone',
    request: null,
    answer: 'webhook',
    msg: false,
    body: 'signed',
    maxBodyBytes: 64 * 1024,
    summary:
      "A wallet's signed payment notices (JazzCash's IPN), checked by its provider's rule; each processed once",
  },
  courierPush: {
    method: 'POST',
    paths: ['/api/couriers/leopards/webhook'],
    router: 'shop',
    access: 'anyone',
    request: null,
    answer: 'courierPush',
    msg: false,
    body: 'signed',
    maxBodyBytes: 64 * 1024,
    summary:
      "Leopards' push of its consignments' steps, checked by the shop's secret in X-Api-Key; each step followed once",
  },
  // The desk's product editor.
  deskProductEdit: {
    method: 'POST',
    paths: ['/api/desk/products/edit'],
    router: 'desk',
    access: 'staff',
    request: 'deskProductEdit',
    answer: 'deskProductEdited',
    msg: false,
    summary: 'One product (live or archived) with its version, for the editor',
  },
  deskProductSave: {
    method: 'POST',
    paths: ['/api/desk/products/save'],
    router: 'desk',
    access: 'staff',
    request: 'deskProductSave',
    answer: 'deskProductSaved',
    msg: false,
    summary:
      "Adds a product or saves an edit of the version read, by the import's rules, to the draft (audited)",
  },
  deskPhotoUpload: {
    method: 'POST',
    paths: ['/api/desk/products/photo'],
    router: 'desk',
    access: 'staff',
    request: null,
    answer: 'deskPhoto',
    msg: false,
    body: 'photo',
    maxBodyBytes: MAX_UPLOAD_BYTES,
    summary: 'Checks a photo as the import does and keeps it in the photo store (audited)',
  },
  // Publish and its deploy progress.
  deskPublish: {
    method: 'POST',
    paths: ['/api/desk/catalogue/publish'],
    router: 'desk',
    access: 'publish',
    request: 'deskPublish',
    answer: 'deskCatalogue',
    msg: false,
    summary:
      'Publishes the draft catalogue as the next version and starts its deploy (owner, or allowed; audited)',
  },
  deskPublishProgress: {
    method: 'POST',
    paths: ['/api/desk/catalogue/progress'],
    router: 'desk',
    access: 'staff',
    request: 'deskPublish',
    answer: 'deskCatalogue',
    msg: false,
    summary: 'Unpublished changes, and the deploy of the newest version until it is live',
  },
  deskPushDevices: {
    method: 'POST',
    paths: ['/api/desk/alerts/devices'],
    router: 'desk',
    access: 'staff',
    request: 'empty',
    answer: 'deskPushDevices',
    msg: false,
    summary: "The caller's devices that get push alerts, and the key a device subscribes with",
  },
  deskPushAdd: {
    method: 'POST',
    paths: ['/api/desk/alerts/add'],
    router: 'desk',
    access: 'staff',
    request: 'deskPushAdd',
    answer: 'deskPushChanged',
    msg: false,
    summary: "Turns push alerts on for one of the caller's devices, with the kinds chosen",
  },
  deskPushRemove: {
    method: 'POST',
    paths: ['/api/desk/alerts/remove'],
    router: 'desk',
    access: 'staff',
    request: 'deskPushRemove',
    answer: 'deskPushChanged',
    msg: false,
    summary: "Turns push alerts off for one of the caller's devices",
  },
} as const satisfies Record<string, EndpointSpec>;

/** The name of a call in the table. */
export type EndpointName = keyof typeof ENDPOINTS;

type RequestKey<N extends EndpointName> = (typeof ENDPOINTS)[N]['request'];

/** What a client sends to call N (the schema's input), or undefined for a GET. */
export type RequestOf<N extends EndpointName> =
  RequestKey<N> extends keyof typeof REQUESTS
    ? z.input<(typeof REQUESTS)[RequestKey<N>]>
    : undefined;

/** What a service receives for call N once validated (the schema's output). */
export type BodyOf<N extends EndpointName> =
  RequestKey<N> extends keyof typeof REQUESTS
    ? z.output<(typeof REQUESTS)[RequestKey<N>]>
    : undefined;

/** What call N answers on success. */
export type AnswerOf<N extends EndpointName> = z.output<
  (typeof ANSWERS)[(typeof ENDPOINTS)[N]['answer']]
>;

/** The calls the storefront's browser makes: every call but the desk's. */
export type StorefrontCall = {
  [N in EndpointName]: (typeof ENDPOINTS)[N]['router'] extends 'desk' ? never : N;
}[EndpointName];

/**
 * What the storefront's client needs of each of its calls: method, the spec's path and the answer
 * schema's key, exactly as the table says (src/client/api-routes.ts `satisfies` this).
 */
export type ClientRoutes = {
  readonly [N in StorefrontCall]: readonly [
    (typeof ENDPOINTS)[N]['method'],
    (typeof ENDPOINTS)[N]['paths'][0],
    (typeof ENDPOINTS)[N]['answer'],
  ];
};

/** The calls the desk's browser makes (router 'desk'). */
export type DeskCall = {
  [N in EndpointName]: (typeof ENDPOINTS)[N]['router'] extends 'desk' ? N : never;
}[EndpointName];

/** What the desk's client needs of each of its calls, as ClientRoutes for the storefront's. */
export type DeskClientRoutes = {
  readonly [N in DeskCall]: readonly [
    (typeof ENDPOINTS)[N]['method'],
    (typeof ENDPOINTS)[N]['paths'][0],
    (typeof ENDPOINTS)[N]['answer'],
  ];
};

/** Every call's name, in table order. */
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];
