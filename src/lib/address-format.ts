// How an address is written in each shipping country: whether it has a postcode, and what the
// country calls its postcode and its first-level region. Keyed by the country's name as the
// checkout lists it (src/lib/countries.ts CHECKOUT_COUNTRIES; a unit test holds the two together),
// so the checkout's labels, the shared address schema and the server read one table without the
// country data itself. A country not listed has a postcode called "Zip code" and a "State".
import { CHECKOUT_MESSAGES } from './messages.ts';

/** What one country's address asks for. */
export interface AddressFormat {
  /** The postcode's local name, or null where the country has no postcodes (the field is left out). */
  postcode: string | null;
  /** The first-level region's local name (the select of the country's regions). */
  region: string;
}

const DEFAULT_FORMAT: AddressFormat = { postcode: 'Zip code', region: 'State' };

/** The countries whose addresses differ from the default, by checkout name. */
const FORMATS: Readonly<Record<string, Partial<AddressFormat>>> = {
  // No postcodes in everyday use: a courier goes by area, street and phone.
  'United Arab Emirates': { postcode: null, region: 'Emirate' },
  Qatar: { postcode: null, region: 'Municipality' },
  'Hong Kong': { postcode: null, region: 'District' },
  Fiji: { postcode: null, region: 'Division' },
  Ghana: { postcode: null, region: 'Region' },
  Uganda: { postcode: null, region: 'District' },
  // The region selects list the four nations: Royal Mail needs no county.
  'United Kingdom': { postcode: 'Postcode', region: 'Nation' },
  Ireland: { postcode: 'Eircode', region: 'County' },
  Australia: { postcode: 'Postcode' },
  'New Zealand': { postcode: 'Postcode', region: 'Region' },
  'United States': { postcode: 'ZIP code' },
  Canada: { postcode: 'Postal code', region: 'Province' },
  India: { postcode: 'PIN code' },
};

/** The names the table lists (for its test against the checkout's countries). */
export const FORMATTED_COUNTRIES: readonly string[] = Object.keys(FORMATS);

/** How an address in `country` (a checkout country's name, any case) is written. */
export function addressFormat(country: string): AddressFormat {
  const wanted = country.trim().toLowerCase();
  const name = FORMATTED_COUNTRIES.find((c) => c.toLowerCase() === wanted);
  return { ...DEFAULT_FORMAT, ...(name ? FORMATS[name] : {}) };
}

/**
 * The state's and the postcode's errors for an address as its country asks for them: the region
 * always, named as the country names it ("Nation is required"); the postcode only where the country
 * has them ("Postcode is required"). {} when both are there. The address schema leaves both to
 * this rule, which the checkout's validation and the order call apply.
 */
export function countryPartErrors(address: {
  country: string;
  state?: string | undefined;
  zip?: string | undefined;
}): { state?: string; zip?: string } {
  const format = addressFormat(address.country);
  const errors: { state?: string; zip?: string } = {};
  if (!address.state?.trim()) errors.state = CHECKOUT_MESSAGES.required(format.region);
  if (format.postcode !== null && !address.zip?.trim())
    errors.zip = CHECKOUT_MESSAGES.required(format.postcode);
  return errors;
}
