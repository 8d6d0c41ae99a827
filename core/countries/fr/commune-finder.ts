import { fold } from '../../address/normalize.js';
import { notFound, unavailable, validationError, type BBox } from '../../model/index.js';
import { getJson, type TextGetter } from '../../upstream/get-json.js';
import { withQuery } from '../national/sources-config.js';
import { etalabArea } from './etalab-files.js';

/**
 * France's offline areas by name or by the map, for people who know "Épinay-sur-Orge" or "Essonne"
 * and not 91216 or 91: the State's administrative boundaries API (API Découpage administratif,
 * https://geo.api.gouv.fr/decoupage-administratif, Etalab, Licence Ouverte 2.0):
 *
 *   <base>/communes?nom=<name>&fields=nom,code,codeDepartement&boost=population&limit=…
 *   <base>/communes?lat=<lat>&lon=<lon>&fields=nom,code,codeDepartement   (the commune whose outline holds the point)
 *   <base>/departements?nom=<name>&fields=nom,code
 *
 * each a JSON array of `{ nom, code, codeDepartement }` (départements: `{ nom, code }`). No recording
 * of these answers exists here; the fake upstream's are written by hand to that published shape.
 */
export const GEO_API_SOURCE = 'API Découpage administratif (geo.api.gouv.fr)';
export const GEO_API_ROOT = 'https://geo.api.gouv.fr';

interface Place { nom: string; code: string; codeDepartement?: string }

/** Names compared as address search compares them (fold: no case, accents or punctuation): "epinay sur orge" is "Épinay-sur-Orge". */
const named = (name: string) => {
  const wanted = fold(name);
  return (place: Place) => fold(place.nom) === wanted;
};

/**
 * A text of digits (and Corsica's A/B) is meant as a code: it must be a commune's or a département's
 * (etalabArea's rule) and is refused as one (VALIDATION_ERROR) before any request; anything else is
 * a name. The app's choice check and the finder both ask here.
 */
export function frenchCodeOrName(text: string): { code: string } | { name: string } {
  if (!/^\s*\d[\dAB]*\s*$/i.test(text)) return { name: text.trim() };
  try {
    return { code: etalabArea(text).code };
  } catch (error) {
    throw validationError((error as Error).message);
  }
}

/** How many same-named communes are listed for the user to choose from: France has 200+ "Saint-Martin…". */
const CANDIDATES_SHOWN = 8;

function listCommunes(places: Place[]): string {
  const listed = places.slice(0, CANDIDATES_SHOWN).map((place) => `${place.code} (${place.nom}, ${place.codeDepartement ?? '?'})`).join(', ');
  return places.length > CANDIDATES_SHOWN ? `${listed} and ${places.length - CANDIDATES_SHOWN} more` : listed;
}

export class FrenchCommuneFinder {
  constructor(private readonly baseUrl: string, private readonly http: TextGetter) {}

  /**
   * INSEE codes for what the user typed: a code stays as it is, a name becomes the one commune
   * (or département) of that name; a name several communes share is refused with their codes, so
   * the user can pick one. `view`: the commune at the centre of the map.
   */
  async resolve(choice: { municipalities?: string[]; provinces?: string[]; bbox?: BBox }, signal?: AbortSignal): Promise<string[]> {
    const codes: string[] = [];
    for (const text of choice.municipalities ?? []) {
      const asked = frenchCodeOrName(text);
      codes.push('code' in asked ? asked.code : await this.communeNamed(asked.name, signal));
    }
    for (const text of choice.provinces ?? []) {
      const asked = frenchCodeOrName(text);
      codes.push('code' in asked ? asked.code : await this.departementNamed(asked.name, signal));
    }
    if (choice.bbox) codes.push(await this.communeAtCentre(choice.bbox, signal));
    return [...new Set(codes)];
  }

  private async communeNamed(name: string, signal?: AbortSignal): Promise<string> {
    const query = new URLSearchParams({ nom: name, fields: 'nom,code,codeDepartement', boost: 'population', limit: '50' });
    const answered = await this.places('communes', query, signal);
    const found = answered.filter(named(name));
    if (found.length === 0) {
      const near = answered.length ? ` Names close to it: ${listCommunes(answered)}.` : '';
      throw notFound(`No French commune is named "${name}".${near} Give the full name or the INSEE code (e.g. 91216).`);
    }
    if (found.length > 1) {
      throw validationError(`${found.length} French communes are named "${name}": ${listCommunes(found)}. Give the INSEE code of the one you mean.`);
    }
    return found[0].code;
  }

  private async departementNamed(name: string, signal?: AbortSignal): Promise<string> {
    const found = (await this.places('departements', new URLSearchParams({ nom: name, fields: 'nom,code' }), signal))
      .filter(named(name));
    if (found.length !== 1) throw notFound(`No French département is named "${name}"; give its code (e.g. 91, 2A, 971) instead.`);
    return found[0].code;
  }

  private async communeAtCentre(bbox: BBox, signal?: AbortSignal): Promise<string> {
    const lon = (bbox[0] + bbox[2]) / 2;
    const lat = (bbox[1] + bbox[3]) / 2;
    const query = new URLSearchParams({ lat: lat.toFixed(6), lon: lon.toFixed(6), fields: 'nom,code,codeDepartement' });
    const [commune] = await this.places('communes', query, signal);
    if (!commune) throw notFound(`No French commune lies at the centre of the map (${lat.toFixed(5)}, ${lon.toFixed(5)}); move the map over France or name a commune.`);
    return commune.code;
  }

  private async places(kind: 'communes' | 'departements', query: URLSearchParams, signal?: AbortSignal): Promise<Place[]> {
    const url = withQuery(`${this.baseUrl.replace(/\/+$/, '')}/${kind}`, query);
    const { status, json } = await getJson(this.http, url, { source: GEO_API_SOURCE, signal });
    if (status !== 200 || !Array.isArray(json)) {
      throw unavailable(`${GEO_API_SOURCE} answered HTTP ${status} to find a French ${kind === 'communes' ? 'commune' : 'département'}; retry later, or give the INSEE code.`);
    }
    return json.filter((place): place is Place => typeof place?.nom === 'string' && typeof place?.code === 'string');
  }
}
