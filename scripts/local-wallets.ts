// `npm start` with JAZZCASH_STAND_IN=1 and without JazzCash keys: starts the local JazzCash stand-in (src/demo/jazzcash-stand-in.ts)
// on 127.0.0.1 and points the shop at it through the same JAZZCASH_* variables a real merchant
// account uses, with credentials made up for this run. Its phone waits for the test wallet page
// (`${url}/phone`, headed "Test wallet (TEST)") to approve or reject each request.
import { randomBytes } from 'node:crypto';
import { startJazzCashStandIn } from '../src/demo/jazzcash-stand-in.ts';
import { JAZZCASH_PROVIDER } from '../src/server/payments/index.ts';

/**
 * Starts the stand-in when asked (JAZZCASH_STAND_IN=1) and no keys are set, else null; its IPNs go
 * to the shop on `port`. Opt-in while the checkout page does not yet ask the CNIC digits JazzCash
 * needs: without them every JazzCash order would be refused.
 */
export async function startLocalJazzCash({ port, host }: { port: number; host: string }) {
  if (process.env.JAZZCASH_STAND_IN !== '1') return null;
  if (process.env.JAZZCASH_MERCHANT_ID || process.env.JAZZCASH_INTEGRITY_SALT) return null;
  const creds = {
    merchantId: `MC${randomBytes(4).toString('hex')}`,
    password: randomBytes(8).toString('hex'),
    integritySalt: randomBytes(12).toString('hex'),
  };
  const shopHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const stand = await startJazzCashStandIn({
    ...creds,
    ipnUrl: `http://${shopHost.includes(':') ? `[${shopHost}]` : shopHost}:${port}${JAZZCASH_PROVIDER.webhookPath}`,
  });
  // A test control for the journeys: 'approve', 'reject' or 'never'; the page's buttons otherwise.
  const answer = process.env.JAZZCASH_STAND_IN_PHONE;
  stand.state.phone =
    answer === 'approve' || answer === 'reject' || answer === 'never' ? answer : 'ask';
  Object.assign(process.env, {
    JAZZCASH_ENVIRONMENT: 'sandbox',
    JAZZCASH_MERCHANT_ID: creds.merchantId,
    JAZZCASH_PASSWORD: creds.password,
    JAZZCASH_INTEGRITY_SALT: creds.integritySalt,
    JAZZCASH_API_URL: stand.url,
  });
  console.log(
    `JazzCash: a local stand-in at ${stand.url}; its test wallet (approve or reject a request) is ${stand.url}/phone (no money moves).`,
  );
  return stand;
}
