// How each shipping country writes an address: its postcode (or none) and its region, by name.
import { describe, expect, it } from 'vitest';
import {
  addressFormat,
  countryPartErrors,
  FORMATTED_COUNTRIES,
} from '../../src/lib/address-format.ts';
import { CHECKOUT_COUNTRIES } from '../../src/lib/countries.ts';

describe('addressFormat', () => {
  it('names only countries the checkout lists', () => {
    const listed = CHECKOUT_COUNTRIES.map((c) => c.name);
    for (const name of FORMATTED_COUNTRIES) expect(listed).toContain(name);
  });

  it('gives the local names, and no postcode where a country has none', () => {
    expect(addressFormat('United Kingdom')).toEqual({ postcode: 'Postcode', region: 'Nation' });
    expect(addressFormat('united arab emirates')).toEqual({ postcode: null, region: 'Emirate' });
    expect(addressFormat('Pakistan')).toEqual({ postcode: 'Zip code', region: 'State' });
    expect(addressFormat('')).toEqual({ postcode: 'Zip code', region: 'State' });
  });
});

describe('countryPartErrors', () => {
  it('asks for the region always and the postcode only where the country has them, in its words', () => {
    expect(countryPartErrors({ country: 'United Kingdom', state: '', zip: ' ' })).toEqual({
      state: 'Nation is required',
      zip: 'Postcode is required',
    });
    expect(countryPartErrors({ country: 'United Arab Emirates', state: 'Dubai', zip: '' })).toEqual(
      {},
    );
    expect(countryPartErrors({ country: 'Pakistan', state: 'Punjab', zip: '' })).toEqual({
      zip: 'Zip code is required',
    });
  });
});
