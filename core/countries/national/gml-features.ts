import { XMLValidator } from 'fast-xml-parser';
import { areaM2, centroid, containsPoint } from '../../geo/polygon.js';
import { noCoverage, unavailable, type CountryCode, type LonLat, type ParcelGeometry } from '../../model/index.js';
import { GmlSurfaceCollector } from '../../store/importers/gml-geometry.js';
import { createSax } from '../../store/importers/sax.js';
import type { StoredParcel } from '../../store/types.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { fetchText } from './fetch-text.js';
import type { LiveParcelSource } from './national-adapter.js';

/** A feature of a WFS answer in an application schema of its own (not INSPIRE cp): its texts by local name and its surface. */
export interface GmlFeature {
  /** Text of every element inside the feature that holds text, by local name (the first one wins), geometry excluded. */
  values: Record<string, string>;
  geometry?: ParcelGeometry;
}

const GEOMETRY_ROOTS = new Set(['MultiSurface', 'Surface', 'Polygon', 'CompositeSurface']);

/**
 * The features named `featureNames` (local names: `Teig`, `Flurstueck`…) of a WFS GetFeature
 * answer in GML 3.2, whatever their nesting: each one's leaf texts by local name and its
 * surfaces in WGS84 (the srsName of the geometry, else `defaultSrsName`, the CRS asked).
 * An OWS ExceptionReport or malformed XML is the service failing (503).
 */
export function readGmlFeatures(body: string, featureNames: ReadonlySet<string>, source: string, defaultSrsName?: string): GmlFeature[] {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text.startsWith('<') || XMLValidator.validate(text) !== true) throw unavailable(`${source} sent malformed XML; retry later.`);
  if (/<(?:\w+:)?ExceptionReport[\s>]/.test(text.slice(0, 2000))) {
    const said = /<(?:\w+:)?ExceptionText>([^<]{0,200})/.exec(text)?.[1] ?? '';
    throw unavailable(`${source} refused the request (${said.trim()}); retry later.`);
  }
  const features: GmlFeature[] = [];
  let feature: { values: Record<string, string>; depth: number; collector: GmlSurfaceCollector } | undefined;
  let geometryDepth = 0;
  let leaf = '';
  let open = '';
  const sax = createSax({
    open(local, attributes) {
      if (!feature) {
        if (featureNames.has(local)) feature = { values: {}, depth: 1, collector: new GmlSurfaceCollector() };
        return;
      }
      feature.depth++;
      if (geometryDepth > 0 || GEOMETRY_ROOTS.has(local)) {
        geometryDepth++;
        feature.collector.open(local, attributes.srsName ?? (geometryDepth === 1 ? defaultSrsName : undefined));
        return;
      }
      open = local;
      leaf = '';
    },
    text(value) {
      if (!feature) return;
      if (geometryDepth > 0) feature.collector.addText(value);
      else if (open) leaf += value;
    },
    close(local) {
      if (!feature) return;
      feature.depth--;
      if (geometryDepth > 0) {
        feature.collector.close(local);
        geometryDepth--;
        return;
      }
      if (feature.depth === 0) {
        features.push({ values: feature.values, geometry: feature.collector.geometry() });
        feature = undefined;
        return;
      }
      if (open === local && leaf.trim() !== '' && !(local in feature.values)) feature.values[local] = leaf.trim();
      open = '';
    },
  });
  try {
    sax.write(text);
    sax.close();
  } catch (error) {
    throw unavailable(`${source} sent a feature that could not be read (${(error as Error).message}); retry later.`);
  }
  return features;
}

/** A parcel service answering GML features of its own schema, as data (like GeoJsonParcelProfile). */
export interface GmlParcelProfile {
  country: CountryCode;
  source: string;
  featureNames: ReadonlySet<string>;
  /** srsName of the geometries when the answer writes none on them (the CRS asked). */
  srsName?: string;
  timeoutMs?: number;
  referenceOf(values: Record<string, string>): string | undefined;
  areaOf?(values: Record<string, string>): number | undefined;
  factsOf?(values: Record<string, string>): Pick<StoredParcel, 'municipio' | 'provincia' | 'uso'>;
  byReferenceUrl?(ref: string): string | undefined;
  aroundUrl(point: LonLat): string;
}

const XML = 'application/gml+xml, application/xml, text/xml';
const today = () => new Date().toISOString().slice(0, 10);

export function parseGmlParcels(body: string, profile: GmlParcelProfile, dataDate = today()): StoredParcel[] {
  return readGmlFeatures(body, profile.featureNames, profile.source, profile.srsName).flatMap(({ values, geometry }) => {
    const ref = profile.referenceOf(values);
    if (!ref || !geometry) return [];
    const official = profile.areaOf?.(values);
    const facts = Object.fromEntries(Object.entries(profile.factsOf?.(values) ?? {}).filter(([, v]) => v !== undefined && v !== ''));
    return [{
      ref, country: profile.country, geometry, centroid: centroid(geometry),
      areaM2: official !== undefined && Number.isFinite(official) && official > 0 ? official : areaM2(geometry),
      ...facts, source: 'live' as const, dataDate,
    }];
  });
}

export class GmlParcelSource implements LiveParcelSource {
  constructor(readonly profile: GmlParcelProfile, private readonly byPointOnlyHint = `${profile.source} finds parcels by position only.`) {}

  private async ask(url: string, ctx: AdapterContext): Promise<StoredParcel[]> {
    return parseGmlParcels(await fetchText(url, this.profile.source, ctx, XML, this.profile.timeoutMs), this.profile);
  }

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const url = this.profile.byReferenceUrl?.(ref);
    if (!url) throw noCoverage(this.byPointOnlyHint);
    return (await this.ask(url, ctx)).find((p) => p.ref === ref);
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return (await this.ask(this.profile.aroundUrl(point), ctx)).find((p) => containsPoint(p.geometry, point));
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return [{ source: this.profile.source, url: this.profile.aroundUrl(near), accept: XML }];
  }
}

/** FES 2.0 `PropertyIsEqualTo` filter, the WFS 2.0 way of asking one feature by an attribute (`FILTER=`). */
export function fesEquals(property: string, value: string, namespaces: Record<string, string> = {}): string {
  const xmlns = Object.entries(namespaces).map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`).join('');
  const escaped = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0"${xmlns}><fes:PropertyIsEqualTo><fes:ValueReference>${property}</fes:ValueReference><fes:Literal>${escaped}</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>`;
}
