/** Country codes of the service (spec: "What the service does", item 7). */
export const COUNTRY_CODES = [
  'ES', 'PV', 'NA', 'FR', 'IT', 'DE', 'AT', 'PT', 'PL', 'NL', 'CH', 'BE', 'CZ', 'DK', 'NO', 'FI',
  'EE', 'LV', 'LT', 'SI', 'SK', 'BG', 'GR', 'CY', 'LU', 'LI', 'IS', 'IE', 'UK', 'HR', 'SE',
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Countries the analysis endpoints (solar, agro, terrain, ground motion, score) cover. */
export const ANALYSIS_COUNTRIES: readonly CountryCode[] = ['ES', 'PV', 'NA', 'PT', 'FR', 'IT', 'DE'];

/** Countries accepted by `GET /api/search/address/candidates` (endpoint 1, `country`). */
export const ADDRESS_SEARCH_COUNTRIES: readonly CountryCode[] = [
  'ES', 'FR', 'IT', 'DE', 'AT', 'NL', 'BE', 'PL', 'CH', 'CZ', 'DK', 'NO', 'FI', 'EE', 'LV', 'LT',
  'SI', 'SK', 'BG', 'GR', 'CY', 'LU', 'LI', 'IS', 'IE', 'UK', 'PT',
];

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}
