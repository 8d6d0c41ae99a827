/** Country codes of the service (spec: "What the service does", item 7). */
export const COUNTRY_CODES = [
  'ES',
  'PV',
  'NA',
  'FR',
  'IT',
  'DE',
  'AT',
  'PT',
  'PL',
  'NL',
  'CH',
  'BE',
  'CZ',
  'DK',
  'NO',
  'FI',
  'EE',
  'LV',
  'LT',
  'SI',
  'SK',
  'BG',
  'GR',
  'CY',
  'LU',
  'LI',
  'IS',
  'IE',
  'UK',
  'HR',
  'SE',
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

/**
 * One row of the spec's coverage table, as data, declared by each country adapter: what the
 * country answers. The core reads it for 422 CNV_COVERAGE and the app for what it offers.
 */
export interface Coverage {
  byReference: boolean;
  byCoordinates: boolean;
  byAddress: boolean;
  /** `/units` and dwellings (Spain only in the spec). */
  units: boolean;
  /** Solar, agro, terrain, ground motion, score and market (spec item 3). */
  analysis: boolean;
}

/**
 * What a country's cadastre offers beyond the lookups of its coverage row (Spain's extras today),
 * listed by the registry from its adapter: the core and the app ask these, never the country code.
 * - `units`: the units of a finca (the coverage row's `units`);
 * - `rusticParcel`: rustic land named by polígono and parcela (and paraje), read from the reference;
 * - `buildingFacts`: the copy records the building of a parcel (use, built area, year, dwellings);
 * - `foralReferences`: its address search also places parcels of territories with their own cadastre;
 * - `sigpac`: the agricultural parcel register answers for its land.
 */
export const COUNTRY_CAPABILITIES = ['units', 'rusticParcel', 'buildingFacts', 'foralReferences', 'sigpac'] as const;
export type CountryCapability = (typeof COUNTRY_CAPABILITIES)[number];

/**
 * How a country's references name the commune, section and number of a parcel: character
 * positions [start, end) in its canonical reference of `length` characters (France's IDU: INSEE
 * commune, absorbed-commune prefix, section, number). The app names a parcel's commune from it.
 */
export interface ReferenceParts {
  length: number;
  commune: readonly [number, number];
  section: readonly [number, number];
  number: readonly [number, number];
}

/** The `part` of `ref` as `parts` splits it; undefined without a split or when `ref` is not of its length. */
export function referencePart(ref: string, parts: ReferenceParts | undefined, part: 'commune' | 'section' | 'number'): string | undefined {
  return parts && ref.length === parts.length ? ref.slice(...parts[part]) : undefined;
}

/** A country this installation covers, as the app needs to know it (status): picker, map centre → country, attribution. */
export interface CountryInfo {
  code: CountryCode;
  name: string;
  /** [minLon, minLat, maxLon, maxLat] of the adapter. */
  bounds: [number, number, number, number];
  /** ISO 3166-1 numeric id of its outline in the bundled Natural Earth countries. */
  outlineId: string;
  byAddress: boolean;
  attribution: string;
  capabilities: CountryCapability[];
  /** Where its references name the commune, section and number, for countries whose references do. */
  referenceParts?: ReferenceParts;
}

/** True when `country` is one of `countries` and offers `capability` (false while the list is not known). */
export function countryHas(
  countries: readonly Pick<CountryInfo, 'code' | 'capabilities'>[],
  country: string | undefined,
  capability: CountryCapability,
): boolean {
  return countries.some((c) => c.code === country && c.capabilities.includes(capability));
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}
