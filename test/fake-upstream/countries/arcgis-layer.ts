import { containsPoint } from '../../../core/geo/polygon.js';
import type { LonLat } from '../../../core/model/index.js';
import type { HandParcel } from './hand-parcels.js';
import { json, type FakeRoute } from './fake-server.js';

/**
 * An ArcGIS REST parcel layer as the fakes of BG, GR, CY and IE play it (each country's in
 * core/countries/<cc>/test/fake.ts). NO RECORDING of these services exists: every answer is
 * WRITTEN BY HAND in Esri's documented `query` output for `f=geojson` (a GeoJSON
 * FeatureCollection whose features carry the layer's fields as `properties`; errors as HTTP 200
 * `{"error":{"code","message","details"}}`). `<layer>/query?where=<field>='<ref>'` answers the
 * layer's parcel when the reference is its own; `geometry=<lon>,<lat>` answers it when the point
 * lies in it; anything else an empty collection.
 */
export interface HandLayer {
  path: string;
  field: string;
  numeric?: boolean;
  parcels: HandParcel[];
  extra?: Record<string, unknown>;
}

const collection = (layer: HandLayer, parcels: HandParcel[]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: parcels.map((p, i) => ({
      type: 'Feature',
      id: i + 1,
      geometry: { type: 'Polygon', coordinates: [p.ring] },
      properties: { OBJECTID: i + 1, [layer.field]: layer.numeric ? Number(p.ref) : p.ref, ...layer.extra },
    })),
  });

/** The `query` route of the given hand-written layers. */
export const arcgisLayerRoute =
  (...layers: HandLayer[]): FakeRoute =>
  (url) => {
    const layer = layers.find((l) => `${l.path}/query` === url.pathname);
    if (!layer) return undefined;
    const q = url.searchParams;
    if (q.get('f') !== 'geojson' || q.get('outSR') !== '4326') {
      return json(JSON.stringify({ error: { code: 400, message: 'Invalid or missing input parameters.', details: [] } }));
    }
    const where = q.get('where');
    if (where !== null) {
      const literal = new RegExp(`^${layer.field}=(?:'([^']*)'|(\\d+))$`).exec(where);
      return json(
        collection(
          layer,
          layer.parcels.filter((p) => literal && (literal[1] ?? literal[2]) === p.ref),
        ),
      );
    }
    const [lon, lat] = (q.get('geometry') ?? '').split(',').map(Number);
    return json(
      collection(
        layer,
        layer.parcels.filter((p) => containsPoint({ type: 'Polygon', coordinates: [p.ring] }, [lon, lat] as LonLat)),
      ),
    );
  };
