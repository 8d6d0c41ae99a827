import { areaM2, centroid } from '../../geo/polygon.js';
import { isIsoDay, type CountryCode, type ParcelGeometry } from '../../model/index.js';
import { GmlFeatureReader } from '../../formats/gml-feature-reader.js';
import { streamSaxRecords } from '../../formats/sax-record-stream.js';
import type { TextInput } from '../../formats/text-stream.js';
import type { StoredParcel } from '../../model/records.js';

/**
 * One parcel feature as the four foral cadastres publish it (SOURCES.md 1b, fixtures README):
 * - Navarre, Bizkaia, Gipuzkoa: INSPIRE cp/4.0 `CadastralParcel` (prefix `CP:` or `cp:`), geometry
 *   under `cp:geometry` (MultiSurface/PolygonPatch or Polygon, EPSG:4258 latitude first);
 * - Álava: a flat `INSPIRE_CP:CP.CadastralParcel` with `GEOM` (EPSG:25830) and `areaValue` without uom.
 * Gipuzkoa returns every version of a parcel: the expired ones carry a non-nil `endLifespanVersion`.
 */
export interface ForalFeature {
  ref: string;
  geometry: ParcelGeometry;
  /** Official area (`areaValue`), when the feature gives a positive one. */
  areaM2?: number;
  /** `beginLifespanVersion` (YYYY-MM-DD) when populated. */
  since?: string;
  /** True when `endLifespanVersion` is set: a superseded version of the parcel. */
  ended: boolean;
}

const FEATURE = /^(CP\.)?CadastralParcel$/;
const GEOMETRY = new Set(['geometry', 'GEOM']);
const FIELDS = new Set(['areaValue', 'beginLifespanVersion', 'endLifespanVersion', 'nationalCadastralReference', 'localId', 'label']);

/**
 * SAX reader of those features; hand-written on saxes + the shared GML surface collector because
 * no maintained npm GML reader streams (the Bizkaia municipal files are read the same way).
 */
class ForalFeatureReader extends GmlFeatureReader<ForalFeature> {
  private fields: Record<string, string> | null = null;
  private nil = new Set<string>();
  private field: string | null = null;

  constructor(emit: (feature: ForalFeature) => void) {
    super(GEOMETRY, emit);
  }

  protected readingText(): boolean {
    return this.field !== null;
  }

  protected open(local: string, attributes: Record<string, string>): void {
    if (FEATURE.test(local)) {
      this.fields = {};
      this.nil = new Set();
      this.geometry.reset();
      return;
    }
    if (!this.fields || this.geometry.open(local, attributes.srsName)) return;
    if (FIELDS.has(local)) {
      this.field = local;
      this.text = '';
      if (attributes['xsi:nil'] === 'true') this.nil.add(local);
    }
  }

  protected close(local: string): void {
    if (!this.fields || this.geometry.close(local)) return;
    if (this.field === local) {
      if (!this.nil.has(local)) this.fields[local] = this.text.trim();
      this.field = null;
      return;
    }
    if (FEATURE.test(local)) {
      this.finish(this.fields);
      this.fields = null;
    }
  }

  private finish(fields: Record<string, string>): void {
    const ref = fields.nationalCadastralReference || fields.localId;
    if (!ref) throw new Error('A CadastralParcel without nationalCadastralReference or localId.');
    const geometry = this.outline(ref, 'polygon geometry');
    const area = Number(fields.areaValue);
    const since = fields.beginLifespanVersion?.slice(0, 10);
    this.emit({
      ref,
      geometry,
      ...(Number.isFinite(area) && area > 0 && { areaM2: area }),
      ...(isIsoDay(since) && { since }),
      ended: Boolean(fields.endLifespanVersion),
    });
  }
}

/** The features of a small in-memory answer (a WFS GetFeature); throws on malformed XML. */
export function readForalFeatures(xml: string): ForalFeature[] {
  const features: ForalFeature[] = [];
  const reader = new ForalFeatureReader((f) => features.push(f));
  reader.sax.write(xml);
  reader.sax.close();
  return features;
}

/** Streams a large file (a municipal download), handing features over one by one. */
export function streamForalFeatures(input: TextInput, emit: (feature: ForalFeature) => void): Promise<number> {
  return streamSaxRecords<ForalFeature>(
    input,
    (found) => new ForalFeatureReader(found).sax,
    (features) => {
      for (const feature of features) emit(feature);
    },
  );
}

/** A feature as a parcel of the copy: the official area when given, else the outline's. */
export function foralParcel(
  feature: ForalFeature,
  country: CountryCode,
  facts: { dataDate: string; source: StoredParcel['source']; provincia: string },
): StoredParcel {
  return {
    ref: feature.ref,
    country,
    geometry: feature.geometry,
    centroid: centroid(feature.geometry),
    areaM2: feature.areaM2 ?? areaM2(feature.geometry),
    provincia: facts.provincia,
    source: facts.source,
    dataDate: facts.dataDate,
  };
}
