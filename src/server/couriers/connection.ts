// The courier the shop books with, from its configuration: the owner's default courier with its
// keys, or nothing. A local run without keys gets keys and a loopback address from
// scripts/local-couriers.ts, which starts the stand-ins: such a courier is a TEST courier.
import type { Config } from '../config.ts';
import type { CourierAdapter } from './port.ts';
import { COURIERS, courierAdapter, type CourierAccount, type CourierName } from './registry.ts';

type CourierConfig = Pick<
  Config,
  | 'DEFAULT_COURIER'
  | 'POSTEX_API_TOKEN'
  | 'POSTEX_PICKUP_ADDRESS_CODE'
  | 'POSTEX_API_URL'
  | 'LEOPARDS_API_KEY'
  | 'LEOPARDS_API_PASSWORD'
  | 'LEOPARDS_API_URL'
  | 'COURIER_TIMEOUT_MS'
>;

/** The courier Book uses, and whether it is a local stand-in. */
export interface CourierConnection {
  name: CourierName;
  label: string;
  adapter: CourierAdapter;
  /** True when its API is on loopback: a stand-in that collects nothing. */
  test: boolean;
}

/** The account the configuration holds for `name`, or null when its keys are not set. */
function accountOf(config: CourierConfig, name: CourierName): CourierAccount | null {
  if (name === 'postex')
    return config.POSTEX_API_TOKEN
      ? {
          courier: 'postex',
          token: config.POSTEX_API_TOKEN,
          ...(config.POSTEX_PICKUP_ADDRESS_CODE
            ? { pickupAddressCode: config.POSTEX_PICKUP_ADDRESS_CODE }
            : {}),
        }
      : null;
  return config.LEOPARDS_API_KEY && config.LEOPARDS_API_PASSWORD
    ? {
        courier: 'leopards',
        apiKey: config.LEOPARDS_API_KEY,
        apiPassword: config.LEOPARDS_API_PASSWORD,
      }
    : null;
}

const isLoopbackUrl = (url: string | undefined) =>
  url !== undefined && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/** The owner's courier (DEFAULT_COURIER, else the one whose keys are set), or null when none is connected. */
export function courierFromConfig(config: CourierConfig): CourierConnection | null {
  const name: CourierName =
    config.DEFAULT_COURIER ??
    (config.POSTEX_API_TOKEN || !config.LEOPARDS_API_KEY ? 'postex' : 'leopards');
  const account = accountOf(config, name);
  if (!account) return null;
  const apiUrl = name === 'postex' ? config.POSTEX_API_URL : config.LEOPARDS_API_URL;
  return {
    name,
    label: COURIERS[name].label,
    adapter: courierAdapter(account, { apiUrl, timeoutMs: config.COURIER_TIMEOUT_MS }),
    test: isLoopbackUrl(apiUrl),
  };
}

/** The owner's courier as the desk names it (null when none is connected), and whether it is a stand-in. */
export function courierShown(config: CourierConfig): { label: string; test: boolean } | null {
  const connection = courierFromConfig(config);
  return connection && { label: connection.label, test: connection.test };
}
