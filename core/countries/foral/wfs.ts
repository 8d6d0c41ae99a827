import { XMLValidator } from 'fast-xml-parser';
import { fromWgs84 } from '../../geo/crs.js';
import { containsPoint } from '../../geo/polygon.js';
import { unavailable, type LonLat } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import { readForalFeatures, type ForalFeature } from './cp-features.js';

/**
 * A foral WFS 2.0 parcel service as SOURCES.md 1b describes it: its feature type, and the
 * property (with its namespace declaration) a FES `PropertyIsEqualTo` filter names. Services
 * that ignore attribute filters (Bizkaia) have no `referenceProperty`.
 */
export interface ForalWfs {
  /** Name of the source: one circuit breaker per name, and it names the source in errors. */
  source: string;
  baseUrl: string;
  typeName: string;
  referenceProperty?: { name: string; xmlns: string };
}

const FES = 'xmlns:fes="http://www.opengis.net/fes/2.0"';

/** GetFeature of one reference through a FES filter (the recorded requests' shape). */
export function featureByReferenceUrl(wfs: ForalWfs, ref: string): string {
  if (!wfs.referenceProperty) throw new Error(`${wfs.source} cannot filter by reference.`);
  const { name, xmlns } = wfs.referenceProperty;
  const filter =
    `<fes:Filter ${FES}${xmlns ? ` ${xmlns}` : ''}><fes:PropertyIsEqualTo><fes:ValueReference>${name}</fes:ValueReference>` +
    `<fes:Literal>${ref}</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>`;
  const query = new URLSearchParams({ service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: wfs.typeName, FILTER: filter });
  return `${wfs.baseUrl}?${query}`;
}

/**
 * GetFeature of the parcels around a point: a 2 m box in EPSG:25830 (the native CRS of the four
 * territories; every service accepts it), the only spatial filter all four honour.
 */
export function featuresAroundUrl(wfs: ForalWfs, point: LonLat): string {
  const [x, y] = fromWgs84(25830, point[0], point[1]);
  const box = [x - 1, y - 1, x + 1, y + 1].map((v) => v.toFixed(2)).join(',');
  const query = new URLSearchParams({
    service: 'WFS',
    version: '2.0.0',
    request: 'GetFeature',
    typeNames: wfs.typeName,
    count: '50',
    bbox: `${box},urn:ogc:def:crs:EPSG::25830`,
  });
  return `${wfs.baseUrl}?${query}`;
}

/**
 * The current features of an answer. An OWS ExceptionReport, HTML or broken XML means the service
 * refused or failed a request built from validated input: the source failing, 503. Of several
 * versions of one parcel (Gipuzkoa) the one without `endLifespanVersion` is kept.
 */
export function readForalAnswer(body: string, source: string): ForalFeature[] {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text.startsWith('<') || XMLValidator.validate(text) !== true) throw unavailable(`${source} sent malformed XML; retry later.`);
  if (/<(?:\w+:)?ExceptionReport[\s>]/.test(text.slice(0, 2000))) {
    const said = /<(?:\w+:)?ExceptionText>([^<]{0,200})/.exec(text)?.[1]?.trim();
    throw unavailable(`${source} refused the request${said ? ` (${said})` : ''}; retry later.`);
  }
  if (!/<(?:\w+:)?FeatureCollection[\s>]/.test(text.slice(0, 4000))) {
    throw unavailable(`${source} sent an unexpected document (no FeatureCollection); retry later.`);
  }
  let features: ForalFeature[];
  try {
    features = readForalFeatures(text);
  } catch (error) {
    throw unavailable(`${source} sent a parcel that could not be read (${(error as Error).message}); retry later.`);
  }
  const current = new Map<string, ForalFeature>();
  for (const feature of features) {
    const seen = current.get(feature.ref);
    if (!seen || (seen.ended && !feature.ended) || (seen.ended === feature.ended && (feature.since ?? '') > (seen.since ?? ''))) {
      current.set(feature.ref, feature);
    }
  }
  return [...current.values()];
}

/** A GET through the context's upstream client; any status but 200 is the source failing. */
export async function askForal(url: string, source: string, ctx: AdapterContext): Promise<ForalFeature[]> {
  const answer = await ctx.http.getText(url, { source, signal: ctx.signal, accept: 'application/gml+xml, text/xml;q=0.9, */*;q=0.5' });
  if (answer.status !== 200) throw unavailable(`${source} answered HTTP ${answer.status}; retry later.`);
  return readForalAnswer(answer.body, source);
}

/** The feature of an answer whose outline holds the point (answers list features in id order, not by distance). */
export const featureAt = (features: ForalFeature[], point: LonLat) => features.find((f) => containsPoint(f.geometry, point));
