// The web layer's two sources of operator alerts, and the summaries it
// sends after answers. A call that failed with the store unreachable alerts store-unreachable; an
// order that could not be saved (placeOrder failing with anything but a domain error: the store, or
// a bug) alerts order-not-saved. Both run after the answer and never change it.
import type { EndpointName } from '../lib/contract/endpoints.ts';
import { inBackground } from './background.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DomainError } from './errors.ts';
import type { FunctionContext } from './http.ts';
import { alertOperator, reportCountedAlerts, type AlertDeps } from './operations/index.ts';
import { getStore } from './store/index.ts';
import { StoreUnavailableError } from './store/port.ts';

const waitUntilOf = (context?: FunctionContext) => context?.waitUntil?.bind(context);

function configOrNull(): Config | null {
  try {
    return loadConfig();
  } catch {
    return null;
  }
}

/** The alert deps with the process store, or without it when it cannot be opened. */
async function alertDeps(config: Config): Promise<AlertDeps> {
  try {
    return { config, store: await getStore() };
  } catch {
    return { config, store: null };
  }
}

const reasonOf = (error: unknown) =>
  String((error as { message?: unknown } | null)?.message ?? error).slice(0, 300);

/** Raises the alerts a failed call needs: the store unreachable, an order not saved. */
export function alertFailedCall(
  name: EndpointName | undefined,
  error: unknown,
  context?: FunctionContext,
): void {
  if (error instanceof DomainError || error instanceof ConfigError) return;
  const config = configOrNull();
  if (!config) return;
  const waitUntil = waitUntilOf(context);
  const storeDown = error instanceof StoreUnavailableError;
  if (storeDown)
    void alertOperator(
      { config, store: null },
      'store-unreachable',
      { summary: `The database did not answer (${name ?? 'a call'}): ${reasonOf(error)}` },
      { waitUntil },
    );
  if (name === 'placeOrder')
    void inBackground(
      'order-not-saved alert',
      async () =>
        alertOperator(
          storeDown ? { config, store: null } : await alertDeps(config),
          'order-not-saved',
          {
            summary: `An order could not be saved: ${reasonOf(error)}`,
            lines: [
              "The shopper was shown an error with this request's reference and asked to try again.",
            ],
          },
          { waitUntil },
        ),
      waitUntil,
    );
}

/** Sends the summaries of alert windows that ended (nothing at all when none is due). */
export function reportCountedAlertsAfter(context?: FunctionContext): void {
  const config = configOrNull();
  if (!config) return;
  void reportCountedAlerts(() => alertDeps(config), { waitUntil: waitUntilOf(context) });
}
