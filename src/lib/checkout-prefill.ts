// What the checkout fills in for a signed-in shopper. Name and e-mail come from the
// account; the address and phone from the shopper's saved settings (My Setting), or else from the
// address of their last order. Only empty fields the shopper has not typed in are filled: nothing
// they typed is ever overwritten. Loaded by the checkout store only once a signed-in shopper's form
// starts, so it stays out of the page's first load.
import type { CheckoutFields } from './checkout.ts';
import { toSettings } from './user-settings.ts';

/** What prefill draws on. */
export interface PrefillSources {
  account: { name: string; email: string };
  /** The saved settings' phone and address (free text), or null when none are saved. */
  settings: { phone: string; address: string } | null;
  /** The delivery address of the shopper's newest order, or null without one. */
  lastAddress: {
    firstName: string;
    lastName: string;
    address1: string;
    address2?: string | undefined;
    country: string;
    state: string;
    city: string;
    zip: string;
    mobile: string;
  } | null;
}

/** The fields prefill may set, in the order they are applied (the country before its state). */
export type PrefillField = Exclude<
  keyof CheckoutFields,
  'paymentMethod' | 'walletNumber' | 'walletCnic'
>;

/**
 * The values to fill, in form order: each only when the field is empty now and the shopper has not
 * typed in it. The last order's address is used whole or not at all: not when the settings hold an
 * address, nor when the form's country is already another one the shopper chose. A country the
 * form only preset (`countryPreset`: Pakistan, nothing chosen yet) counts as empty, so the last
 * order's country replaces it.
 */
export function prefillValues(
  form: CheckoutFields,
  typed: ReadonlySet<string>,
  { account, settings, lastAddress }: PrefillSources,
  countryPreset = false,
): [PrefillField, string][] {
  const current = countryPreset ? { ...form, country: '' } : form;
  const [first = '', ...rest] = account.name.trim().split(/\s+/);
  const wanted: [PrefillField, string][] = [
    ['firstName', first],
    ['lastName', rest.join(' ')],
    ['email', account.email],
  ];
  const savedAddress = settings?.address.trim() ?? '';
  const savedPhone = settings?.phone.trim() ?? '';
  const useLast =
    lastAddress !== null &&
    savedAddress === '' &&
    (current.country === '' || current.country === lastAddress.country);
  if (savedAddress) wanted.push(['address1', savedAddress]);
  if (useLast)
    wanted.push(
      ['address1', lastAddress.address1],
      ['address2', lastAddress.address2 ?? ''],
      ['country', lastAddress.country],
      ['state', lastAddress.state],
      ['city', lastAddress.city],
      ['zip', lastAddress.zip],
    );
  const phone = savedPhone || lastAddress?.mobile || '';
  wanted.push(['mobile', phone]);
  return wanted.filter(([name, value]) => value !== '' && current[name] === '' && !typed.has(name));
}

/** The saved settings as prefill reads them: only what My Setting holds, null when nothing is saved. */
export function savedSettings(
  stored: unknown,
  account: { name: string; email: string },
): PrefillSources['settings'] {
  if (stored === null || stored === undefined) return null;
  const { phone, address } = toSettings(stored, account);
  return { phone, address };
}
