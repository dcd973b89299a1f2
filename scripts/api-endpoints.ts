// Every API endpoint, its handler and a valid example body: `npm start` serves /api/* from this
// table, and the bench server and fault tests (outage, hostile input) call the same handlers.
// Handlers are the real Netlify Function modules, routed by their own `config.path`.
import type { Config } from '@netlify/functions';
import cartAdd, { config as cartAddConfig } from '../netlify/functions/cart-add.mts';
import cartGet, { config as cartGetConfig } from '../netlify/functions/cart-get.mts';
import cartMerge, { config as cartMergeConfig } from '../netlify/functions/cart-merge.mts';
import cartRemove, { config as cartRemoveConfig } from '../netlify/functions/cart-remove.mts';
import cartUpdate, { config as cartUpdateConfig } from '../netlify/functions/cart-update.mts';
import orderCancel, { config as orderCancelConfig } from '../netlify/functions/order-cancel.mts';
import orderCod, { config as orderCodConfig } from '../netlify/functions/order-cod.mts';
import orderUserOrders, {
  config as orderUserOrdersConfig,
} from '../netlify/functions/order-userorders.mts';
import productList, { config as productListConfig } from '../netlify/functions/product-list.mts';
import rates, { config as ratesConfig } from '../netlify/functions/rates.mts';
import newsletter, { config as newsletterConfig } from '../netlify/functions/newsletter.mts';
import newsletterConfirm, {
  config as newsletterConfirmConfig,
} from '../netlify/functions/newsletter-confirm.mts';
import googleLogin, {
  config as googleLoginConfig,
} from '../netlify/functions/user-google-login.mts';
import userLogin, { config as userLoginConfig } from '../netlify/functions/user-login.mts';
import userLogout, { config as userLogoutConfig } from '../netlify/functions/user-logout.mts';
import userRegister, { config as userRegisterConfig } from '../netlify/functions/user-register.mts';
import resetRequest, {
  config as resetRequestConfig,
} from '../netlify/functions/user-reset-request.mts';
import resetVerify, {
  config as resetVerifyConfig,
} from '../netlify/functions/user-reset-verify.mts';

export type Handler = (
  req: Request,
  context?: { ip?: string; waitUntil?: (p: Promise<unknown>) => void },
) => Promise<Response>;

export interface Endpoint {
  /** The spec's path (the first of the function's `config.path`). */
  path: string;
  /** Every path the function declares. */
  paths: readonly string[];
  method: 'GET' | 'POST';
  handler: Handler;
  /** Needs a login token. */
  auth: boolean;
  /** A well-formed body (for POST). */
  example?: unknown;
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

/** The spec's path and every alias a function declares in `config.path`. */
function at(path: Config['path']): Pick<Endpoint, 'path' | 'paths'> {
  if (path === undefined) throw new Error('an API function must declare its path');
  const paths = typeof path === 'string' ? [path] : path;
  return { path: paths[0]!, paths };
}

const line = { itemId: 'some-bag', selectedColor: 'Black', imageIndex: 0, quantity: 1 };

export const ENDPOINTS: Endpoint[] = [
  { ...at(productListConfig.path), method: 'GET', handler: productList as Handler, auth: false },
  { ...at(ratesConfig.path), method: 'GET', handler: rates as Handler, auth: false },
  {
    ...at(cartGetConfig.path),
    method: 'POST',
    handler: cartGet as Handler,
    auth: true,
    example: {},
  },
  {
    ...at(cartAddConfig.path),
    method: 'POST',
    handler: cartAdd as Handler,
    auth: true,
    example: line,
  },
  {
    ...at(cartUpdateConfig.path),
    method: 'POST',
    handler: cartUpdate as Handler,
    auth: true,
    example: line,
  },
  {
    ...at(cartRemoveConfig.path),
    method: 'POST',
    handler: cartRemove as Handler,
    auth: true,
    example: { itemId: 'some-bag', selectedColor: 'Black', imageIndex: 0 },
  },
  {
    ...at(cartMergeConfig.path),
    method: 'POST',
    handler: cartMerge as Handler,
    auth: true,
    example: { cartData: { 'some-bag': { Black: { '0': 1 } } } },
  },
  {
    ...at(orderCodConfig.path),
    method: 'POST',
    handler: orderCod as Handler,
    auth: true,
    example: {
      items: [{ productId: 'some-bag', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
      address: ADDRESS,
      currency: 'PKR',
      paymentMethod: 'COD',
    },
  },
  {
    ...at(orderUserOrdersConfig.path),
    method: 'POST',
    handler: orderUserOrders as Handler,
    auth: true,
    example: {},
  },
  {
    ...at(orderCancelConfig.path),
    method: 'POST',
    handler: orderCancel as Handler,
    auth: true,
    example: { orderId: 'some-order', reason: 'I changed my mind' },
  },
  {
    ...at(userRegisterConfig.path),
    method: 'POST',
    handler: userRegister as Handler,
    auth: false,
    example: { name: 'Bench', email: 'bench@example.com', password: 'correct horse battery' },
  },
  {
    ...at(userLoginConfig.path),
    method: 'POST',
    handler: userLogin as Handler,
    auth: false,
    example: { email: 'bench@example.com', password: 'correct horse battery' },
  },
  {
    ...at(userLogoutConfig.path),
    method: 'POST',
    handler: userLogout as Handler,
    auth: true,
    example: {},
  },
  {
    ...at(googleLoginConfig.path),
    method: 'POST',
    handler: googleLogin as Handler,
    auth: false,
    example: { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' },
  },
  {
    ...at(resetRequestConfig.path),
    method: 'POST',
    handler: resetRequest as Handler,
    auth: false,
    example: { email: 'bench@example.com' },
  },
  {
    ...at(newsletterConfig.path),
    method: 'POST',
    handler: newsletter as Handler,
    auth: false,
    example: { email: 'bench.news@example.com' },
  },
  {
    ...at(newsletterConfirmConfig.path),
    method: 'GET',
    handler: newsletterConfirm as Handler,
    auth: false,
  },
  {
    ...at(resetVerifyConfig.path),
    method: 'POST',
    handler: resetVerify as Handler,
    auth: false,
    example: { email: 'bench@example.com', otp: '123456', newPassword: 'another good password' },
  },
];

/** The handler serving a path, or undefined. */
export function endpointFor(pathname: string): Endpoint | undefined {
  return ENDPOINTS.find((e) => e.paths.includes(pathname));
}
