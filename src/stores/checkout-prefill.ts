// What checkout prefill reads for the signed-in shopper (their last order's address
// and their saved settings), loaded by the checkout store only when a signed-in form starts, so none
// of it is in /Checkout's first load.
import { api } from '../client/api.ts';
import { prefillValues, savedSettings, type PrefillField } from '../lib/checkout-prefill.ts';
import type { CheckoutFields } from '../lib/checkout.ts';
import type { Session } from './session.ts';
import { KEYS, readJson } from './storage.ts';

/** Reads the sources once, then gives the values to fill for the form as it stands at that moment. */
export async function prefillFor(
  session: Session,
): Promise<
  (
    fields: CheckoutFields,
    typed: ReadonlySet<string>,
    countryPreset?: boolean,
  ) => [PrefillField, string][]
> {
  const lastAddress = await api.userOrders(session.token).then(
    ({ orders }) => orders[0]?.address ?? null,
    () => null, // a failed call only means no last address
  );
  const settings = savedSettings(readJson(KEYS.settings(session.email), null), session);
  return (fields, typed, countryPreset = false) =>
    prefillValues(fields, typed, { account: session, settings, lastAddress }, countryPreset);
}
