// `npm start` without WhatsApp keys: starts the local stand-in of the WhatsApp Cloud API
// (src/demo/whatsapp-stand-in.ts) on 127.0.0.1 and points the shop at it through the same
// variables a real WhatsApp Business number uses, with keys made up for this run. The COD
// confirmation then goes to a TEST WhatsApp: its page shows every message, and none reaches a phone.
import { randomBytes, randomInt } from 'node:crypto';
import { startWhatsappStandIn } from '../src/demo/whatsapp-stand-in.ts';

/** Starts the stand-in unless WhatsApp's keys are set (then null). */
export async function startLocalWhatsapp() {
  const env = process.env;
  if (env.WHATSAPP_TOKEN || env.WHATSAPP_PHONE_NUMBER_ID) return null;
  const token = randomBytes(24).toString('hex');
  const phoneNumberId = String(randomInt(100_000_000, 999_999_999));
  // A fixed port when asked (the journeys read its inbox), else any free one.
  const port = Number(env.WHATSAPP_STAND_IN_PORT);
  const stand = await startWhatsappStandIn({
    token,
    phoneNumberId,
    ...(Number.isInteger(port) && port > 0 ? { port } : {}),
  });
  Object.assign(env, {
    WHATSAPP_TOKEN: token,
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_API_URL: stand.apiUrl,
  });
  console.log(
    `WhatsApp: a local stand-in at ${stand.url} (a TEST WhatsApp: its page shows the messages; none reaches a phone).`,
  );
  return stand;
}
