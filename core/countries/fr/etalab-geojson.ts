import { isOnEarth, outsideTheWorld } from '../../geo/crs.js';
import { centroid, parcelAreaM2 } from '../../geo/polygon.js';
import { isIsoDay, todayIso, type LonLat, type ParcelGeometry } from '../../model/index.js';
import { closedRingPoints, RING_TOO_SHORT } from '../../formats/gml-surfaces.js';
import { streamJsonElements } from '../../formats/json-stream.js';
import type { TextChunk, TextInput } from '../../formats/text-stream.js';
import type { StoredParcel } from '../../model/records.js';
import { frenchPlaceName } from './commune-names.js';
import { parseFrenchReference } from './reference.js';

/**
 * Etalab's cadastre GeoJSON (`cadastre-<insee>-parcelles.json[.gz]`, per commune or
 * département; fixtures README "France"): a FeatureCollection in EPSG:4326 without `crs`, one
 * Polygon or MultiPolygon per parcel, `id` = the 14-character IDU, `numero` NOT zero-padded,
 * `contenance` (m²) missing on some parcels, `created`/`updated` dates.
 */

interface EtalabFeature {
  id?: unknown;
  geometry?: { type?: unknown; coordinates?: unknown };
  properties?: Record<string, unknown>;
}

function geometryOf(feature: EtalabFeature): ParcelGeometry | undefined {
  const { type, coordinates } = feature.geometry ?? {};
  if (!Array.isArray(coordinates) || coordinates.length === 0) return undefined;
  if (type === 'Polygon' && isPolygon(coordinates)) return { type: 'Polygon', coordinates };
  if (type === 'MultiPolygon' && coordinates.every(isPolygon)) return { type: 'MultiPolygon', coordinates: coordinates as LonLat[][][] };
  return undefined;
}

/**
 * Rings of WGS84 points with at least three distinct ones each; throws saying what is wrong with
 * a point off the Earth (metres where degrees belong, an infinite 1e309) or a ring too short.
 * Not an array of arrays of [number, number]: false, the parcel "has no outline".
 */
function isPolygon(rings: unknown): rings is LonLat[][] {
  if (!Array.isArray(rings) || rings.length === 0) return false;
  for (const ring of rings) {
    if (!Array.isArray(ring)) return false;
    for (const position of ring) {
      if (!Array.isArray(position) || typeof position[0] !== 'number' || typeof position[1] !== 'number') return false;
      const point: LonLat = [position[0], position[1]];
      if (!isOnEarth(point)) throw new Error(outsideTheWorld(4326, point[0], point[1], point));
    }
    // The GML rings' rule: three distinct points and the closing one.
    if (closedRingPoints((ring as LonLat[]).flat()) < 4) throw new Error(RING_TOO_SHORT);
  }
  return true;
}

/** One Etalab feature as a parcel of the copy; throws on a feature without id or outline (the import then keeps nothing). */
export function etalabParcel(feature: EtalabFeature): StoredParcel {
  const props = feature.properties ?? {};
  const raw = typeof props.id === 'string' ? props.id : typeof feature.id === 'string' ? feature.id : '';
  const idu = parseFrenchReference(raw);
  if (!idu) throw new Error(`A parcel with id ${JSON.stringify(raw).slice(0, 40)}, which is not a French IDU (14 characters).`);
  let geometry: ParcelGeometry | undefined;
  try {
    geometry = geometryOf(feature);
  } catch (error) {
    throw new Error(`Parcel ${idu}: ${(error as Error).message}`);
  }
  if (!geometry) throw new Error(`Parcel ${idu} has no Polygon or MultiPolygon outline.`);
  const contenance = Number(props.contenance);
  const updated = isIsoDay(props.updated) ? props.updated : isIsoDay(props.created) ? props.created : undefined;
  return {
    ref: idu,
    country: 'FR',
    geometry,
    centroid: centroid(geometry),
    areaM2: parcelAreaM2(contenance, geometry),
    // The commune the file names by its INSEE code (its `commune`), named from INSEE's table.
    municipio: typeof props.commune === 'string' ? frenchPlaceName(props.commune) : undefined,
    // The département (spec: `provincia` in FR); overseas INSEE codes start 97x.
    provincia: idu.startsWith('97') ? idu.slice(0, 3) : idu.slice(0, 2),
    source: 'bulk',
    dataDate: updated ?? todayIso(),
  };
}

export async function streamEtalabParcels(file: TextInput, sink: (parcels: StoredParcel[], progress: TextChunk) => void): Promise<number> {
  let total = 0;
  await streamJsonElements(file, ['$.features.*'], (elements, chunk) => {
    const parcels = elements.map(({ value }) => etalabParcel(value as EtalabFeature));
    total += parcels.length;
    sink(parcels, chunk);
  });
  return total;
}
