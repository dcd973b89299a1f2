// The couriers context: the courier port, its adapters (PostEx, Leopards) and their registry.
// Code outside this folder imports it only through this entry.
export type {
  Booking,
  Consignee,
  CourierAdapter,
  CourierCity,
  CourierFailure,
  ParcelEvent,
  ParcelState,
  ParcelTracking,
  Remittance,
  ShipmentRequest,
} from './port.ts';
export { CourierError, MAX_PARCELS_PER_CALL, isPassingFailure } from './port.ts';
export type { CourierTransport } from './http.ts';
export { DEFAULT_COURIER_TIMEOUT_MS } from './http.ts';
export {
  POSTEX_API_URL,
  POSTEX_TRACK_BATCH,
  postexCourier,
  type PostexSettings,
} from './postex.ts';
export {
  LEOPARDS_API_URL,
  LEOPARDS_BATCH,
  leopardsCourier,
  type LeopardsSettings,
} from './leopards.ts';
export {
  COURIERS,
  COURIER_NAMES,
  courierAdapter,
  isCourierName,
  trackingPageOf,
  type CourierAccount,
  type CourierName,
} from './registry.ts';
export { courierFromConfig, courierShown, type CourierConnection } from './connection.ts';
export { PUSH_MAX_STEPS, leopardsPushAuthorised, readLeopardsPush } from './leopards-push.ts';
