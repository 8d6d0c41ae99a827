import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { bboxPolygon } from '@turf/turf';
import { fixture } from '../helpers/paths.js';
import { json, startFakeServer } from './countries/fake-server.js';

/**
 * A stand-in for the API Découpage administratif (geo.api.gouv.fr) on 127.0.0.1, answering the
 * three requests core/countries/fr/commune-finder.ts makes, in the published shape (a JSON array of
 * `{ nom, code, codeDepartement }`). WRITTEN BY HAND: no recording of this API exists here.
 * - `/communes?nom=`: a fuzzy search as the real one is: every commune whose name contains the
 *   asked words, from a small table: Épinay-sur-Orge (91216, real), Épinay-sous-Sénart (91215,
 *   real), and two communes named "Saint-Martin" (32398 and 54469, for the ambiguity test).
 * - `/communes?lat=&lon=`: Épinay-sur-Orge when the point lies inside the extent of the REAL Etalab
 *   file of 91216 (test/fixtures/countries), Épinay-sous-Sénart inside a made-up rectangle sharing its
 *   east edge (communes tile the land), else `[]` (a point outside France).
 * - `/communes?codeDepartement=91&format=geojson&geometry=contour`: those two communes with those
 *   two rectangles as outlines (not their real ones), a FeatureCollection as the real API answers.
 * - `/departements?nom=`: Essonne (91).
 */
export interface FakeGeoApi {
  baseUrl: string;
  /** Every request so far, in order. */
  readonly requests: { path: string; query: Record<string, string> }[];
  forget(): void;
  /** The extent of commune 91216's parcels: a map view centred in it finds the commune. */
  extent91216: [number, number, number, number];
  /** The made-up outline of 91215: a rectangle against the east edge of 91216's extent, not its real place. */
  extent91215: [number, number, number, number];
  close(): Promise<void>;
}

const COMMUNES = [
  { nom: 'Épinay-sur-Orge', code: '91216', codeDepartement: '91' },
  { nom: 'Épinay-sous-Sénart', code: '91215', codeDepartement: '91' },
  { nom: 'Saint-Martin', code: '32398', codeDepartement: '32' },
  { nom: 'Saint-Martin', code: '54469', codeDepartement: '54' },
];
const DEPARTEMENTS = [{ nom: 'Essonne', code: '91' }];

const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[-'\s]+/)
    .filter(Boolean);
const matches = (name: string, asked: string) => words(asked).every((word) => words(name).includes(word));

function extentOf91216(): [number, number, number, number] {
  const collection = JSON.parse(gunzipSync(readFileSync(fixture('countries/fr_etalab_cadastre_parcelles_91216.json.gz'))).toString('utf8')) as {
    features: { geometry: { coordinates: unknown } }[];
  };
  const extent: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      const [lon, lat] = value as number[];
      extent[0] = Math.min(extent[0], lon);
      extent[1] = Math.min(extent[1], lat);
      extent[2] = Math.max(extent[2], lon);
      extent[3] = Math.max(extent[3], lat);
      return;
    }
    for (const item of value) visit(item);
  };
  for (const feature of collection.features) visit(feature.geometry.coordinates);
  return extent;
}

export async function startFakeGeoApi(): Promise<FakeGeoApi> {
  const extent91216 = extentOf91216();
  const [, south, east, north] = extent91216;
  const extent91215: [number, number, number, number] = [east, south, east + 0.05, north];
  const outlined = [
    { commune: COMMUNES[0], extent: extent91216 },
    { commune: COMMUNES[1], extent: extent91215 },
  ];
  const inside = (lon: number, lat: number, [w, s, e, n]: number[]) => lon >= w && lon <= e && lat >= s && lat <= n;
  const rectangle = (extent: [number, number, number, number]) => bboxPolygon(extent).geometry;
  const answer = (places: unknown[]) => json(JSON.stringify(places));
  const server = await startFakeServer([
    (url) => {
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname === '/communes' && query.nom) return answer(COMMUNES.filter((c) => matches(c.nom, query.nom)));
      if (url.pathname === '/communes' && query.lat && query.lon) {
        const [lon, lat] = [Number(query.lon), Number(query.lat)];
        return answer(outlined.filter((o) => inside(lon, lat, o.extent)).map((o) => o.commune));
      }
      if (url.pathname === '/communes' && query.codeDepartement && query.format === 'geojson' && query.geometry === 'contour') {
        const features = outlined
          .filter((o) => o.commune.codeDepartement === query.codeDepartement)
          .map((o) => ({ type: 'Feature', properties: o.commune, geometry: rectangle(o.extent) }));
        return json(JSON.stringify({ type: 'FeatureCollection', features }));
      }
      if (url.pathname === '/departements' && query.nom) return answer(DEPARTEMENTS.filter((d) => matches(d.nom, query.nom)));
      return undefined;
    },
  ]);
  return {
    baseUrl: server.url,
    get requests() {
      return server.requests.map((url) => ({ path: url.pathname, query: Object.fromEntries(url.searchParams) }));
    },
    forget: () => {
      server.requests.length = 0;
    },
    extent91216,
    extent91215,
    close: () => server.close(),
  };
}
