// `npm start` without courier keys: starts the local stand-ins of PostEx and Leopards
// (src/demo/*-stand-in.ts) on 127.0.0.1 and points the shop at them through the same variables a
// real account uses, with keys made up for this run. Book then books with a TEST courier: the desk
// marks its bookings as test, and nothing is ever collected. The Leopards stand-in pushes each
// parcel's move to this shop's own webhook with the push secret the shop holds at that moment (one
// saved in the desk's Settings, else LEOPARDS_WEBHOOK_SECRET, made up for the run when unset), as
// a merchant who changes the secret in Settings types the same into Leopards' portal.
import { randomBytes } from 'node:crypto';
import { ENDPOINTS } from '../src/lib/contract/endpoints.ts';
import { startLeopardsStandIn } from '../src/demo/leopards-stand-in.ts';
import { startPostexStandIn } from '../src/demo/postex-stand-in.ts';
import { getDeps } from '../src/server/deps.ts';

/** Starts both stand-ins unless a courier's keys are set (then null); Leopards pushes to the shop on `port`. */
export async function startLocalCouriers({ port: shopPort, host }: { port: number; host: string }) {
  const env = process.env;
  if (env.POSTEX_API_TOKEN || env.LEOPARDS_API_KEY || env.LEOPARDS_API_PASSWORD) return null;
  // A fixed token when asked (the journey that connects PostEx from the desk's Settings types it).
  const token = env.POSTEX_STAND_IN_TOKEN || randomBytes(18).toString('hex');
  const apiKey = randomBytes(16).toString('hex');
  const apiPassword = randomBytes(12).toString('hex');
  // A fixed port when asked (the journeys move parcels by its control address), else any free one.
  const port = env.POSTEX_STAND_IN_PORT ? Number(env.POSTEX_STAND_IN_PORT) : undefined;
  const postex = await startPostexStandIn({ token, ...(port ? { port } : {}) });
  const pushSecret = env.LEOPARDS_WEBHOOK_SECRET || randomBytes(24).toString('hex');
  const shopHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const leopards = await startLeopardsStandIn({
    apiKey,
    apiPassword,
    push: {
      url: `http://${shopHost.includes(':') ? `[${shopHost}]` : shopHost}:${shopPort}${ENDPOINTS.courierPush.paths[0]}`,
      // Read at each push: the owner may save another secret in Settings while the shop runs.
      apiKey: async () => (await getDeps()).config.LEOPARDS_WEBHOOK_SECRET ?? pushSecret,
    },
  });
  Object.assign(env, {
    LEOPARDS_WEBHOOK_SECRET: pushSecret,
    POSTEX_API_TOKEN: token,
    POSTEX_API_URL: postex.apiUrl,
    LEOPARDS_API_KEY: apiKey,
    LEOPARDS_API_PASSWORD: apiPassword,
    LEOPARDS_API_URL: leopards.apiUrl,
  });
  console.log(
    `Couriers: local stand-ins of PostEx at ${postex.url} and Leopards at ${leopards.url} ` +
      `(TEST couriers: nothing is collected; move a parcel with POST ${postex.url}/__stand-in/move; ` +
      `Leopards pushes each move to this shop's webhook).`,
  );
  return {
    postex,
    leopards,
    async close() {
      await Promise.all([postex.close(), leopards.close()]);
    },
  };
}
