// The messaging context: the messaging port, its WhatsApp Cloud API adapter, and the provider the
// configuration connects. It imports no other context. Code outside this folder imports it only
// through this entry.
export {
  MessagingError,
  type MessagingAdapter,
  type MessagingFailure,
  type SentMessage,
  type TemplateMessage,
} from './port.ts';
export {
  DEFAULT_WHATSAPP_TIMEOUT_MS,
  WHATSAPP_API_URL,
  readWhatsappNumber,
  whatsappMessaging,
  type WhatsappNumber,
  type WhatsappSettings,
} from './whatsapp.ts';
export {
  messagingFromConfig,
  whatsappAtCheckout,
  whatsappSettingsFromConfig,
} from './connection.ts';
