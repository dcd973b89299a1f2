// `npm start` without wallet keys: starts the local stand-ins of JazzCash and EasyPaisa
// (src/demo/jazzcash-stand-in.ts, easypaisa-stand-in.ts) on 127.0.0.1 and points the shop at them
// through the same variables a real merchant account uses, with credentials made up for this run.
// Each one's phone waits for its test wallet page (`${url}/phone`, headed "Test wallet (TEST)") to
// approve or reject each request. Which wallets get one is decided with the checkout's build
// (walletsByStandIn): those without keys, off Netlify, unless WALLET_STAND_INS=0.
import { randomBytes, randomInt } from 'node:crypto';
import { startEasypaisaStandIn } from '../src/demo/easypaisa-stand-in.ts';
import { startJazzCashStandIn } from '../src/demo/jazzcash-stand-in.ts';
import {
  EASYPAISA_PROVIDER,
  JAZZCASH_PROVIDER,
  walletsByStandIn,
} from '../src/server/payments/index.ts';

/** A test control for the journeys: the phone answers every request so, else it waits for the page. */
const phoneAnswer = (value: string | undefined) =>
  value === 'approve' || value === 'reject' || value === 'never' ? value : 'ask';

/** A fixed port from `name` (the journeys open the test wallet page there), else any free one. */
const portFrom = (name: string) => {
  const port = Number(process.env[name]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
};

/** Starts a stand-in for each wallet without keys (none on Netlify); their notices go to the shop on `port`. */
export async function startLocalWallets({ port, host }: { port: number; host: string }) {
  const wanted = walletsByStandIn();
  const shopHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const shop = `http://${shopHost.includes(':') ? `[${shopHost}]` : shopHost}:${port}`;
  const started: { name: string; url: string; close(): Promise<void> }[] = [];

  if (wanted.includes(JAZZCASH_PROVIDER)) {
    const creds = {
      merchantId: `MC${randomBytes(4).toString('hex')}`,
      password: randomBytes(8).toString('hex'),
      integritySalt: randomBytes(12).toString('hex'),
    };
    const stand = await startJazzCashStandIn({
      ...creds,
      port: portFrom('JAZZCASH_STAND_IN_PORT'),
      ipnUrl: `${shop}${JAZZCASH_PROVIDER.webhookPath}`,
    });
    stand.state.phone = phoneAnswer(process.env.JAZZCASH_STAND_IN_PHONE);
    Object.assign(process.env, {
      JAZZCASH_ENVIRONMENT: 'sandbox',
      JAZZCASH_MERCHANT_ID: creds.merchantId,
      JAZZCASH_PASSWORD: creds.password,
      JAZZCASH_INTEGRITY_SALT: creds.integritySalt,
      JAZZCASH_API_URL: stand.url,
    });
    started.push({ name: 'JazzCash', url: stand.url, close: stand.close });
  }

  if (wanted.includes(EASYPAISA_PROVIDER)) {
    const creds = {
      storeId: String(randomInt(10_000, 999_999)),
      username: `local-${randomBytes(4).toString('hex')}`,
      password: randomBytes(8).toString('hex'),
    };
    const stand = await startEasypaisaStandIn({
      ...creds,
      port: portFrom('EASYPAISA_STAND_IN_PORT'),
      ipnUrl: `${shop}${EASYPAISA_PROVIDER.webhookPath}`,
    });
    stand.state.phone = phoneAnswer(process.env.EASYPAISA_STAND_IN_PHONE);
    Object.assign(process.env, {
      EASYPAISA_ENVIRONMENT: 'sandbox',
      EASYPAISA_STORE_ID: creds.storeId,
      EASYPAISA_USERNAME: creds.username,
      EASYPAISA_PASSWORD: creds.password,
      EASYPAISA_API_URL: stand.url,
    });
    started.push({ name: 'EasyPaisa', url: stand.url, close: stand.close });
  }

  if (started.length === 0) return null;
  console.log(
    `Wallets: local stand-ins of ${started.map((s) => `${s.name} at ${s.url}`).join(' and ')} ` +
      `(TEST wallets: no money moves; approve or reject a request on ${started.map((s) => `${s.url}/phone`).join(' and ')}).`,
  );
  return {
    async close() {
      await Promise.all(started.map((s) => s.close()));
    },
  };
}
