import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { StoredParcel } from '../../core/model/records.js';

/**
 * The tile as the server made it before its own encoder (geojson-vt clipping and
 * simplification, vt-pbf writing; same options): the reference the encoder is held to.
 */
export function geojsonVtTile(
  parcels: Pick<StoredParcel, 'ref' | 'country' | 'areaM2' | 'geometry'>[],
  layer: string,
  z: number,
  x: number,
  y: number,
): Uint8Array | null {
  if (parcels.length === 0) return null;
  const tile = geoJSONToTile(
    {
      type: 'FeatureCollection',
      features: parcels.map((p) => ({
        type: 'Feature',
        properties: { ref: p.ref, country: p.country, area: Math.round(p.areaM2) },
        geometry: p.geometry,
      })),
    },
    z,
    x,
    y,
    { extent: 4096, buffer: 64, clip: true, maxZoom: 24 },
  );
  if (!tile || tile.features.length === 0) return null;
  return fromGeojsonVt({ [layer]: tile }, { version: 2, extent: 4096 });
}
