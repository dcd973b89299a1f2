// Written by `npm run api-table` from the endpoint table (src/lib/contract/endpoints.ts), and
// held to it by tsc (`satisfies ClientRoutes`): the storefront's calls without the table's
// other fields and the desk's calls, which no storefront page needs to ship.
import type { ClientRoutes } from '../lib/contract/endpoints.ts';

/** Method, the spec's path and the answer schema's key of each call the storefront makes. */
export const API_ROUTES = {
  productList: ['GET', '/api/product/list', 'productList'],
  rates: ['GET', '/api/rates', 'rates'],
  newsletter: ['POST', '/api/newsletter', 'newsletter'],
  newsletterConfirm: ['GET', '/api/newsletter/confirm', 'page'],
  newsletterConfirmSubmit: ['POST', '/api/newsletter/confirm', 'page'],
  register: ['POST', '/api/user/register', 'session'],
  login: ['POST', '/api/user/login', 'session'],
  googleLogin: ['POST', '/api/user/google-login', 'session'],
  logout: ['POST', '/api/user/logout', 'msg'],
  resetRequest: ['POST', '/api/user/reset-password-request', 'msg'],
  resetVerify: ['POST', '/api/user/verify-otp-reset-password', 'msg'],
  cartGet: ['POST', '/api/cart/get', 'cart'],
  cartAdd: ['POST', '/api/cart/add', 'cartChange'],
  cartUpdate: ['POST', '/api/cart/update', 'cartChange'],
  cartRemove: ['POST', '/api/cart/remove', 'cartChange'],
  cartMerge: ['POST', '/api/cart/merge', 'cartChange'],
  placeOrder: ['POST', '/api/order/COD', 'orderPlaced'],
  userOrders: ['POST', '/api/order/userorders', 'orders'],
  cancelOrder: ['POST', '/api/order/cancel', 'orderCancelled'],
  returnRequest: ['POST', '/api/order/return', 'returnRequested'],
  health: ['GET', '/api/health', 'health'],
  stock: ['GET', '/api/stock', 'stock'],
  userOrder: ['POST', '/api/order/show', 'orderDetail'],
  linkedOrder: ['POST', '/api/order/linked', 'orderDetail'],
  codConfirmShow: ['POST', '/api/order/cod-confirmation', 'codConfirmation'],
  codConfirmAnswer: ['POST', '/api/order/confirm-cod', 'codAnswered'],
  hideOrder: ['POST', '/api/order/hide', 'orderHidden'],
  changeAddress: ['POST', '/api/order/address', 'addressChanged'],
  findOrder: ['POST', '/api/order/find', 'orderFound'],
  payOrder: ['POST', '/api/order/pay', 'payOpened'],
  switchToCod: ['POST', '/api/order/switch-to-cod', 'switchedToCod'],
  cardWebhook: ['POST', '/api/payments/safepay/webhook', 'webhook'],
  walletWebhook: ['POST', '/api/payments/jazzcash/webhook', 'webhook'],
  courierPush: ['POST', '/api/couriers/leopards/webhook', 'courierPush'],
} as const satisfies ClientRoutes;
