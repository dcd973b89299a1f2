import countryToCurrency from 'country-to-currency';
import { allCountries } from 'country-region-data';

/** A select-country entry: a display name, an ISO 3166-1 code and the currency its prices show in. */
export type CountryEntry = { name: string; code: string; currency: string };

/** A checkout country with the regions its State select lists. */
export type CheckoutCountry = { name: string; code: string; regions: readonly string[] };

/** The most regions a checkout country offers (docs/product.md §9: 1 to 7 each). */
export const MAX_REGIONS = 7;

/** Pseudo-entry for shoppers whose country is not listed; prices show in USD (docs/product.md §9). */
export const REST_OF_WORLD: CountryEntry = {
  name: 'Rest of the World',
  code: 'XW',
  currency: 'USD',
};

/** Pseudo-entry for the wider Gulf region; prices show in AED (docs/product.md §9). */
export const MIDDLE_EAST: CountryEntry = { name: 'Middle East', code: 'XM', currency: 'AED' };

/** The select-country page's regions and the ISO codes listed under each, in display order. */
const GROUP_CODES: readonly { region: string; codes: readonly string[] }[] = [
  { region: 'Asia', codes: 'PK IN BD LK NP AF MV CN HK TW JP KR SG MY ID TH PH VN' },
  { region: 'Middle East', codes: 'AE SA QA KW BH OM JO IQ LB TR' },
  {
    region: 'Europe',
    codes: 'GB IE FR DE IT ES PT NL BE LU AT CH SE NO DK FI PL CZ SK HR GR HU RO UA',
  },
  { region: 'North America', codes: 'US CA MX' },
  { region: 'South America', codes: 'BR AR CL CO PE' },
  { region: 'Africa', codes: 'ZA NG KE EG MA GH TZ UG ET' },
  { region: 'Oceania', codes: 'AU NZ FJ' },
].map(({ region, codes }) => ({ region, codes: codes.split(' ') }));

/** Shorter everyday names where country-region-data uses the formal ISO name. */
const NAME_OVERRIDES: Readonly<Record<string, string>> = {
  KR: 'South Korea',
  TZ: 'Tanzania',
};

/**
 * The largest regions (by population) where a country has more than seven; names as
 * country-region-data spells them. Countries not listed take the package's first seven.
 */
const PREFERRED_REGIONS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries({
    AU: 'New South Wales|Victoria|Queensland|Western Australia|South Australia|Tasmania|Australian Capital Territory',
    BR: 'São Paulo|Minas Gerais|Rio de Janeiro|Bahia|Paraná|Rio Grande do Sul|Pernambuco',
    CA: 'Ontario|Quebec|British Columbia|Alberta|Manitoba|Saskatchewan|Nova Scotia',
    CN: 'Beijing|Shanghai|Guangdong|Jiangsu|Zhejiang|Shandong|Sichuan',
    DE: 'Nordrhein-Westfalen|Bayern|Baden-Württemberg|Niedersachsen|Hessen|Berlin|Hamburg',
    FR: "Île-de-France|Auvergne-Rhône-Alpes|Hauts-de-France|Nouvelle-Aquitaine|Occitanie|Grand Est|Provence-Alpes-Côte d'Azur",
    ID: 'Jakarta Raya|Jawa Barat|Jawa Timur|Jawa Tengah|Banten|Sumatera Utara|Bali',
    IN: 'Maharashtra|Delhi|Karnataka|Tamil Nadu|Uttar Pradesh|West Bengal|Gujarat',
    IT: 'Lombardia|Lazio|Campania|Sicilia|Veneto|Emilia-Romagna|Piemonte',
    JP: 'Tokyo|Kanagawa|Osaka|Aichi|Saitama|Chiba|Hyogo',
    MX: 'Ciudad de México|Estado de México|Jalisco|Nuevo León|Puebla|Veracruz|Guanajuato',
    MY: 'Selangor|Wilayah Persekutuan (Kuala Lumpur)|Johor|Pulau Pinang|Sabah|Sarawak|Perak',
    NG: 'Lagos|Kano|Abuja Federal Capital Territory|Oyo|Rivers|Kaduna|Ogun',
    SA: "Ar Riyad|Makkah al Mukarramah|Ash Sharqiyah|Al Madinah al Munawwarah|'Asir|Al Qasim|Tabuk",
    TH: 'Krung Thep Mahanakhon (Bangkok)|Nonthaburi|Samut Prakan|Chiang Mai|Chon Buri|Phuket|Khon Kaen',
    TR: 'Istanbul|Ankara|Izmir|Bursa|Antalya|Adana|Konya',
    US: 'California|Texas|Florida|New York|Pennsylvania|Illinois|Ohio',
    AF: 'Kabul|Herat|Nangarhar|Balkh|Kandahar|Helmand|Ghazni',
    AR: 'Buenos Aires|Capital Federal|Córdoba|Santa Fe|Mendoza|Tucumán|Entre Ríos',
    CH: 'Zürich|Bern|Vaud|Aargau|Sankt Gallen|Genève|Luzern',
    CL: "Región Metropolitana de Santiago|Valparaíso|Bío-Bío|Maule|Araucanía|Libertador General Bernardo O'Higgins|Los Lagos",
    CO: 'Bogotá D.C.|Antioquia|Valle del Cauca|Cundinamarca|Atlántico|Santander|Bolívar',
    CZ: 'Středočeský kraj|Hlavní město Praha|Jihomoravský kraj|Moravskoslezský kraj|Ústecký kraj|Olomoucký kraj|Plzeňský kraj',
    EG: 'Cairo|Giza|Sharqia|Daqahlia|Beheira|Qalubia|Alexandria',
    FI: 'Uusimaa|Pirkanmaa|Varsinais-Suomi|Pohjois-Pohjanmaa|Keski-Suomi|Satakunta|Pohjois-Savo',
    GR: 'Attikḯ|Kentrikí Makedonía|Dytikí Elláda|Thessalía|Krítí|Anatolikí Makedonía kai Thráki|Stereá Elláda',
    HR: 'Grad Zagreb|Splitsko-dalmatinska županija|Zagrebačka županija|Osječko-baranjska županija|Primorsko-goranska županija|Istarska županija|Zadarska županija',
    HU: 'Budapest|Pest|Borsod-Abaúj-Zemplén|Szabolcs-Szatmár-Bereg|Hajdú-Bihar|Bács-Kiskun|Győr-Moson-Sopron',
    IE: 'Dublin|Cork|Galway|Kildare|Meath|Limerick|Donegal',
    IQ: 'Baghdād|Nīnawá|Al Başrah|Dhī Qār|Bābil|As Sulaymānīyah|Arbīl',
    JO: 'Al ‘A̅şimah|Irbid|Az Zarqā’|Al Balqā’|Al Mafraq|Al Karak|Jarash',
    KE: 'Nairobi City|Kiambu|Nakuru|Kakamega|Bungoma|Meru|Mombasa',
    KR: 'Gyeonggi-do|Seoul-teukbyeolsi|Busan-gwangyeoksi|Gyeongsangnam-do|Incheon-gwangyeoksi|Gyeongsangbuk-do|Daegu-gwangyeoksi',
    NO: 'Viken|Oslo|Vestland|Trøndelag|Innlandet|Rogaland|Vestfold og Telemark',
    NZ: 'Auckland|Canterbury|Wellington|Waikato|Bay of Plenty|Manawatu-Wanganui|Otago',
    PE: 'Municipalidad Metropolitana de Lima|Piura|La Libertad|Arequipa|Cajamarca|Junin|Callao',
    PL: 'Mazowieckie|Śląskie|Wielkopolskie|Małopolskie|Dolnośląskie|Łódzkie|Pomorskie',
    PT: 'Lisboa|Porto|Setúbal|Braga|Aveiro|Faro|Leiria',
    RO: 'Bucharest|Iasi|Prahova|Cluj|Constanta|Timis|Ilfov',
    SE: 'Stockholm|Västra Götaland|Skåne|Östergötland|Uppsala|Jönköping|Halland',
    TW: 'New Taipei|Taichung|Kaohsiung|Taipei|Taoyuan|Tainan|Changhua',
    TZ: 'Dar es Salaam|Mwanza|Kagera|Tabora|Morogoro|Mbeya|Arusha',
    UG: 'Kampala|Wakiso|Mukono|Jinja|Mbarara|Gulu|Masaka',
    VN: 'Hồ Chí Minh (Sài Gòn)|Hà Nội|Hải Phòng|Cần Thơ|Đà Nẵng|Đồng Nai|Bình Dương',
  }).map(([code, names]) => [code, names.split('|')]),
);

/**
 * First-level regions the package lacks, in our own spelling. Pakistan: the package spells Khyber
 * Pakhtunkhwa "Khaibar" and still lists the tribal areas merged into it in 2018. The United Kingdom
 * and Spain: the package lists cities and provinces, not the nations and autonomous communities
 * an address names ("London, London NW1 6XE" read wrong).
 */
const OWN_REGIONS: Readonly<Record<string, readonly string[]>> = {
  PK: [
    'Punjab',
    'Sindh',
    'Khyber Pakhtunkhwa',
    'Balochistan',
    'Islamabad',
    'Gilgit-Baltistan',
    'Azad Kashmir',
  ],
  GB: ['England', 'Scotland', 'Wales', 'Northern Ireland'],
  ES: [
    'Andalucía',
    'Cataluña',
    'Comunidad de Madrid',
    'Comunidad Valenciana',
    'Galicia',
    'Castilla y León',
    'País Vasco',
  ],
};

const packageCountries = new Map(allCountries.map((c) => [c[1] as string, c]));
const currencies: Readonly<Record<string, string>> = countryToCurrency;

function packageCountry(code: string) {
  const country = packageCountries.get(code);
  if (!country) throw new Error(`country-region-data has no country ${code}`);
  return country;
}

function entryFor(code: string): CountryEntry {
  const name = NAME_OVERRIDES[code] ?? packageCountry(code)[0];
  return { name, code, currency: currencies[code] ?? 'USD' };
}

function regionsFor(code: string): readonly string[] {
  const own = OWN_REGIONS[code];
  if (own) return own;
  const all = packageCountry(code)[2].map((region) => region[0] as string);
  const preferred = PREFERRED_REGIONS[code]?.filter((name) => all.includes(name));
  return preferred && preferred.length > 0 ? preferred : all.slice(0, MAX_REGIONS);
}

/** The select-country page: countries grouped by region, with 'Middle East' → AED and 'Rest of the World' → USD. */
export const COUNTRY_GROUPS: readonly {
  region: string;
  countries: readonly CountryEntry[];
}[] = [
  ...GROUP_CODES.map(({ region, codes }) => ({
    region,
    countries:
      region === 'Middle East' ? [...codes.map(entryFor), MIDDLE_EAST] : codes.map(entryFor),
  })),
  { region: 'Rest of the World', countries: [REST_OF_WORLD] },
];

const currencyByName = new Map(
  COUNTRY_GROUPS.flatMap((group) => group.countries).map((c) => [c.name.toLowerCase(), c.currency]),
);

/** The currency prices show in for a country name; an unknown country gets 'USD'. */
export function currencyForCountry(name: string): string {
  return currencyByName.get(name.trim().toLowerCase()) ?? 'USD';
}

/** The checkout country list (real countries of the select-country page), A to Z, with 1–7 regions each. */
export const CHECKOUT_COUNTRIES: readonly CheckoutCountry[] = GROUP_CODES.flatMap((g) => g.codes)
  .map((code) => ({ name: entryFor(code).name, code, regions: regionsFor(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const regionsByName = new Map(CHECKOUT_COUNTRIES.map((c) => [c.name.toLowerCase(), c.regions]));

/** The regions the checkout State select lists for a country; an unknown country gets []. */
export function regionsOf(countryName: string): readonly string[] {
  return regionsByName.get(countryName.trim().toLowerCase()) ?? [];
}
