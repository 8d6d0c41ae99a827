import { XMLValidator } from 'fast-xml-parser';
import { todayIso, unavailable, type ParcelGeometry } from '../../model/index.js';
import { GmlSurfaceCollector } from '../../formats/gml-geometry.js';
import { createSax } from '../../formats/sax.js';
import type { StoredParcel } from '../../model/records.js';
import { liveParcelOf, ProfiledParcelSource, type ParcelServiceProfile } from './profiled-source.js';

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
export interface GmlParcelProfile extends ParcelServiceProfile<Record<string, string>> {
  featureNames: ReadonlySet<string>;
  /** srsName of the geometries when the answer writes none on them (the CRS asked). */
  srsName?: string;
}

const XML = 'application/gml+xml, application/xml, text/xml';

export function parseGmlParcels(body: string, profile: GmlParcelProfile, dataDate = todayIso()): StoredParcel[] {
  return readGmlFeatures(body, profile.featureNames, profile.source, profile.srsName).flatMap(({ values, geometry }) => {
    const parcel = liveParcelOf(profile, values, geometry, dataDate);
    return parcel ? [parcel] : [];
  });
}

export class GmlParcelSource extends ProfiledParcelSource {
  constructor(
    readonly profile: GmlParcelProfile,
    byPointOnlyHint?: string,
  ) {
    super(profile, { accept: XML, parse: (body) => parseGmlParcels(body, profile) }, byPointOnlyHint);
  }
}
