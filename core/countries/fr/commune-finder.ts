import { bboxPolygon, booleanIntersects } from '@turf/turf';
import type { FeatureCollection, Geometry } from 'geojson';
import { fold } from '../../address/normalize.js';
import { notFound, pointText, refusalData, unavailable, validationError, type BBox, type NamedPlace } from '../../model/index.js';
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
 *   <base>/communes?codeDepartement=<code>&fields=nom,code,codeDepartement&format=geojson&geometry=contour
 *
 * each a JSON array of `{ nom, code, codeDepartement }` (départements: `{ nom, code }`), the last a
 * GeoJSON FeatureCollection of the département's communes, their outlines as geometry. No recording
 * of these answers exists here; the fake upstream's are written by hand to that published shape.
 */
export const GEO_API_SOURCE = 'API Découpage administratif (geo.api.gouv.fr)';
export const GEO_API_ROOT = 'https://geo.api.gouv.fr';

interface Place {
  nom: string;
  code: string;
  codeDepartement?: string;
}

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
    throw validationError((error as Error).message, refusalData('FRENCH_CODE_INVALID', { code: text.trim() }));
  }
}

/**
 * Spacing of the points asked for their département under a map view, in degrees: well under the
 * smallest département (Paris, about 0.16° by 0.08°), so no département inside the view is missed.
 */
const PROBE_STEP_DEG = 0.05;
/**
 * Most points asked per view: 10 by 10, a view of about 0.45° (35–50 km) a side. The API answers
 * a point, not a box, so a larger view would mean hundreds of requests to a public service.
 */
const MAX_PROBES_PER_SIDE = 10;

/** Evenly spaced values from `low` to `high`, both included, at most PROBE_STEP_DEG apart (at least 3). */
function probeLine(low: number, high: number): number[] {
  const count = Math.max(3, Math.ceil((high - low) / PROBE_STEP_DEG) + 1);
  return Array.from({ length: count }, (_, i) => low + ((high - low) * i) / (count - 1));
}

/** How many same-named communes are listed for the user to choose from: France has 200+ "Saint-Martin…". */
const CANDIDATES_SHOWN = 8;

/** The communes listed for the user, as the refusal's data names them (the first CANDIDATES_SHOWN, and how many in all). */
function candidates(places: Place[]): { candidates: NamedPlace[]; total: number } {
  const listed = places.slice(0, CANDIDATES_SHOWN).map((place) => ({ code: place.code, name: place.nom, departement: place.codeDepartement ?? '?' }));
  return { candidates: listed, total: places.length };
}

/** The same communes in the English message: "91216 (Épinay-sur-Orge, 91), … and 3 more". */
function listCommunes(places: Place[]): string {
  const { candidates: shown, total } = candidates(places);
  const listed = shown.map((c) => `${c.code} (${c.name}, ${c.departement})`).join(', ');
  return total > shown.length ? `${listed} and ${total - shown.length} more` : listed;
}

export class FrenchCommuneFinder {
  constructor(
    private readonly baseUrl: string,
    private readonly http: TextGetter,
  ) {}

  /**
   * INSEE codes for what the user typed: a code stays as it is, a name becomes the one commune
   * (or département) of that name; a name several communes share is refused with their codes, so
   * the user can pick one. `bbox`: every commune whose outline meets the map view.
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
    if (choice.bbox) codes.push(...(await this.communesInView(choice.bbox, signal)));
    return [...new Set(codes)];
  }

  private async communeNamed(name: string, signal?: AbortSignal): Promise<string> {
    const query = new URLSearchParams({ nom: name, fields: 'nom,code,codeDepartement', boost: 'population', limit: '50' });
    const answered = await this.places('communes', query, signal);
    const found = answered.filter(named(name));
    if (found.length === 0) {
      const near = answered.length ? ` Names close to it: ${listCommunes(answered)}.` : '';
      throw notFound(
        `No French commune is named "${name}".${near} Give the full name or the INSEE code (e.g. 91216).`,
        refusalData('COMMUNE_NAME_UNKNOWN', { name, ...candidates(answered) }),
      );
    }
    if (found.length > 1) {
      throw validationError(
        `${found.length} French communes are named "${name}": ${listCommunes(found)}. Give the INSEE code of the one you mean.`,
        refusalData('COMMUNE_NAME_AMBIGUOUS', { name, ...candidates(found) }),
      );
    }
    return found[0].code;
  }

  private async departementNamed(name: string, signal?: AbortSignal): Promise<string> {
    const found = (await this.places('departements', new URLSearchParams({ nom: name, fields: 'nom,code' }), signal)).filter(named(name));
    if (found.length !== 1) {
      throw notFound(`No French département is named "${name}"; give its code (e.g. 91, 2A, 971) instead.`, refusalData('DEPARTEMENT_NAME_UNKNOWN', { name }));
    }
    return found[0].code;
  }

  /**
   * Communes whose outline meets the view: the départements under it first (the commune at each
   * point of a grid over the view, PROBE_STEP_DEG apart), then those départements' commune outlines.
   */
  private async communesInView(bbox: BBox, signal?: AbortSignal): Promise<string[]> {
    const [west, south, east, north] = bbox;
    const lons = probeLine(west, east);
    const lats = probeLine(south, north);
    if (lons.length > MAX_PROBES_PER_SIDE || lats.length > MAX_PROBES_PER_SIDE) {
      const side = ((MAX_PROBES_PER_SIDE - 1) * PROBE_STEP_DEG).toFixed(2);
      throw validationError(
        `The map view is too large to pick French communes from (at most ${side}° a side); zoom in, or name the communes or départements.`,
        refusalData('MAP_VIEW_TOO_LARGE'),
      );
    }
    const points = lons.flatMap((lon) => lats.map((lat) => [lon, lat] as const));
    const found = await Promise.all(
      points.map(([lon, lat]) =>
        this.places('communes', new URLSearchParams({ lat: lat.toFixed(6), lon: lon.toFixed(6), fields: 'nom,code,codeDepartement' }), signal),
      ),
    );
    const departements = [
      ...new Set(
        found
          .flat()
          .map((commune) => commune.codeDepartement)
          .filter((code): code is string => !!code),
      ),
    ];
    if (departements.length === 0) {
      throw notFound(
        `No French commune lies under the map view (${pointText([west, south])} to ${pointText([east, north])}); move the map over France or name a commune.`,
        refusalData('NO_COMMUNE_IN_VIEW'),
      );
    }
    const view = bboxPolygon(bbox);
    const outlines = await Promise.all(departements.map((code) => this.communeOutlines(code, signal)));
    return outlines
      .flat()
      .filter((commune) => booleanIntersects(commune.outline, view))
      .map((commune) => commune.code)
      .sort();
  }

  private async communeOutlines(departement: string, signal?: AbortSignal): Promise<{ code: string; outline: Geometry }[]> {
    const query = new URLSearchParams({ codeDepartement: departement, fields: 'nom,code,codeDepartement', format: 'geojson', geometry: 'contour' });
    const { status, json } = await this.get('communes', query, signal);
    const features = (json as Partial<FeatureCollection> | undefined)?.features;
    if (status !== 200 || !Array.isArray(features)) {
      throw unavailable(
        `${GEO_API_SOURCE} answered HTTP ${status} for the outlines of the communes of département ${departement}; retry later, or name the communes.`,
      );
    }
    return features.flatMap((feature) => {
      const code = feature?.properties?.code;
      return typeof code === 'string' && feature.geometry ? [{ code, outline: feature.geometry }] : [];
    });
  }

  private async places(kind: 'communes' | 'departements', query: URLSearchParams, signal?: AbortSignal): Promise<Place[]> {
    const { status, json } = await this.get(kind, query, signal);
    if (status !== 200 || !Array.isArray(json)) {
      throw unavailable(
        `${GEO_API_SOURCE} answered HTTP ${status} to find a French ${kind === 'communes' ? 'commune' : 'département'}; retry later, or give the INSEE code.`,
      );
    }
    return json.filter((place): place is Place => typeof place?.nom === 'string' && typeof place?.code === 'string');
  }

  private get(kind: 'communes' | 'departements', query: URLSearchParams, signal?: AbortSignal): Promise<{ status: number; json: unknown }> {
    return getJson(this.http, withQuery(`${this.baseUrl.replace(/\/+$/, '')}/${kind}`, query), { source: GEO_API_SOURCE, signal });
  }
}
