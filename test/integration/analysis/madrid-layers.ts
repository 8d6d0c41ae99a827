import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bboxClip, booleanPointInPolygon } from '@turf/turf';
import proj4 from 'proj4';
import type { Parcel } from '../../../core/model/index.js';
import { fixture } from '../../helpers/paths.js';

/** The only real protected-area layers at hand: Comunidad de Madrid's Natura 2000 SPAs (ZEPA) and SACs (ZEC), PROVENANCE.md. */
export const analysisDir = fixture('analysis');
export const ZEPA = path.join(analysisDir, 'es_madrid_zepa_qgis2web_3857.geojson');
export const ZEC = path.join(analysisDir, 'es_madrid_zec_qgis2web_3857.geojson.gz');

export interface IndependentSite {
  code: string;
  layer: 'ZEPA' | 'ZEC';
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
}

/** The layers read independently of the importer: plain JSON, proj4 from EPSG:3857 directly. */
export function independentSites(): IndependentSite[] {
  const toWgs = proj4('EPSG:3857', 'EPSG:4326');
  const reproject = (c: unknown): unknown => (typeof (c as number[])[0] === 'number' ? toWgs.forward(c as number[]) : (c as unknown[]).map(reproject));
  const layers = [
    { layer: 'ZEPA' as const, doc: JSON.parse(readFileSync(ZEPA, 'utf8')) },
    { layer: 'ZEC' as const, doc: JSON.parse(gunzipSync(readFileSync(ZEC)).toString('utf8')) },
  ];
  return layers.flatMap(({ layer, doc }) =>
    doc.features.map((f: { properties: Record<string, string>; geometry: GeoJSON.Polygon }) => ({
      code: f.properties.CD_ZEPA ?? f.properties.CD_ZEC_COD,
      layer,
      geometry: { type: f.geometry.type, coordinates: reproject(f.geometry.coordinates) } as GeoJSON.Polygon,
    })),
  );
}

/** Share (%) of the parcel square covered by a site, by counting a 100 × 100 grid of sample points. */
export function sampledOverlapPct(parcel: Parcel, geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon): number {
  const [[minLon, minLat], , [maxLon, maxLat]] = parcel.poligono;
  const n = 100;
  // Clipping to a box around the parcel only speeds the point test up; the count is the measure.
  const near = bboxClip(geometry, [minLon - 0.01, minLat - 0.01, maxLon + 0.01, maxLat + 0.01]).geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
  let inside = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const point = [minLon + ((i + 0.5) / n) * (maxLon - minLon), minLat + ((j + 0.5) / n) * (maxLat - minLat)];
      if (booleanPointInPolygon(point, near)) inside++;
    }
  return (inside / (n * n)) * 100;
}
