// Push alerts to desk members' devices: their devices, the shop's VAPID keys, and sending.
export {
  addPushDevice,
  alertsAtStart,
  forgetPushDevices,
  listPushDevices,
  removePushDevice,
} from './devices.ts';
export {
  PUSH_TTL_SECONDS,
  PUSH_URGENCY,
  deskOrderPath,
  pushAlert,
  pushAlertLater,
  pushPayload,
  sendPush,
} from './send.ts';
export {
  PUSH_SERVICE_HOSTS,
  checkPushEndpoint,
  isInsideAddress,
  pushEndpointProblem,
  systemResolveHost,
  type ResolveHost,
} from './endpoint.ts';
export { VAPID_FILE, type VapidKeys, vapidKeys } from './vapid.ts';
