// Every API endpoint, its handler and a valid example body, for the in-process bench server and the
// fault tests (outage, hostile input). Handlers are the real Netlify Function modules.
import cartAdd, { config as cartAddConfig } from '../../netlify/functions/cart-add.mts';
import cartGet, { config as cartGetConfig } from '../../netlify/functions/cart-get.mts';
import cartMerge, { config as cartMergeConfig } from '../../netlify/functions/cart-merge.mts';
import cartRemove, { config as cartRemoveConfig } from '../../netlify/functions/cart-remove.mts';
import cartUpdate, { config as cartUpdateConfig } from '../../netlify/functions/cart-update.mts';
import orderCancel, { config as orderCancelConfig } from '../../netlify/functions/order-cancel.mts';
import orderCod from '../../netlify/functions/order-cod.mts';
import orderUserOrders, { config as orderUserOrdersConfig } from '../../netlify/functions/order-userorders.mts';
import productList, { config as productListConfig } from '../../netlify/functions/product-list.mts';
import rates, { config as ratesConfig } from '../../netlify/functions/rates.mts';
import googleLogin, { config as googleLoginConfig } from '../../netlify/functions/user-google-login.mts';
import userLogin, { config as userLoginConfig } from '../../netlify/functions/user-login.mts';
import userRegister, { config as userRegisterConfig } from '../../netlify/functions/user-register.mts';
import resetRequest, { config as resetRequestConfig } from '../../netlify/functions/user-reset-request.mts';
import resetVerify, { config as resetVerifyConfig } from '../../netlify/functions/user-reset-verify.mts';

export type Handler = (req: Request, context?: { ip?: string; waitUntil?: (p: Promise<unknown>) => void }) => Promise<Response>;

export interface Endpoint {
  path: string;
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

const line = { itemId: 'some-bag', selectedColor: 'Black', imageIndex: 0, quantity: 1 };

export const ENDPOINTS: Endpoint[] = [
  { path: productListConfig.path, method: 'GET', handler: productList as Handler, auth: false },
  { path: ratesConfig.path, method: 'GET', handler: rates as Handler, auth: false },
  { path: cartGetConfig.path, method: 'POST', handler: cartGet as Handler, auth: true, example: {} },
  { path: cartAddConfig.path, method: 'POST', handler: cartAdd as Handler, auth: true, example: line },
  { path: cartUpdateConfig.path, method: 'POST', handler: cartUpdate as Handler, auth: true, example: line },
  { path: cartRemoveConfig.path, method: 'POST', handler: cartRemove as Handler, auth: true, example: { itemId: 'some-bag', selectedColor: 'Black', imageIndex: 0 } },
  { path: cartMergeConfig.path, method: 'POST', handler: cartMerge as Handler, auth: true, example: { cartData: { 'some-bag': { Black: { '0': 1 } } } } },
  {
    path: '/api/order/COD',
    method: 'POST',
    handler: orderCod as Handler,
    auth: true,
    example: { items: [{ productId: 'some-bag', selectedColor: 'Black', imageIndex: 0, quantity: 1 }], address: ADDRESS, currency: 'PKR', paymentMethod: 'COD' },
  },
  { path: orderUserOrdersConfig.path, method: 'POST', handler: orderUserOrders as Handler, auth: true, example: {} },
  { path: orderCancelConfig.path, method: 'POST', handler: orderCancel as Handler, auth: true, example: { orderId: 'some-order', reason: 'I changed my mind' } },
  { path: userRegisterConfig.path, method: 'POST', handler: userRegister as Handler, auth: false, example: { name: 'Bench', email: 'bench@example.com', password: 'correct horse battery' } },
  { path: userLoginConfig.path, method: 'POST', handler: userLogin as Handler, auth: false, example: { email: 'bench@example.com', password: 'correct horse battery' } },
  { path: googleLoginConfig.path, method: 'POST', handler: googleLogin as Handler, auth: false, example: { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' } },
  { path: resetRequestConfig.path, method: 'POST', handler: resetRequest as Handler, auth: false, example: { email: 'bench@example.com' } },
  { path: resetVerifyConfig.path, method: 'POST', handler: resetVerify as Handler, auth: false, example: { email: 'bench@example.com', otp: '123456', newPassword: 'another good password' } },
];

/** The handler serving a path, or undefined. */
export function endpointFor(pathname: string): Endpoint | undefined {
  return ENDPOINTS.find((e) => e.path === pathname) ?? (pathname === '/api/order/cod' ? ENDPOINTS.find((e) => e.path === '/api/order/COD') : undefined);
}
