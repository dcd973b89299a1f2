// The service each call of the endpoint table runs: the one place a call meets the server's
// services. tsc refuses a table entry without its binding here, and a binding's answer must be
// the type the call's answer schema infers. Bindings read no HTTP beyond what the web layer
// (web.ts) hands them: the validated body, the caller, the client address.
import type { AnswerOf, BodyOf, EndpointName, ENDPOINTS } from '../lib/contract/endpoints.ts';
import { CART_ANSWERS, ORDER_ANSWERS, ORDER_MESSAGES } from '../lib/messages.ts';
import type { WaitUntil } from './background.ts';
import type { Deps } from './deps.ts';
import { reply, type Reply } from './http.ts';
import { courierShown } from './couriers/index.ts';
import {
  addCartItem,
  getCart,
  removeCartItem,
  replaceCart,
  updateCartItem,
} from './orders/index.ts';
import { productListBody } from './catalogue/index.ts';
import { newsletterConfirmation, subscribe } from './accounts/index.ts';
import { pageResponse } from './site-headers.ts';
import { cancelOrder, checkIdempotencyKey, listUserOrders } from './orders/index.ts';
import {
  changeOrderAddress,
  answerCodConfirmation,
  confirmDeskOrderByPhone,
  showCodConfirmation,
} from './orders/index.ts';
import {
  findUserOrderByKey,
  hideUserOrder,
  showLinkedOrder,
  showUserOrder,
} from './orders/index.ts';
import { requestPasswordReset, resetPassword } from './accounts/index.ts';
import { getRates } from './operations/index.ts';
import { endSessions } from './accounts/index.ts';
import { googleLogin, login, register } from './accounts/index.ts';
import type { StaffRecord, UserRecord } from './store/port.ts';
import { listDeskOrders, moveDeskOrder, showDeskOrder, takeDeskOrder } from './orders/index.ts';
import { findDeskCustomer } from './orders/index.ts';
import { alertReturnRequested } from './orders/index.ts';
import { businessView, countsNeedingAction, customerLookup } from './orders/index.ts';
import { exportOrders } from './orders/index.ts';
import { lineFor, mailFailureFor, returnFor, withOrderFor } from './orders/index.ts';
import { DESK_OPS_ANSWERS } from '../lib/desk-ops.ts';
import {
  bookAllPacked,
  bookCourier,
  courierLabel,
  followParcelsLater,
  loadSheet,
  receiveLeopardsPush,
  trackParcelsNow,
} from './orders/index.ts';
import { listMailFailures, resendMailFailure } from './operations/index.ts';
import {
  acceptInvitation,
  addPasskey,
  changeRole,
  confirmInvitation,
  inviteStaff,
  listMembersPasskeys,
  listPasskeys,
  listStaff,
  passkeyProofOptions,
  passkeyRegistrationOptions,
  passkeySignIn,
  passkeySignInOptions,
  readAudit,
  removeMemberPasskey,
  removePasskey,
  removeStaff,
  mayRefund,
  seesPersonalData,
  setGrant,
  signIn,
  signOut,
  toDeskStaff,
} from './accounts/index.ts';
import { listReturns, requestReturn, stepReturn } from './returns/index.ts';
import { deskConnections, deskSettings, saveConnection, saveSettings } from './operations/index.ts';
import {
  addPushDevice,
  alertsAtStart,
  listPushDevices,
  removePushDevice,
} from './operations/index.ts';
import {
  expireUnpaidCardOrdersLater,
  payNow,
  placeOrderPaying,
  providerInPath,
  receiveCardWebhook,
  receiveProviderWebhook,
  recordPayment,
  switchWalletToCod,
  recordRefund,
  afterCancel,
  reconcileCardsLater,
  importRemittances,
  shopOrigin,
} from './payments/index.ts';
import { CARD_MESSAGES } from '../lib/cards.ts';
import { checkHealth } from './operations/index.ts';
import {
  STOCK_CACHE_HEADERS,
  archiveProduct,
  currentStock,
  deleteProduct,
  listDeskProducts,
  restoreProduct,
  setDeskColourStock,
} from './catalogue/index.ts';
import { readForEdit, saveProduct, uploadPhoto } from './catalogue/index.ts';
import { catalogueProgress, deskPublish } from './catalogue/index.ts';

/** What a binding is handed for call N. */
export interface Call<N extends EndpointName> {
  req: Request;
  deps: Deps;
  body: BodyOf<N>;
  /** The signed-in shopper: present exactly when the call's access is 'shopper'. */
  user: (typeof ENDPOINTS)[N]['access'] extends 'shopper' ? UserRecord : null;
  /** The signed-in staff member: present exactly when the call's access is 'staff' or 'owner'. */
  staff: (typeof ENDPOINTS)[N]['access'] extends 'anyone' | 'shopper' ? null : StaffRecord;
  /** The client's address as the platform reports it (throttles). */
  ip: string;
  waitUntil?: WaitUntil;
}

/** What a member may see of customers: their personal data, and the refund accounts with refunds. */
const seen = (staff: StaffRecord) => ({
  personalData: seesPersonalData(staff),
  refunds: mayRefund(staff),
});

/** A failure that carries more than its message (a replayed order's order). */
type FailureWith = { success: false; message: string } & Record<string, unknown>;

/** What a binding answers: the call's answer, the answer with a status or headers, or a ready Response. */
export type Result<N extends EndpointName> =
  AnswerOf<N> | Reply<AnswerOf<N> | FailureWith> | Response;

type Services = { [N in EndpointName]: (call: Call<N>) => Promise<Result<N>> };

/** Seconds a stale or fallback rates answer may be cached: the next try at the service is a minute away. */
const SHORT_MAX_AGE = 60;

export const SERVICES: Services = {
  productList: async ({ deps }) =>
    new Response(await productListBody(deps.store), {
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=60, stale-while-revalidate=600',
        'Netlify-CDN-Cache-Control': 'public, s-maxage=3600, stale-while-revalidate=86400',
      },
    }),
  rates: async ({ deps }) => {
    const rates = await getRates(deps.store, deps.config);
    const short = rates.fallback || rates.stale;
    return Response.json(rates, {
      headers: {
        'Cache-Control': `public, max-age=${short ? SHORT_MAX_AGE : 600}`,
        'Netlify-CDN-Cache-Control': short
          ? `public, s-maxage=${SHORT_MAX_AGE}`
          : 'public, s-maxage=3600, stale-while-revalidate=600',
      },
    });
  },
  newsletter: ({ deps, body, ip, waitUntil }) => subscribe(deps, body.email, ip, waitUntil),
  // The mailed link: a GET (what a mail scanner pre-opening it makes) only shows the Confirm form.
  newsletterConfirm: async ({ deps, req }) => {
    const token = new URL(req.url).searchParams.get('token') ?? '';
    const { status, html } = await newsletterConfirmation(deps, { method: 'GET', token });
    return pageResponse(html, status);
  },
  newsletterConfirmSubmit: async ({ deps, body }) => {
    const { status, html } = await newsletterConfirmation(deps, {
      method: 'POST',
      token: body.token,
    });
    return pageResponse(html, status);
  },
  register: ({ deps, body, ip }) => register(deps, body, ip),
  login: ({ deps, body, ip, waitUntil }) => login(deps, body, ip, waitUntil),
  googleLogin: ({ deps, body, waitUntil }) => googleLogin(deps, body.token, waitUntil),
  logout: ({ deps, user }) => endSessions(deps.store, user.id),
  resetRequest: ({ deps, body, ip, waitUntil }) =>
    requestPasswordReset(deps, body.email, ip, waitUntil),
  resetVerify: ({ deps, body, ip, waitUntil }) => resetPassword(deps, body, ip, waitUntil),
  cartGet: async ({ deps, user }) => ({
    success: true,
    cartData: await getCart(deps.store, user.id),
  }),
  cartAdd: async ({ deps, user, body }) => ({
    success: true,
    message: CART_ANSWERS.added,
    cartData: await addCartItem(deps.store, user.id, body),
  }),
  cartUpdate: async ({ deps, user, body }) => ({
    success: true,
    message: CART_ANSWERS.updated,
    cartData: await updateCartItem(deps.store, user.id, body),
  }),
  cartRemove: async ({ deps, user, body }) => ({
    success: true,
    message: CART_ANSWERS.removed,
    cartData: await removeCartItem(deps.store, user.id, body),
  }),
  cartMerge: async ({ deps, user, body }) => ({
    success: true,
    message: CART_ANSWERS.merged,
    cartData: await replaceCart(deps.store, user.id, body.cartData),
  }),
  placeOrder: async ({ deps, user, body, req, ip, waitUntil }) => {
    const idempotencyKey = checkIdempotencyKey(req.headers.get('idempotency-key'));
    const { order, replayed, payUrl, opened } = await placeOrderPaying(
      deps,
      user,
      body,
      { idempotencyKey, clientAddress: ip, waitUntil },
      shopOrigin(deps.config, req.url),
    );
    void expireUnpaidCardOrdersLater(deps, waitUntil);
    const answer = { orderId: order._id, order, ...(payUrl === undefined ? {} : { payUrl }) };
    // A card order's page could not be opened: the order stands, and the shopper pays with Pay now.
    const placed =
      payUrl !== undefined && !opened ? CARD_MESSAGES.placedGatewayDown : ORDER_MESSAGES.placed;
    if (!replayed) return reply({ success: true, message: placed, ...answer }, { status: 201 });
    // A replayed key answers what the stored order is now; once cancelled it is no longer placed,
    // and the browser must not say it is.
    const headers = { 'Idempotent-Replayed': 'true' };
    if (order.status === 'Cancelled')
      return reply(
        { success: false, message: ORDER_ANSWERS.replayedCancelled, ...answer },
        { status: 409, headers },
      );
    return reply(
      { success: true, message: ORDER_ANSWERS.replayed(order.status), ...answer },
      { status: 200, headers },
    );
  },
  userOrders: async ({ deps, user, waitUntil }) => {
    void expireUnpaidCardOrdersLater(deps, waitUntil);
    return { success: true, orders: await listUserOrders(deps.store, user.id) };
  },
  cancelOrder: async ({ deps, user, body, waitUntil }) => {
    const order = await cancelOrder(deps, user.id, body.orderId, body.reason, waitUntil);
    // A card that paid it gets its money back at once; then the shop hears of the cancel.
    void afterCancel(deps, order._id, 'the shopper', waitUntil);
    return { success: true, message: ORDER_MESSAGES.cancelled, order };
  },
  deskSignIn: ({ deps, body, ip, waitUntil }) => signIn(deps, body, ip, Date.now(), waitUntil),
  deskSignOut: ({ deps, staff, body, waitUntil }) => signOut(deps, staff, body, waitUntil),
  deskMe: async ({ deps, staff }) => ({
    success: true,
    staff: toDeskStaff(staff),
    alerts: await alertsAtStart(deps, staff),
    courier: courierShown(deps.config),
  }),
  deskCounts: ({ deps }) => countsNeedingAction(deps.store),
  deskPasskeySignInOptions: ({ deps, req, ip }) => passkeySignInOptions(deps, req, ip),
  deskPasskeySignIn: ({ deps, body, req, ip }) => passkeySignIn(deps, body, req, ip),
  deskPasskeys: ({ deps, staff }) => listPasskeys(deps.store, staff),
  deskPasskeyProofOptions: ({ deps, staff, req }) => passkeyProofOptions(deps, staff, req),
  deskPasskeyOptions: ({ deps, staff, body, req }) =>
    passkeyRegistrationOptions(deps, staff, body, req),
  deskPasskeyAdd: ({ deps, staff, body, req, ip, waitUntil }) =>
    addPasskey(deps, staff, body, req, ip, waitUntil),
  deskPasskeyRemove: ({ deps, staff, body, waitUntil }) =>
    removePasskey(deps, staff, body, waitUntil),
  deskAcceptInvitation: ({ deps, body, ip }) => acceptInvitation(deps, body, ip),
  deskConfirmInvitation: ({ deps, body, ip }) => confirmInvitation(deps, body, ip),
  deskInvite: ({ deps, staff, body, req, waitUntil }) =>
    inviteStaff(deps, staff, body, new URL(req.url).origin, waitUntil),
  deskStaffList: ({ deps }) => listStaff(deps.store),
  deskStaffRole: ({ deps, staff, body, waitUntil }) => changeRole(deps, staff, body, waitUntil),
  deskStaffRemove: ({ deps, staff, body, waitUntil }) => removeStaff(deps, staff, body, waitUntil),
  deskStaffPasskeys: ({ deps }) => listMembersPasskeys(deps.store),
  deskStaffPasskeyRemove: ({ deps, staff, body, waitUntil }) =>
    removeMemberPasskey(deps, staff, body, waitUntil),
  deskStaffPersonalData: ({ deps, staff, body }) =>
    setGrant(deps.store, staff, 'personalData', body),
  deskStaffRefunds: ({ deps, staff, body }) => setGrant(deps.store, staff, 'refunds', body),
  deskStaffSales: ({ deps, staff, body }) => setGrant(deps.store, staff, 'sales', body),
  deskStaffPublish: ({ deps, staff, body }) => setGrant(deps.store, staff, 'publish', body),
  // Customers' details go only to those allowed them: every answer naming a shopper is cut here.
  deskOrders: async ({ deps, staff, body, waitUntil }) => {
    void expireUnpaidCardOrdersLater(deps, waitUntil);
    void reconcileCardsLater(deps, waitUntil);
    void followParcelsLater(deps, waitUntil);
    const sees = seesPersonalData(staff);
    const list = await listDeskOrders(deps.store, body, sees);
    return { ...list, orders: list.orders.map((line) => lineFor(sees, line)) };
  },
  deskOrder: async ({ deps, staff, body }) =>
    withOrderFor(seen(staff), await showDeskOrder(deps.store, body.order)),
  deskMove: async ({ deps, staff, body, waitUntil }) => {
    const moved = await moveDeskOrder(deps, staff, body, waitUntil, { alert: false });
    // A desk cancel refunds a card as the shopper's does, then the shop hears of it.
    if (moved.order.status === 'Cancelled')
      void afterCancel(deps, moved.order.id, staff.email, waitUntil);
    return withOrderFor(seen(staff), moved);
  },
  // A phone or WhatsApp order: only a member who may see customers' data takes one (the access).
  deskNewOrder: async ({ deps, staff, body, req, ip, waitUntil }) => {
    const idempotencyKey = checkIdempotencyKey(req.headers.get('idempotency-key'));
    const { answer, replayed } = await takeDeskOrder(deps, staff, body, {
      idempotencyKey,
      clientAddress: ip,
      waitUntil,
    });
    if (!replayed) return reply(answer, { status: 201 });
    return reply(answer, { status: 200, headers: { 'Idempotent-Replayed': 'true' } });
  },
  deskCustomerFind: ({ deps, body }) => findDeskCustomer(deps.store, body.customer),
  deskAudit: ({ deps, body }) => readAudit(deps.store, body),
  returnRequest: async ({ deps, user, body, waitUntil }) => {
    const { answer, alert } = await requestReturn(deps, user, body, waitUntil);
    void alertReturnRequested(deps, alert, waitUntil); // desk-ops
    return answer;
  },
  deskReturns: async ({ deps, staff, body }) => {
    const list = await listReturns(deps, body);
    const sees = seen(staff);
    return { ...list, returns: list.returns.map((r) => returnFor(sees, r)) };
  },
  deskReturnStep: async ({ deps, staff, body, waitUntil }) => {
    const stepped = await stepReturn(deps, staff, body, waitUntil);
    return { ...stepped, return: returnFor(seen(staff), stepped.return) };
  },
  // Shop settings.
  deskSettings: ({ deps }) => deskSettings(deps.store),
  deskSettingsSave: ({ deps, staff, body }) => saveSettings(deps.store, staff, body),
  deskConnections: ({ deps }) => deskConnections(deps),
  deskConnectionSave: ({ deps, staff, body }) => saveConnection(deps, staff, body),
  // Payments.
  deskPayment: async ({ deps, staff, body }) =>
    withOrderFor(seen(staff), await recordPayment(deps.store, staff, body)),
  deskRefund: async ({ deps, staff, body }) =>
    withOrderFor(seen(staff), await recordRefund(deps, staff, body)),
  // Failed shopper mails, business view, customer look-up, CSV export
  deskMailFailures: async ({ deps, staff, body, waitUntil }) => {
    const list = await listMailFailures(deps, body, waitUntil);
    const sees = seesPersonalData(staff);
    return { ...list, failures: list.failures.map((f) => mailFailureFor(sees, f)) };
  },
  deskMailResend: async ({ deps, staff, body }) => {
    const resent = await resendMailFailure(deps, staff, body.id);
    if (seesPersonalData(staff)) return resent;
    return {
      ...resent,
      message: DESK_OPS_ANSWERS.mailResentAbout(resent.failure.number),
      failure: mailFailureFor(false, resent.failure),
    };
  },
  deskBusiness: ({ deps }) => businessView(deps),
  deskCustomer: ({ deps, body }) => customerLookup(deps, body.email),
  deskExport: ({ deps, staff, body }) => exportOrders(deps, staff, body, seesPersonalData(staff)),
  // Couriers.
  // Their answers carry the booking, never the shopper's details.
  deskBookCourier: ({ deps, staff, body }) => bookCourier(deps, staff, body),
  deskConfirmCod: async ({ deps, staff, body }) =>
    withOrderFor(seen(staff), await confirmDeskOrderByPhone(deps, staff, body.order)),
  deskCourierLabel: ({ deps, staff, body }) => courierLabel(deps, body, seen(staff)),
  deskTrackParcels: ({ deps, waitUntil }) => trackParcelsNow(deps, waitUntil),
  deskBookPacked: ({ deps, staff }) => bookAllPacked(deps, staff),
  deskLoadSheet: ({ deps }) => loadSheet(deps),
  deskRemittances: ({ deps, staff, body }) => importRemittances(deps, staff, body),
  health: ({ deps }) => checkHealth(deps),
  stock: async ({ deps, req }) =>
    Response.json(await currentStock(deps.store, new URL(req.url).searchParams.get('ids')), {
      headers: STOCK_CACHE_HEADERS,
    }),
  deskProductStock: ({ deps, staff, body }) => setDeskColourStock(deps.store, staff, body),
  deskProductArchive: ({ deps, staff, body }) => archiveProduct(deps.store, staff, body),
  deskProductRestore: ({ deps, staff, body }) => restoreProduct(deps.store, staff, body),
  deskProductDelete: ({ deps, staff, body }) => deleteProduct(deps.store, staff, body),
  deskProducts: ({ deps, body }) => listDeskProducts(deps.store, body),
  // The shopper's order page and removed orders.
  userOrder: ({ deps, user, body }) => showUserOrder(deps.store, user.id, body.number),
  linkedOrder: ({ deps, body }) => showLinkedOrder(deps, body.number, body.key),
  codConfirmShow: ({ deps, body }) => showCodConfirmation(deps, body),
  codConfirmAnswer: ({ deps, body, waitUntil }) => answerCodConfirmation(deps, body, waitUntil),
  hideOrder: ({ deps, user, body }) => hideUserOrder(deps.store, user.id, body.orderId),
  changeAddress: ({ deps, user, body, waitUntil }) =>
    changeOrderAddress(deps, user, body.orderId, body.address, waitUntil),
  findOrder: ({ deps, user, body }) => findUserOrderByKey(deps.store, user.id, body.idempotencyKey),
  // Cards: Pay now, and the gateway's webhook (its raw bytes are read and verified by the service).
  payOrder: ({ deps, user, body, req }) =>
    payNow(deps, user, body.orderId, shopOrigin(deps.config, req.url), body.walletCnic),
  switchToCod: ({ deps, user, body, waitUntil }) =>
    switchWalletToCod(deps, user, body.orderId, waitUntil),
  cardWebhook: ({ deps, req, waitUntil }) => receiveCardWebhook(deps, req, new Date(), waitUntil),
  // /api/payments/<provider>/webhook: the provider is the path's own segment.
  walletWebhook: ({ deps, req, waitUntil }) =>
    receiveProviderWebhook(deps, providerInPath(req.url), req, new Date(), waitUntil),
  courierPush: ({ deps, req, waitUntil }) => receiveLeopardsPush(deps, req, waitUntil),
  // The desk's product editor.
  deskProductEdit: ({ deps, body }) => readForEdit(deps.store, body),
  deskProductSave: ({ deps, staff, body }) => saveProduct(deps.store, staff, body),
  deskPhotoUpload: ({ deps, staff, req }) => uploadPhoto(deps.store, staff, req),
  deskPublish: ({ deps, staff, body }) => deskPublish(deps, staff, body),
  deskPublishProgress: ({ deps }) => catalogueProgress(deps),
  // A member's devices that get push alerts: only their own.
  deskPushDevices: ({ deps, staff }) => listPushDevices(deps, staff),
  deskPushAdd: ({ deps, staff, body }) => addPushDevice(deps, staff, body),
  deskPushRemove: ({ deps, staff, body }) => removePushDevice(deps, staff, body),
};
