import type { LonLat } from '../../model/index.js';
import { GeoJsonParcelSource, textOf } from '../national/geojson-source.js';
import { featureInfoAt } from '../national/wms-feature-info.js';
import { parseAustrianReference, referenceOfInspireId } from './reference.js';

/** BEV's cadastral WMS (GeoServer), whose layer `DKM_GST` (the DKM's Grundstücke) names each parcel by KG and GNR. */
export const DKM_WMS_URL = 'https://data.bev.gv.at/geoserver/BEVdataKAT/wms';
const DKM_LAYER = 'DKM_GST';
/** BEV's INSPIRE CP WMS, seen answering (SOURCES.md 15, 2026-09-04), but with an inspireId only. */
export const INSPIRE_CP_WMS_URL = 'https://data.bev.gv.at/geoserver/INSdataCP/wms';
const INSPIRE_CP_LAYER = 'CP_CadastralParcel';

/**
 * GetFeatureInfo of `DKM_GST` at a point, as public clients ask it (a geothermal planning app's
 * ArcGIS JS client, several versions in the search index: `BEVdataKAT/wms?SERVICE=WMS&VERSION=1.3.0
 * &REQUEST=GetFeatureInfo&LAYERS=DKM_GST&QUERY_LAYERS=DKM_GST&CRS=EPSG:3857&INFO_FORMAT=application/json`,
 * then `properties.KG` and `properties.GNR` straight into `kataster.bev.gv.at/api/gst/{KG}/{GNR}`):
 * a 101×101-pixel map of about 20 m around the point in EPSG:3857 (the INSPIRE WMS asked the same way) (a 4326 map is rounded to about
 * 110 m there); GeoServer JSON, its geometry in EPSG:3857 (converted with proj4).
 */
export function featureInfoUrl(base: string, layer: string, point: LonLat): string {
  return featureInfoAt(base, { layer, epsg: 3857, halfMetres: 10, pixels: 101, featureCount: 10 }, point);
}

/**
 * The reference of a `DKM_GST` feature: its KG (5 digits; a number loses its leading zeros, so it
 * is padded back) and its GNR as BEV writes it, the building plot's dot and the split number's `/`
 * included (the clients pass it to the Katasterservice unchanged).
 */
export function referenceOfDkmFeature(properties: Record<string, unknown>): string | undefined {
  const kg = textOf(properties.KG);
  const gnr = textOf(properties.GNR);
  return kg && gnr && /^\d{1,5}$/.test(kg) ? parseAustrianReference(`${kg.padStart(5, '0')}-${gnr}`) : undefined;
}

/** The parcel at a point from BEV's DKM WMS (at/live-source.ts then adds the Katasterservice's record). */
export const dkmWmsSource = (base: string) =>
  new GeoJsonParcelSource({
    country: 'AT',
    source: 'BEV DKM WMS',
    answerEpsg: 3857,
    referenceOf: referenceOfDkmFeature,
    aroundUrl: (point) => featureInfoUrl(base, DKM_LAYER, point),
  });

/** The parcel at a point from BEV's INSPIRE CP WMS, its reference read from the inspireId (reference.ts: its split-number form is unknown). */
export const inspireCpWmsSource = (base: string) =>
  new GeoJsonParcelSource({
    country: 'AT',
    source: 'BEV INSPIRE CP WMS',
    answerEpsg: 3857,
    referenceOf: (p) => referenceOfInspireId(textOf(p.inspireId) ?? textOf(p.inspireid)),
    aroundUrl: (point) => featureInfoUrl(base, INSPIRE_CP_LAYER, point),
  });
