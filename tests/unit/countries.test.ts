import { allCountries } from 'country-region-data';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_COUNTRIES,
  COUNTRY_GROUPS,
  currencyForCountry,
  regionsOf,
} from '../../src/lib/countries.ts';

const entries = COUNTRY_GROUPS.flatMap((g) => g.countries);

describe('COUNTRY_GROUPS', () => {
  it('lists between 70 and 75 countries', () => {
    expect(entries.length).toBeGreaterThanOrEqual(70);
    expect(entries.length).toBeLessThanOrEqual(75);
  });

  it('groups them by region', () => {
    expect(COUNTRY_GROUPS.map((g) => g.region)).toEqual([
      'Asia',
      'Middle East',
      'Europe',
      'North America',
      'South America',
      'Africa',
      'Oceania',
      'Rest of the World',
    ]);
  });

  it('lists every country once', () => {
    expect(new Set(entries.map((c) => c.name)).size).toBe(entries.length);
    expect(new Set(entries.map((c) => c.code)).size).toBe(entries.length);
  });

  it('includes Rest of the World in USD and Middle East in AED', () => {
    expect(entries).toContainEqual({ name: 'Rest of the World', code: 'XW', currency: 'USD' });
    expect(entries).toContainEqual({ name: 'Middle East', code: 'XM', currency: 'AED' });
  });

  it('gives every entry a three-letter currency code', () => {
    for (const c of entries) expect(c.currency).toMatch(/^[A-Z]{3}$/);
  });
});

describe('currencyForCountry', () => {
  it('gives the docs/product.md §9 examples', () => {
    expect(currencyForCountry('United States')).toBe('USD');
    expect(currencyForCountry('United Kingdom')).toBe('GBP');
    expect(currencyForCountry('Germany')).toBe('EUR');
    expect(currencyForCountry('France')).toBe('EUR');
    expect(currencyForCountry('India')).toBe('INR');
    expect(currencyForCountry('Pakistan')).toBe('PKR');
    expect(currencyForCountry('Japan')).toBe('JPY');
    expect(currencyForCountry('United Arab Emirates')).toBe('AED');
    expect(currencyForCountry('Saudi Arabia')).toBe('SAR');
    expect(currencyForCountry('Rest of the World')).toBe('USD');
    expect(currencyForCountry('Middle East')).toBe('AED');
  });

  it('ignores case and surrounding spaces', () => {
    expect(currencyForCountry('  canada ')).toBe('CAD');
  });

  it('gives USD for an unknown country', () => {
    expect(currencyForCountry('Atlantis')).toBe('USD');
    expect(currencyForCountry('')).toBe('USD');
  });
});

describe('CHECKOUT_COUNTRIES', () => {
  it('lists about 70 countries', () => {
    expect(CHECKOUT_COUNTRIES.length).toBeGreaterThanOrEqual(68);
    expect(CHECKOUT_COUNTRIES.length).toBeLessThanOrEqual(75);
  });

  it('lists only real countries, A to Z', () => {
    const names = CHECKOUT_COUNTRIES.map((c) => c.name);
    expect(names).not.toContain('Rest of the World');
    expect(names).not.toContain('Middle East');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('gives every country 1 to 7 regions', () => {
    for (const c of CHECKOUT_COUNTRIES) {
      expect(c.regions.length, c.name).toBeGreaterThanOrEqual(1);
      expect(c.regions.length, c.name).toBeLessThanOrEqual(7);
    }
  });

  it('takes regions from country-region-data (Pakistan, the United Kingdom and Spain excepted)', () => {
    const byCode = new Map(
      allCountries.map((c) => [c[1] as string, c[2].map((r) => r[0] as string)]),
    );
    for (const c of CHECKOUT_COUNTRIES.filter((x) => !['PK', 'GB', 'ES'].includes(x.code))) {
      for (const region of c.regions) expect(byCode.get(c.code), c.name).toContain(region);
    }
  });
});

describe('regionsOf', () => {
  it("lists Pakistan's provinces", () => {
    expect(regionsOf('Pakistan')).toEqual(
      expect.arrayContaining(['Punjab', 'Sindh', 'Khyber Pakhtunkhwa', 'Balochistan', 'Islamabad']),
    );
  });

  it('prefers the largest regions of a big country', () => {
    expect(regionsOf('United States')).toContain('California');
    expect(regionsOf('India')).toContain('Maharashtra');
  });

  it('lists the United Kingdom by its nations and Spain by its largest autonomous communities, not their cities', () => {
    expect(regionsOf('United Kingdom')).toEqual([
      'England',
      'Scotland',
      'Wales',
      'Northern Ireland',
    ]);
    expect(regionsOf('Spain')).toEqual([
      'Andalucía',
      'Cataluña',
      'Comunidad de Madrid',
      'Comunidad Valenciana',
      'Galicia',
      'Castilla y León',
      'País Vasco',
    ]);
  });

  it('keeps the capital region of every country that has more than seven, never a cut at the alphabet', () => {
    const capitals: Record<string, string> = {
      Kenya: 'Nairobi City',
      Sweden: 'Stockholm',
      Switzerland: 'Bern',
      Taiwan: 'Taipei',
      Vietnam: 'Hà Nội',
      'South Korea': 'Seoul-teukbyeolsi',
      Colombia: 'Bogotá D.C.',
      Egypt: 'Cairo',
      Norway: 'Oslo',
      Uganda: 'Kampala',
      Peru: 'Municipalidad Metropolitana de Lima',
      Chile: 'Región Metropolitana de Santiago',
      Romania: 'Bucharest',
      Hungary: 'Budapest',
      Poland: 'Mazowieckie',
      Portugal: 'Lisboa',
      Ireland: 'Dublin',
      Greece: 'Attikḯ',
      Afghanistan: 'Kabul',
      Iraq: 'Baghdād',
      Finland: 'Uusimaa',
      Croatia: 'Grad Zagreb',
      'Czech Republic': 'Hlavní město Praha',
    };
    for (const [country, capital] of Object.entries(capitals)) {
      expect(regionsOf(country), country).toContain(capital);
      expect(regionsOf(country), country).toHaveLength(7);
    }
  });

  it("takes a small country's regions in package order", () => {
    expect(regionsOf('Belgium')).toEqual(['Brussels', 'Flanders', 'Wallonia']);
  });

  it('gives [] for an unknown country', () => {
    expect(regionsOf('Atlantis')).toEqual([]);
    expect(regionsOf('Rest of the World')).toEqual([]);
  });
});
