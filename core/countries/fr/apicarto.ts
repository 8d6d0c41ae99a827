import { containsPoint } from '../../geo/polygon.js';
import { unavailable, type LonLat, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import { liveParcel } from '../national/live-parcel.js';
import { withQuery } from '../national/sources-config.js';
import type { FrSourcesConfig } from './config.js';
import { splitFrenchReference } from './reference.js';

export const APICARTO_SOURCE = 'IGN API Carto cadastre';

/**
 * Paris, Lyon and Marseille: the IDU (as Etalab's files and the BAN's `citycode` write it) begins
 * with the arrondissement's INSEE code, while API Carto files their parcels under the commune's
 * (`code_insee` is split into `code_dep` + `code_com`) with the arrondissement's last three digits
 * in `code_arr` (IGNF/apicarto controllers/cadastre/index.js: "Le code arrondissement est composé
 * de 3 chiffres").
 */
const ARRONDISSEMENTS: { commune: string; first: number; last: number }[] = [
  { commune: '75056', first: 75101, last: 75120 },
  { commune: '69123', first: 69381, last: 69389 },
  { commune: '13055', first: 13201, last: 13216 },
];

/** The commune and the 3-digit `code_arr` of an arrondissement's INSEE code; undefined elsewhere. */
export function arrondissementOf(insee: string): { commune: string; codeArr: string } | undefined {
  const code = Number(insee);
  const city = ARRONDISSEMENTS.find((a) => code >= a.first && code <= a.last);
  return city && { commune: city.commune, codeArr: insee.slice(2) };
}

/**
 * `/parcelle` by attributes. The IDU is split into the parameters the service filters on
 * (SOURCES.md 2.2); the absorbed-commune prefix is sent only when it is not `000`, under the
 * name the service validates (`com_abs`).
 */
export function parcelleByIdUrl(sources: FrSourcesConfig, idu: string): string {
  const { insee, prefix, section, numero } = splitFrenchReference(idu);
  const arrondissement = arrondissementOf(insee);
  const query = new URLSearchParams({ code_insee: arrondissement?.commune ?? insee, section, numero });
  if (arrondissement) query.set('code_arr', arrondissement.codeArr);
  if (prefix !== '000') query.set('com_abs', prefix);
  return withQuery(`${sources.apicartoCadastreUrl}/parcelle`, query);
}

/** `/parcelle?geom=` with a GeoJSON Point (lon, lat): the parcels the point falls in. */
export function parcelleAtUrl(sources: FrSourcesConfig, point: LonLat): string {
  const geom = JSON.stringify({ type: 'Point', coordinates: [point[0], point[1]] });
  return withQuery(`${sources.apicartoCadastreUrl}/parcelle`, new URLSearchParams({ geom }));
}

interface ApicartoFeature {
  geometry?: { type?: string; coordinates?: unknown };
  properties?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

function geometryOf(feature: ApicartoFeature): ParcelGeometry | undefined {
  const { type, coordinates } = feature.geometry ?? {};
  if (!Array.isArray(coordinates) || coordinates.length === 0) return undefined;
  if (type === 'Polygon') return { type, coordinates: coordinates as ParcelGeometry['coordinates'] } as ParcelGeometry;
  if (type !== 'MultiPolygon') return undefined;
  const polygons = coordinates as LonLat[][][];
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons };
}

/**
 * The parcel's IDU as the rest of the app writes it: in Paris, Lyon and Marseille rebuilt from
 * the department, `code_arr`, prefix, section and number, so that it begins with the
 * arrondissement's code whatever the service's own `idu` holds (no recording of a parcel there).
 */
function iduOf(props: Record<string, unknown>): string {
  const codeArr = text(props.code_arr);
  const parts = [text(props.code_dep), codeArr, text(props.com_abs), text(props.section), text(props.numero)];
  const inArrondissement = codeArr && codeArr !== '000' && arrondissementOf(`${parts[0]}${codeArr}`);
  return inArrondissement && parts.every(Boolean) ? parts.join('') : text(props.idu);
}

/** The parcels of an answer (GeoJSON FeatureCollection, EPSG:4326 lon/lat, recorded format). */
export function parseParcelleAnswer(body: string, dataDate: string): StoredParcel[] {
  let answer: { type?: unknown; features?: unknown };
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${APICARTO_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (answer?.type !== 'FeatureCollection' || !Array.isArray(answer.features)) {
    throw unavailable(`${APICARTO_SOURCE} sent an unexpected document (no FeatureCollection); retry later.`);
  }
  const parcels: StoredParcel[] = [];
  for (const feature of answer.features as ApicartoFeature[]) {
    const props = feature.properties ?? {};
    const idu = iduOf(props);
    const geometry = geometryOf(feature);
    if (!idu || !geometry) continue;
    // contenance: the official area in m² (absent on a few parcels: then the outline's).
    parcels.push(
      liveParcel('FR', idu, geometry, Number(props.contenance), dataDate, {
        municipio: text(props.nom_com) || undefined,
        // The spec: in FR `provincia` is the department number.
        provincia: text(props.code_dep) || undefined,
      }),
    );
  }
  return parcels;
}

/** Of the parcels an answer lists for a point, the one containing it (the first when none does exactly). */
export function parcelContaining(parcels: StoredParcel[], point: LonLat): StoredParcel | undefined {
  return parcels.find((p) => containsPoint(p.geometry, point)) ?? parcels[0];
}
