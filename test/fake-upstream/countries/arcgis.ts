import { containsPoint } from '../../../core/geo/polygon.js';
import type { LonLat } from '../../../core/model/index.js';
import { handParcel, type HandParcel } from './hand-parcels.js';
import { json, type FakeRoute } from './fake-server.js';

/**
 * ArcGIS REST parcel layers (Bulgaria, Greece, Cyprus, Ireland) as the fake plays them. NO
 * RECORDING of these services exists: every answer is WRITTEN BY HAND in Esri's documented
 * `query` output for `f=geojson` (a GeoJSON FeatureCollection whose features carry the layer's
 * fields as `properties`; errors as HTTP 200 `{"error":{"code","message","details"}}`). Field
 * names are those SOURCES.md gives (BG `nationalcadastralref`/`areavalue`, CY
 * `nationalCadastralRef`, IE `SP_ID`); Greece's `KAEK` is UNCERTAIN there.
 * `<layer>/query?where=<field>='<ref>'` answers the layer's parcel when the reference is its own;
 * `geometry=<lon>,<lat>` answers it when the point lies in it; anything else an empty collection.
 */
interface HandLayer {
  path: string;
  field: string;
  numeric?: boolean;
  parcels: HandParcel[];
  extra?: Record<string, unknown>;
}

export const BG_PARCEL = handParcel('68134.100.5', [23.3219, 42.6977]);
export const GR_PARCEL = handParcel('050095701001', [23.7275, 37.9838]);
export const CY_PARCEL = handParcel('1-21/43-0-123', [33.3823, 35.1856]);
export const IE_PARCEL = handParcel('2577972', [-6.2603, 53.3498]);

const LAYERS: HandLayer[] = [
  { path: '/arcgis/bg/0', field: 'nationalcadastralref', parcels: [BG_PARCEL], extra: { areavalue: 3598.2, id_namespace: 'BG.CP' } },
  { path: '/arcgis/gr/0', field: 'KAEK', parcels: [GR_PARCEL] },
  { path: '/arcgis/cy/1', field: 'nationalCadastralRef', parcels: [CY_PARCEL], extra: { areaValue: 3280 } },
  { path: '/arcgis/ie/12', field: 'SP_ID', numeric: true, parcels: [IE_PARCEL] },
  { path: '/arcgis/ie/13', field: 'SP_ID', numeric: true, parcels: [] },
];

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

export const arcgisRoutes: FakeRoute = (url) => {
  const layer = LAYERS.find((l) => `${l.path}/query` === url.pathname);
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

export const arcgisSources = (base: string) => ({
  bg: { cpLayerUrl: `${base}/arcgis/bg/0` },
  gr: { cpLayerUrl: `${base}/arcgis/gr/0` },
  cy: { cpLayerUrl: `${base}/arcgis/cy/1` },
  ie: { freeholdLayerUrl: `${base}/arcgis/ie/12`, leaseholdLayerUrl: `${base}/arcgis/ie/13` },
});
