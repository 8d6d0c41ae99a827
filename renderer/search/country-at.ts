import { booleanPointInPolygon } from '@turf/turf';
import type { CountryInfo } from '../../core/model/index.js';
import { loadedWorldOutlines } from '../map/world-outlines.js';

/**
 * The country whose address search a point defaults to (the map centre): of the countries that
 * search addresses, the one whose box holds the point; where boxes overlap (Spain and France),
 * the one whose Natural Earth outline (the map's own) holds it; else the smallest box. Boxes and
 * outline ids are the adapters' own (service status), as the service picks a point's country.
 * Until the outlines have loaded (a moment after start), the smallest box.
 */
export function countryAt(countries: readonly CountryInfo[], point: [number, number] | null): CountryInfo | undefined {
  if (!point) return undefined;
  const inBox = addressBoxesAt(countries, point);
  if (inBox.length <= 1) return inBox[0];
  const outlines = loadedWorldOutlines()?.features ?? [];
  const inside = inBox.find((c) =>
    outlines.some((f) => String(f.id) === c.outlineId && f.geometry && booleanPointInPolygon(point, f.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon)),
  );
  const area = (c: CountryInfo) => (c.bounds[2] - c.bounds[0]) * (c.bounds[3] - c.bounds[1]);
  return inside ?? [...inBox].sort((a, b) => area(a) - area(b))[0];
}

/**
 * Whether the outlines decide the country at this point (it lies in more than one address-searching
 * country's box): only then are they worth loading for the search box. Elsewhere their 1.9 MB file,
 * parsed on the main thread, would run during the map's first view (issue #40 item 2).
 */
export function outlinesDecideAt(countries: readonly CountryInfo[], point: [number, number] | null): boolean {
  return !!point && addressBoxesAt(countries, point).length > 1;
}

function addressBoxesAt(countries: readonly CountryInfo[], [lon, lat]: [number, number]): CountryInfo[] {
  return countries.filter((c) => c.byAddress && lon >= c.bounds[0] && lon <= c.bounds[2] && lat >= c.bounds[1] && lat <= c.bounds[3]);
}

/** The country whose address search each shipped interface language defaults to: where it is the national language. */
const COUNTRY_OF_LANGUAGE: Record<string, string> = { de: 'DE', en: 'UK', es: 'ES', fr: 'FR', it: 'IT', nl: 'NL', pl: 'PL', pt: 'PT' };

/**
 * The address search's default country: the one at the map centre, else the interface language's
 * (over the sea, or a country without address search), when that country searches addresses.
 */
export function defaultSearchCountry(countries: readonly CountryInfo[], centre: [number, number] | null, language: string): CountryInfo | undefined {
  const atCentre = countryAt(countries, centre);
  if (atCentre) return atCentre;
  const code = COUNTRY_OF_LANGUAGE[language.toLowerCase().split(/[-_]/)[0]];
  return countries.find((c) => c.byAddress && c.code === code);
}
