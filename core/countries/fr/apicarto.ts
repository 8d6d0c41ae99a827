import { containsPoint } from '../../geo/polygon.js';
import { unavailable, type LonLat, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../store/types.js';
import { liveParcel } from '../national/live-parcel.js';
import { withQuery } from '../national/sources-config.js';
import type { FrSourcesConfig } from './config.js';
import { splitFrenchReference } from './reference.js';

export const APICARTO_SOURCE = 'IGN API Carto cadastre';

/**
 * `/parcelle` by attributes. The IDU is split into the parameters the service filters on
 * (SOURCES.md 2.2); the absorbed-commune prefix is sent only when it is not `000`, under the
 * name the answers use (`com_abs`). Paris, Lyon and Marseille parcels are asked by their
 * arrondissement INSEE code, which is how their IDUs begin (UNCERTAIN: no recording shows
 * whether the service filters them on `code_insee` or on `code_arr`).
 */
export function parcelleByIdUrl(sources: FrSourcesConfig, idu: string): string {
  const { insee, prefix, section, numero } = splitFrenchReference(idu);
  const query = new URLSearchParams({ code_insee: insee, section, numero });
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
    const idu = text(props.idu);
    const geometry = geometryOf(feature);
    if (!idu || !geometry) continue;
    // contenance: the official area in m² (absent on a few parcels: then the outline's).
    parcels.push(liveParcel('FR', idu, geometry, Number(props.contenance), dataDate, {
      municipio: text(props.nom_com) || undefined,
      // The spec: in FR `provincia` is the department number.
      provincia: text(props.code_dep) || undefined,
    }));
  }
  return parcels;
}

/** Of the parcels an answer lists for a point, the one containing it (the first when none does exactly). */
export function parcelContaining(parcels: StoredParcel[], point: LonLat): StoredParcel | undefined {
  return parcels.find((p) => containsPoint(p.geometry, point)) ?? parcels[0];
}
