// The messaging provider the shop sends with, from its configuration: WhatsApp when its keys are
// set, else none (the shop's mails carry the message instead). A local run without keys gets keys
// and a loopback address from scripts/local-whatsapp.ts, which starts the stand-in: a TEST WhatsApp.
import type { Config } from '../config.ts';
import type { MessagingAdapter } from './port.ts';
import { whatsappMessaging, type WhatsappSettings } from './whatsapp.ts';

type MessagingConfig = Pick<
  Config,
  'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_API_URL' | 'WHATSAPP_TIMEOUT_MS'
>;

/** The sending number's keys the configuration holds, or null when they are not set. */
export function whatsappSettingsFromConfig(
  config: MessagingConfig,
  fetchImpl?: typeof fetch,
): WhatsappSettings | null {
  if (!config.WHATSAPP_TOKEN || !config.WHATSAPP_PHONE_NUMBER_ID) return null;
  return {
    token: config.WHATSAPP_TOKEN,
    phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    ...(config.WHATSAPP_API_URL ? { apiUrl: config.WHATSAPP_API_URL } : {}),
    timeoutMs: config.WHATSAPP_TIMEOUT_MS,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  };
}

/** The WhatsApp adapter the configuration connects, or null when its keys are not set. */
export function messagingFromConfig(
  config: MessagingConfig,
  fetchImpl?: typeof fetch,
): MessagingAdapter | null {
  const settings = whatsappSettingsFromConfig(config, fetchImpl);
  return settings && whatsappMessaging(settings);
}

/**
 * Whether the checkout a build renders offers WhatsApp shipping updates: the environment's keys, a
 * WhatsApp connection made in the desk (`fromDesk`), or a local build, which `npm start` serves with
 * the stand-in (scripts/local-whatsapp.ts). The server still ignores a box it cannot honour.
 */
export function whatsappAtCheckout(
  config: Pick<Config, 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID'>,
  fromDesk: readonly string[],
  deployed: boolean,
): boolean {
  return (
    Boolean(config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID) ||
    fromDesk.includes('whatsapp') ||
    !deployed
  );
}
