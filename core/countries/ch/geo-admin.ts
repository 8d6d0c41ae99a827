import { unavailable, type LonLat } from '../../model/index.js';
import { withQuery } from '../national/sources-config.js';
import { jsonObject } from '../national/answer-fields.js';

/**
 * geo.admin.ch's REST API (api3.geo.admin.ch, SOURCES.md 15; fair use, no key), its documented
 * requests: `MapServer/find` (a layer's features by an attribute), `MapServer/identify` (the
 * features of layers at a point), both with `sr=4326&geometryFormat=geojson`, whose `results` are
 * GeoJSON Features (`properties` instead of Esri `attributes`); and `SearchServer`
 * (`type=locations&origins=address`), whose `results[].attrs` hold `label` (HTML, the postcode and
 * town in `<b>`), `lat`, `lon` and `detail`. No answer was recorded: the fakes write these
 * documented formats by hand.
 */
/** The source's name (its circuit breaker, its status row, error messages). */
export const GEO_ADMIN_SOURCE = 'geo.admin.ch';

export const PARCEL_LAYER = 'ch.kantone.cadastralwebmap-farbe';
/** The cantons' areas (swissBOUNDARIES3D): which canton a point lies in (attributes `ak`, `name`; UNCERTAIN). */
export const CANTON_LAYER = 'ch.swisstopo.swissboundaries3d-kanton-flaeche.fill';

export const findUrl = (base: string, layer: string, field: string, value: string, geometry: boolean) =>
  withQuery(
    `${base}/find`,
    new URLSearchParams({
      layer,
      searchField: field,
      searchText: value,
      contains: 'false',
      returnGeometry: String(geometry),
      sr: '4326',
      geometryFormat: 'geojson',
    }),
  );

export function identifyUrl(base: string, layer: string, [lon, lat]: LonLat, geometry: boolean): string {
  const d = 0.001;
  return withQuery(
    `${base}/identify`,
    new URLSearchParams({
      geometry: `${lon},${lat}`,
      geometryType: 'esriGeometryPoint',
      layers: `all:${layer}`,
      mapExtent: [lon - d, lat - d, lon + d, lat + d].map((v) => v.toFixed(6)).join(','),
      imageDisplay: '100,100,96',
      tolerance: '0',
      sr: '4326',
      returnGeometry: String(geometry),
      geometryFormat: 'geojson',
    }),
  );
}

export const addressSearchUrl = (base: string, text: string, limit: number) =>
  withQuery(
    base,
    new URLSearchParams({
      searchText: text,
      type: 'locations',
      origins: 'address',
      sr: '4326',
      limit: String(limit),
    }),
  );

/** The `results` of a find/identify/SearchServer answer; anything else is the service failing (503). */
export function resultsOf(body: string, source: string): Record<string, unknown>[] {
  let answer: Record<string, unknown>;
  try {
    answer = jsonObject(JSON.parse(body));
  } catch {
    throw unavailable(`${source} sent an answer that is not JSON; retry later.`);
  }
  if (!Array.isArray(answer.results)) throw unavailable(`${source} sent an unexpected answer (no results); retry later.`);
  return answer.results.map(jsonObject);
}

export interface SwissAddress {
  label: string;
  point: LonLat;
  number?: number;
  postcode?: string;
  town?: string;
  canton?: string;
}

/** SearchServer address results: `Bundesplatz 3 <b>3011 Bern</b>` → street and number, postcode, town. */
export function parseSwissAddresses(body: string, source: string): SwissAddress[] {
  return resultsOf(body, source).flatMap((result) => {
    const attrs = jsonObject(result.attrs);
    const [lat, lon] = [Number(attrs.lat), Number(attrs.lon)];
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return [];
    const html = typeof attrs.label === 'string' ? attrs.label : '';
    const place = /<b>\s*(\d{4})\s+([^<]+)<\/b>/.exec(html);
    const street = html
      .replace(/<b>[\s\S]*?<\/b>/g, '')
      .replace(/<[^>]+>/g, '')
      .trim();
    const number = Number.parseInt(/(\d+)\s*[a-zA-Z]?$/.exec(street)?.[1] ?? '', 10);
    const detail = typeof attrs.detail === 'string' ? attrs.detail.trim().split(/\s+/) : [];
    const canton = detail.length > 0 && /^[a-z]{2}$/.test(detail[detail.length - 1]) ? detail[detail.length - 1].toUpperCase() : undefined;
    return [
      {
        label: html
          .replace(/<[^>]+>/g, '')
          .replace(/\s+/g, ' ')
          .trim(),
        point: [lon, lat] as LonLat,
        ...(Number.isFinite(number) && { number }),
        postcode: place?.[1],
        town: place?.[2].trim(),
        canton,
      },
    ];
  });
}
