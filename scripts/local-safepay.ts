// `npm start` without Safepay keys: starts the local Safepay stand-in (src/demo/safepay-stand-in.ts)
// on 127.0.0.1 and points the shop at it through the same SAFEPAY_* variables a real account uses,
// with keys made up for this run. Its page says plainly that it is a test and takes no card.
import { randomBytes } from 'node:crypto';
import { startSafepayStandIn } from '../src/demo/safepay-stand-in.ts';
import { SAFEPAY_WEBHOOK_PATH } from '../src/server/payments/index.ts';

/** Starts the stand-in unless keys are set (then null); its webhooks go to the shop on `port`. */
export async function startLocalSafepay({ port, host }: { port: number; host: string }) {
  if (process.env.SAFEPAY_API_KEY || process.env.SAFEPAY_SECRET_KEY) return null;
  const keys = {
    apiKey: `sec_local-${randomBytes(8).toString('hex')}`,
    secretKey: randomBytes(24).toString('hex'),
    webhookSecret: randomBytes(32).toString('base64'),
  };
  const shopHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const stand = await startSafepayStandIn({
    ...keys,
    // As a real gateway's webhook follows the shopper's return by a moment, the order page shows
    // "Confirming your payment…" for a few seconds before the thank-you.
    firstDeliveryDelayMs: 4000,
    webhookUrl: `http://${shopHost.includes(':') ? `[${shopHost}]` : shopHost}:${port}${SAFEPAY_WEBHOOK_PATH}`,
  });
  Object.assign(process.env, {
    SAFEPAY_ENVIRONMENT: 'sandbox',
    SAFEPAY_API_KEY: keys.apiKey,
    SAFEPAY_SECRET_KEY: keys.secretKey,
    SAFEPAY_WEBHOOK_SECRET: keys.webhookSecret,
    SAFEPAY_API_URL: stand.url,
  });
  console.log(
    `Cards: a local Safepay stand-in at ${stand.url} (a test page: no card is asked for, no money moves).`,
  );
  return stand;
}
