// The orders context's entry: the one module other contexts, routes.ts, the pages and the CLI import.
// Orders from the shopper's cart to the door: placing, the order page, the desk's order screens, alerts, the business view and the export.
export { addCartItem, getCart, removeCartItem, replaceCart, updateCartItem } from './carts.ts';
export { businessView, customerLookup } from './desk-business.ts';
export { countsNeedingAction } from './desk-counts.ts';
export {
  lineFor,
  mailFailureFor,
  orderFor,
  returnFor,
  withOrderFor,
  type Sees,
} from './desk-privacy.ts';
export { checkPeriod, exportOrders, ordersToCsv } from './desk-export.ts';
export {
  confirmDeskOrderByPhone,
  findOrder,
  listDeskOrders,
  moveDeskOrder,
  showDeskOrder,
  toDeskOrder,
} from './desk-orders.ts';
export { findDeskCustomer, takeDeskOrder } from './desk-new-order.ts';
export { findUserOrderByKey, hideUserOrder, showLinkedOrder, showUserOrder } from './order-page.ts';
export { ADDRESS_CHANGES_PER_ORDER, changeOrderAddress } from './address-change.ts';
export { refundMail, statusMail } from './desk-mail.ts';
export {
  cancelIfRefundedInFull,
  refundedBeforeShipping,
  REFUNDED_IN_FULL,
} from './refunded-orders.ts';
export {
  announcePlaced,
  cancelOrder,
  checkIdempotencyKey,
  listUserOrders,
  placeOrder,
  toOrder,
  type OrderContext,
} from './orders.ts';
export { dueMinor, fromMinor, paidMinor } from './payment-view.ts';
export { ledgerEntry } from './ledger-entry.ts';
export { toDeskReturn } from './return-view.ts';
export {
  announcePaidByCard,
  cancelUnpaidCardOrder,
  cardWait,
  isUnpaidCard,
} from './card-orders.ts';
export { type ReturnAlert, alertCancelled, alertReturnRequested } from './shop-alerts.ts';
export { bookCourier, courierLabel, shipmentOf } from './courier-booking.ts';
export { bookAllPacked, loadSheet } from './courier-batch.ts';
export {
  answerCodConfirmation,
  askCodConfirmation,
  cancelUnconfirmedCodOrders,
  checkCodMove,
  showCodConfirmation,
} from './cod-confirmation.ts';
export {
  COURIER_ACTOR,
  RTO_REASON,
  TRACK_PER_RUN,
  followParcels,
  followParcelsLater,
  receiveLeopardsPush,
  trackParcelsNow,
  type TrackingRun,
} from './courier-tracking.ts';
