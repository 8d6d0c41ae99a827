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
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}
