import { OFFLINE_COUNTRIES, type CountryInfo, type OfflineCountry } from '../../core/model/index.js';
import { countryAt } from '../search/country-at.js';

/**
 * The country whose files a map view's offline download should come from: the one at the view's
 * centre (as the search box picks its country), when its files can be downloaded; else none.
 */
export function offlineCountryAt(
  countries: readonly CountryInfo[],
  [west, south, east, north]: readonly [number, number, number, number],
): OfflineCountry | undefined {
  const code = countryAt(countries, [(west + east) / 2, (south + north) / 2])?.code;
  return OFFLINE_COUNTRIES.find((offline) => offline === code);
}
