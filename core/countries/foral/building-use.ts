import { fromWgs84 } from '../../geo/crs.js';
import { buildingStandsOn } from '../../geo/building-on-parcel.js';
import { areaM2, bboxOf } from '../../geo/polygon.js';
import { isServiceError, type LonLat, type ParcelGeometry } from '../../model/index.js';
import { CURRENT_USE_LABELS } from '../../formats/inspire-buildings.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { fetchText } from '../national/fetch-text.js';
import { readGmlFeatures } from '../national/gml-features.js';

/**
 * A foral territory's INSPIRE Buildings WFS (SOURCES.md 1b: "use is not in any CP answer";
 * Álava and Gipuzkoa publish BU `currentUse`, Bizkaia a `bu-core2d:Building` type on its
 * InspireFeatureDownload service). The spec's coverage row gives PV and NA "address, use": the
 * parcel's use is the INSPIRE currentUse of its largest building, in the Catastro's labels.
 */
export interface ForalBuildingsWfs {
  source: string;
  baseUrl: string;
  typeName: string;
}

/** `bu-ext2d:Building` / `bu-core2d:Building` (INSPIRE) and Álava's flat `INSPIRE_BU:BU.Building`. */
const BUILDING_FEATURES = new Set(['Building', 'BU.Building']);
const CRS = 'urn:ogc:def:crs:EPSG::25830';
const XML = 'application/gml+xml, text/xml;q=0.9, */*;q=0.5';

/** GetFeature of the buildings in the parcel's box, in EPSG:25830 (every foral service accepts it; SOURCES.md 1b). */
export function buildingsInParcelUrl(wfs: ForalBuildingsWfs, parcel: ParcelGeometry): string {
  const [minLon, minLat, maxLon, maxLat] = bboxOf(parcel);
  const [minX, minY] = fromWgs84(25830, minLon, minLat);
  const [maxX, maxY] = fromWgs84(25830, maxLon, maxLat);
  const query = new URLSearchParams({
    service: 'WFS',
    version: '2.0.0',
    request: 'GetFeature',
    typeNames: wfs.typeName,
    count: '200',
    srsName: CRS,
    bbox: `${[minX, minY, maxX, maxY].map((v) => v.toFixed(2)).join(',')},${CRS}`,
  });
  return `${wfs.baseUrl}?${query}`;
}

/**
 * The use of the parcel's largest building standing on it, undefined when none stands there or
 * none gives a use.
 */
export function useOfLargestBuilding(body: string, parcel: ParcelGeometry, source: string): string | undefined {
  let best: { area: number; use: string } | undefined;
  for (const { values, geometry } of readGmlFeatures(body, BUILDING_FEATURES, source, CRS)) {
    const code = values.currentUse;
    if (!geometry || !code) continue;
    if (!buildingStandsOn(geometry, parcel)) continue;
    const area = areaM2(geometry);
    if (!best || area > best.area) best = { area, use: CURRENT_USE_LABELS[code] ?? code };
  }
  return best?.use;
}

/**
 * The parcel with the use of its buildings when the territory's building service gives one. The
 * parcel is the answer: a building service that fails leaves `uso` out (`availableFields.uso`
 * false) rather than failing a lookup whose parcel was found.
 */
export async function withBuildingUse(parcel: StoredParcel, wfs: ForalBuildingsWfs | undefined, ctx: AdapterContext): Promise<StoredParcel> {
  if (!wfs) return parcel;
  try {
    const body = await fetchText(buildingsInParcelUrl(wfs, parcel.geometry), wfs.source, ctx, XML);
    const uso = useOfLargestBuilding(body, parcel.geometry, wfs.source);
    return uso ? { ...parcel, uso } : parcel;
  } catch (error) {
    if (isServiceError(error) && error.code === 'SERVICE_UNAVAILABLE') return parcel;
    throw error;
  }
}

/** The status page's cheap request: the buildings around a point of the territory. */
export function buildingsStatusCheck(wfs: ForalBuildingsWfs, near: LonLat): SourceCheck {
  const d = 0.0005;
  const box: ParcelGeometry = {
    type: 'Polygon',
    coordinates: [
      [
        [near[0] - d, near[1] - d],
        [near[0] + d, near[1] - d],
        [near[0] + d, near[1] + d],
        [near[0] - d, near[1] + d],
        [near[0] - d, near[1] - d],
      ],
    ],
  };
  return { source: wfs.source, url: buildingsInParcelUrl(wfs, box), accept: XML };
}
