import { noCoverage, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { jsonObject } from '../national/answer-fields.js';
import { fetchText } from '../national/fetch-text.js';
import { GeoJsonParcelSource, textOf } from '../national/geojson-source.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { CANTON_LAYER, GEO_ADMIN_SOURCE, PARCEL_LAYER, findUrl, identifyUrl, resultsOf } from './geo-admin.js';
import { parseSwissReference } from './reference.js';

const JSON_ACCEPT = 'application/json';

/**
 * Switzerland: the cantons' parcels as the federal cadastral web map serves them (SOURCES.md 15):
 * by EGRID with `find` on `egris_egrid`, at a point with `identify`; the canton (`ak`) is the
 * coverage table's extra. A point on no parcel is asked which canton it lies in; when that canton
 * publishes no parcels at all (the layer has none with its `ak`), the answer is the spec's 422
 * naming the canton, otherwise a 404 (a road, a lake).
 */
export class SwitzerlandLiveSource implements LiveParcelSource {
  readonly parcels: GeoJsonParcelSource;
  private readonly cantonsWithParcels = new Map<string, boolean>();

  constructor(private readonly sources: { mapServerUrl: string }) {
    this.parcels = new GeoJsonParcelSource({
      country: 'CH',
      source: GEO_ADMIN_SOURCE,
      featuresOf: (answer) => (Array.isArray(jsonObject(answer).results) ? (jsonObject(answer).results as unknown[]) : undefined),
      referenceOf: (p) => parseSwissReference(textOf(p.egris_egrid) ?? ''),
      factsOf: (p) => ({ provincia: textOf(p.ak) }),
      byReferenceUrl: (ref) => findUrl(sources.mapServerUrl, PARCEL_LAYER, 'egris_egrid', ref, true),
      aroundUrl: (point) => identifyUrl(sources.mapServerUrl, PARCEL_LAYER, point, true),
    });
  }

  byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return this.parcels.byReference(ref, ctx);
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parcel = await this.parcels.at(point, ctx);
    if (parcel) return parcel;
    const canton = await this.cantonAt(point, ctx);
    if (canton && !(await this.publishesParcels(canton.code, ctx))) {
      throw noCoverage(
        `The canton of ${canton.name} (${canton.code}) publishes no cadastral parcels through the federal cadastral web map: Swiss coverage by coordinates excludes it.`,
      );
    }
    return undefined;
  }

  private async cantonAt(point: LonLat, ctx: AdapterContext): Promise<{ code: string; name: string } | undefined> {
    const results = resultsOf(
      await fetchText(identifyUrl(this.sources.mapServerUrl, CANTON_LAYER, point, false), GEO_ADMIN_SOURCE, ctx, JSON_ACCEPT),
      GEO_ADMIN_SOURCE,
    );
    const values = jsonObject(results[0]?.properties ?? results[0]?.attributes);
    const code = textOf(values.ak);
    return code ? { code, name: textOf(values.name) ?? code } : undefined;
  }

  private async publishesParcels(canton: string, ctx: AdapterContext): Promise<boolean> {
    const known = this.cantonsWithParcels.get(canton);
    if (known !== undefined) return known;
    const results = resultsOf(
      await fetchText(findUrl(this.sources.mapServerUrl, PARCEL_LAYER, 'ak', canton, false), GEO_ADMIN_SOURCE, ctx, JSON_ACCEPT),
      GEO_ADMIN_SOURCE,
    );
    this.cantonsWithParcels.set(canton, results.length > 0);
    return results.length > 0;
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return this.parcels.statusChecks(near);
  }
}
