// Every API call of the endpoint table with the router function Netlify would route it to and a
// valid example body: `npm start` serves /api/* through `routerFor` (scripts/serve-api.ts), and the
// bench server and fault tests (outage, hostile input) call the same handlers.
import type { Config } from '@netlify/functions';
import shop, { config as shopConfig } from '../netlify/functions/shop.mts';
import account, { config as accountConfig } from '../netlify/functions/account.mts';
import desk, { config as deskConfig } from '../netlify/functions/desk.mts';
import {
  ENDPOINTS as TABLE,
  ENDPOINT_NAMES,
  type EndpointName,
  type RouterName,
} from '../src/lib/contract/endpoints.ts';
import type { Handler } from '../src/server/web.ts';

export type { Handler };

/** A router function: its handler and the `config` Netlify routes it by. */
export interface Router {
  name: RouterName;
  handler: Handler;
  config: Config;
}

/** The API's router functions (netlify/functions), as the platform sees them. */
export const ROUTERS: readonly Router[] = [
  { name: 'shop', handler: shop, config: shopConfig },
  { name: 'account', handler: account, config: accountConfig },
  { name: 'desk', handler: desk, config: deskConfig },
];

const patterns = (paths: Config['path'] | Config['excludedPath']): URLPattern[] =>
  (paths === undefined ? [] : typeof paths === 'string' ? [paths] : paths).map(
    (pathname) => new URLPattern({ pathname }),
  );

/** The routers whose `config.path` matches a path and whose `excludedPath` does not, as Netlify routes. */
export function routersMatching(pathname: string): Router[] {
  return ROUTERS.filter(
    (r) =>
      patterns(r.config.path).some((p) => p.test({ pathname })) &&
      !patterns(r.config.excludedPath).some((p) => p.test({ pathname })),
  );
}

/** The router function serving a path, or undefined outside /api/*. */
export function routerFor(pathname: string): Router | undefined {
  return routersMatching(pathname)[0];
}

/** One call of the table, with the handler that serves it and a valid example body. */
export interface Endpoint {
  name: EndpointName;
  /** The router function that serves it. */
  router: RouterName;
  /** The spec's path. */
  path: string;
  /** Every path the call answers on. */
  paths: readonly string[];
  method: 'GET' | 'POST';
  handler: Handler;
  /** Needs a login token. */
  auth: boolean;
  /** A well-formed body (for POST). */
  example?: unknown;
  /** How a POST body is sent: JSON, or a page's form. */
  contentType: 'application/json' | 'application/x-www-form-urlencoded';
}

/** The example body encoded as the call takes it (JSON, or a form's fields), or undefined for a GET. */
export function exampleBody(e: Endpoint): string | undefined {
  if (e.method !== 'POST') return undefined;
  if (e.contentType === 'application/json') return JSON.stringify(e.example);
  return new URLSearchParams(e.example as Record<string, string>).toString();
}

export const ADDRESS = {
  firstName: 'Bench',
  lastName: 'Shopper',
  email: 'bench.shopper@example.com',
  address1: '12 Canal View',
  country: 'Pakistan',
  city: 'Lahore',
  state: 'Punjab',
  zip: '54000',
  mobile: '+92 300 1234567',
};

const line = { itemId: 'some-bag', selectedColor: 'Black', imageIndex: 0, quantity: 1 };

/** A well-formed body for each POST call. */
const EXAMPLES: Record<EndpointName, unknown> = {
  productList: undefined,
  rates: undefined,
  newsletter: { email: 'bench.news@example.com' },
  newsletterConfirm: undefined,
  newsletterConfirmSubmit: { token: 'a-well-formed-but-unknown-token' },
  register: { name: 'Bench', email: 'bench@example.com', password: 'correct horse battery' },
  login: { email: 'bench@example.com', password: 'correct horse battery' },
  googleLogin: { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' },
  logout: {},
  resetRequest: { email: 'bench@example.com' },
  resetVerify: { email: 'bench@example.com', otp: '123456', newPassword: 'another good password' },
  cartGet: {},
  cartAdd: line,
  cartUpdate: line,
  cartRemove: { itemId: 'some-bag', selectedColor: 'Black', imageIndex: 0 },
  cartMerge: { cartData: { 'some-bag': { Black: { '0': 1 } } } },
  placeOrder: {
    items: [{ productId: 'some-bag', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
    address: ADDRESS,
    currency: 'PKR',
    paymentMethod: 'COD',
    whatsappUpdates: true,
  },
  userOrders: {},
  cancelOrder: { orderId: 'some-order', reason: 'I changed my mind' },
  deskSignIn: { email: 'owner@example.com', password: 'correct horse battery', code: '123456' },
  deskSignOut: {},
  deskMe: {},
  deskCounts: {},
  deskPasskeySignInOptions: {},
  deskPasskeySignIn: {
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
      clientExtensionResults: {},
    },
  },
  deskPasskeys: {},
  deskPasskeyProofOptions: {},
  deskPasskeyOptions: { password: 'tall ladder purple kettle', code: '123456' },
  deskPasskeyAdd: {
    name: 'Bench phone',
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
      clientExtensionResults: {},
    },
  },
  deskPasskeyRemove: { id: 'AAAA' },
  deskAcceptInvitation: { token: 'invitation-token', password: 'correct horse battery' },
  deskConfirmInvitation: { token: 'invitation-token', code: '123456' },
  deskInvite: { email: 'new.staff@example.com', name: 'New Staff', role: 'staff' },
  deskStaffList: {},
  deskStaffRole: { staffId: 'some-staff', role: 'owner' },
  deskStaffRemove: { staffId: 'some-staff' },
  deskStaffPasskeys: {},
  deskStaffPasskeyRemove: { staffId: 'some-staff', id: 'AAAA' },
  deskStaffPersonalData: { staffId: 'some-staff', allowed: true },
  deskStaffRefunds: { staffId: 'some-staff', allowed: true },
  deskStaffSales: { staffId: 'some-staff', allowed: true },
  deskStaffPublish: { staffId: 'some-staff', allowed: true },
  deskOrders: { status: 'packing', q: '#7133649B', from: '2026-01-01', to: '2026-12-31' },
  deskOrder: { order: '#7133649B' },
  deskMove: {
    order: '#7133649B',
    to: 'Out for Delivery',
    courier: 'TCS',
    trackingNumber: 'LHR123',
  },
  deskNewOrder: {
    channel: 'phone',
    items: [{ productId: 'some-bag', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
    address: ADDRESS,
    paymentMethod: 'COD',
  },
  deskCustomerFind: { customer: '+92 300 1234567' },
  deskAudit: { limit: 50 },
  returnRequest: {
    orderId: 'some-order',
    kind: 'return',
    reason: 'Too small for my laptop',
    items: [{ line: 0, quantity: 1 }],
  },
  deskReturns: { open: true },
  deskReturnStep: {
    order: '#7133649B',
    to: 'pickupScheduled',
    pickupFrom: '2026-03-04T10:00',
    pickupTo: '2026-03-04T14:00',
  },
  // Shop settings.
  deskSettings: {},
  deskSettingsSave: { ordersEmail: 'orders@example.com' },
  deskConnections: {},
  deskConnectionSave: {
    connection: 'courier',
    set: { DEFAULT_COURIER: 'postex', POSTEX_API_TOKEN: 'pe-token-1234abcd' },
    remove: ['LEOPARDS_API_KEY', 'LEOPARDS_API_PASSWORD'],
  },
  // Payments.
  deskPayment: { order: '#7133649B', method: 'Bank Transfer', amount: 8350, reference: 'FT2611' },
  deskRefund: {
    order: '#7133649B',
    method: 'Bank Transfer',
    lines: [{ index: 0, quantity: 1 }],
    note: 'Returned unused',
    reference: 'RF2611',
  },
  deskMailFailures: { all: false, limit: 50 },
  deskMailResend: { id: 'some-failed-mail' },
  deskBusiness: {},
  deskCustomer: { email: 'shopper@example.com' },
  deskExport: { from: '2026-01-01', to: '2026-01-31' },
  deskBookCourier: { order: '7133649B' },
  deskConfirmCod: { order: '7133649B' },
  deskCourierLabel: { order: '7133649B', format: 'a4' },
  deskTrackParcels: {},
  deskBookPacked: {},
  deskLoadSheet: {},
  deskRemittances: {},
  health: undefined,
  stock: undefined,
  deskProductStock: { productId: 'some-bag', color: 'Black', inStock: false },
  deskProductArchive: { productId: 'some-bag' },
  deskProductRestore: { productId: 'some-bag' },
  deskProductDelete: { productId: 'some-bag' },
  deskProducts: { q: 'tote', show: 'live' },
  // The shopper's order page and removed orders.
  userOrder: { number: '#3A4030A3' },
  linkedOrder: { number: '#3A4030A3', key: '<the link key from the mail>' },
  codConfirmShow: { number: '#3A4030A3', key: '<the key from the Confirm link>' },
  codConfirmAnswer: {
    number: '#3A4030A3',
    key: '<the key from the Confirm link>',
    answer: 'confirm',
  },
  hideOrder: { orderId: 'some-order' },
  changeAddress: { orderId: 'some-order', address: ADDRESS },
  findOrder: { idempotencyKey: 'checkout-some-key' },
  payOrder: { orderId: 'some-order' },
  switchToCod: { orderId: 'some-order' },
  // A signed webhook's body is the gateway's; an unsigned example is refused (401).
  cardWebhook: undefined,
  walletWebhook: undefined,
  courierPush: undefined,
  // Read, save (an edit of a version read), a photo (its bytes, not JSON).
  deskProductEdit: { productId: 'some-bag' },
  deskProductSave: {
    productId: 'some-bag',
    version: '0'.repeat(64),
    product: {
      productName: 'Some Bag',
      maker: 'Some Maker',
      category: 'handbags',
      price: '4,500',
      discountPercent: '10%',
      wholesalePrice: '',
      bestSeller: false,
      para: 'A bag.',
      specs: {
        material: 'Leather',
        compatibility: '14 inch',
        texture: 'Smooth',
        closure: 'Zip',
        compartment: 'One',
        zips: 'YKK',
        strap: 'Long',
        length: '30 cm',
        width: '10 cm',
        height: '25 cm',
        weight: '0.6 kg',
      },
      colours: [{ color: 'Black', swatch: '', images: ['/images/some-bag-black.svg'] }],
    },
  },
  deskPhotoUpload: undefined,
  deskPublish: {},
  deskPublishProgress: {},
  deskPushDevices: {},
  deskPushAdd: {
    subscription: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/bench-device',
      expirationTime: null,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    },
    kinds: ['new-order'],
    label: 'Bench phone',
  },
  deskPushRemove: { id: 'bench-device' },
};

export const ENDPOINTS: Endpoint[] = ENDPOINT_NAMES.map((name) => {
  const spec = TABLE[name];
  const router = ROUTERS.find((r) => r.name === spec.router)!;
  return {
    name,
    router: spec.router,
    path: spec.paths[0],
    paths: spec.paths,
    method: spec.method,
    handler: router.handler,
    auth: spec.access !== 'anyone',
    contentType:
      'body' in spec && spec.body === 'form'
        ? 'application/x-www-form-urlencoded'
        : 'application/json',
    ...(spec.method === 'POST' ? { example: EXAMPLES[name] } : {}),
  };
});

/** The call a path names, or undefined. */
export function endpointFor(pathname: string): Endpoint | undefined {
  return ENDPOINTS.find((e) => e.paths.includes(pathname));
}
