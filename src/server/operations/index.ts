// The operations context's entry: the one module other contexts, routes.ts, the pages and the CLI import.
// Running the shop: settings, throttles, exchange rates, health, operator alerts, failed mails, the audit log and backups.
export { CLI_ACTOR, actorOf, audit } from './audit.ts';
export { BackupError, MANIFEST_FILE, exportBackup, restoreBackup } from './backup.ts';
export { getShopSettings } from './build-settings.ts';
export { checkHealth } from './health.ts';
export { codConfirmKey, orderOfCodConfirmKey, orderOfLinkKey } from './order-link.ts';
export { forgetServedAt, recordServedAt, shopAddress } from './served-at.ts';
export {
  listMailFailures,
  mailShopper,
  orderLinkUrl,
  resendMailFailure,
  retryDueMails,
  retryDueMailsLater,
  toDeskMailFailure,
} from './mail-failures.ts';
export { type AlertDeps, alertOperator, reportCountedAlerts } from './operator-alerts.ts';
export { getRates, ratesForOrder } from './rates.ts';
export {
  addPushDevice,
  alertsAtStart,
  deskOrderPath,
  forgetPushDevices,
  listPushDevices,
  pushAlertLater,
  removePushDevice,
  vapidKeys,
} from './push/index.ts';
export { shopSettingsModule } from './settings-integration.ts';
export { deskConnections, saveConnection } from './connections.ts';
export { deskSettings, readSettings, saveSettings, withDefaults } from './settings.ts';
export {
  LOGIN_FAILURE_ALERT,
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL_ADDRESS,
  type Limit,
  NEWSLETTER_MAIL_PER_EMAIL,
  NEWSLETTER_PER_ADDRESS,
  REGISTER_PER_ADDRESS,
  RESET_MAIL_PER_EMAIL,
  RESET_PER_ADDRESS,
  type Slowdown,
  VERIFY_PER_ADDRESS,
  VERIFY_SLOWDOWN,
  clearSlowdown,
  emailAtAddress,
  failureAlertDue,
  releaseSlowdown,
  releaseThrottle,
  slowDown,
  throttle,
  withinLimit,
} from './throttle.ts';
export { fetchUpstreamRates } from './rates.ts';
