import { noCoverage, notFound, validationError, type CoordinateMatch, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, CountryDefinition, CountrySources, SourceCheck } from '../adapter.js';
import { LayersInOrder, arcgisUrls } from '../arcgis/arcgis-layer.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import type { CountryRow, LiveProfile, ReferenceRule, SourceTable, SourceUrls } from './country-row.js';
import { GeoJsonParcelSource, numberOf, textOf, type FeatureProperties } from './geojson-source.js';
import { cqlText, geoServerUrls, propertyOf } from './geoserver-wfs.js';
import { NationalAdapter, type LiveParcelSource } from './national-adapter.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates } from './nominatim.js';
import type { ParcelServiceProfile } from './profiled-source.js';
import { resolveSources } from './sources-config.js';

type Fields = Extract<LiveProfile<SourceTable>, { kind: 'geoserver' | 'arcgis' }>;

/**
 * How a GeoJSON profile reads a feature from the row's field names: the reference through the
 * row's reference rule. GeoServer publishes INSPIRE attributes lower-cased, so its properties are
 * found whatever their case; ArcGIS's by their exact name.
 */
function featureReading(reference: ReferenceRule, fields: Fields): Pick<ParcelServiceProfile<FeatureProperties>, 'referenceOf' | 'areaOf' | 'factsOf'> {
  const read = fields.kind === 'geoserver' ? propertyOf : (p: FeatureProperties, name: string) => p[name];
  const { referenceField, areaField } = fields;
  return {
    referenceOf: fields.referenceOf ?? ((p) => reference.parse(textOf(read(p, referenceField ?? '')) ?? '')),
    areaOf: areaField === undefined ? undefined : (p) => numberOf(read(p, areaField)),
    factsOf: fields.factsOf,
  };
}

/** The live source a row's profile describes, at the configured URLs. */
function liveSourceOf<T extends SourceTable>(row: CountryRow<T>, urls: SourceUrls<T>): LiveParcelSource {
  const live: LiveProfile<T> = row.live;
  const country = row.code;
  switch (live.kind) {
    case 'inspire-wfs':
      return new InspireWfsSource(urls[live.url], live.profile, live.byPointOnlyHint);
    case 'geoserver': {
      const field = live.referenceField;
      const cqlOf = live.cqlOf ?? (field === undefined ? undefined : (ref: string) => `${field}=${cqlText(ref)}`);
      return new GeoJsonParcelSource(
        {
          country,
          source: live.source,
          ...geoServerUrls({ base: urls[live.url], typeName: live.typeName, boxMetres: live.boxMetres, cqlOf }),
          ...featureReading(row.reference, live),
        },
        live.byPointOnlyHint,
      );
    }
    case 'arcgis': {
      const layers = live.layers.map(
        (layer) =>
          new GeoJsonParcelSource({
            country,
            source: layer.source,
            ...arcgisUrls({ url: urls[layer.url], referenceField: live.referenceField, numericReference: live.numericReference }),
            ...featureReading(row.reference, live),
          }),
      );
      return layers.length === 1 ? layers[0] : new LayersInOrder(layers);
    }
    case 'geojson':
      return new GeoJsonParcelSource(live.profile(urls), live.byPointOnlyHint);
    case 'own':
      return live.create(urls);
  }
}

/** The source option of the open geocoder, where a row's addresses are Nominatim's. */
const GEOCODER = 'geocoderUrl';

/** The row's sources, and the open geocoder's where its addresses are Nominatim's. */
export function sourceTableOf<T extends SourceTable>(row: CountryRow<T>): SourceTable {
  if (row.address?.kind !== 'nominatim') return row.sources;
  return { ...row.sources, [GEOCODER]: { url: DEFAULT_NOMINATIM_URL, env: `CATASTRO_${row.code}_GEOCODER_URL` } };
}

/** A row's base URLs: what the caller configured, else the official ones. */
function sourceUrlsOf<T extends SourceTable>(row: CountryRow<T>, config: CountrySources): SourceUrls<T> & Record<string, string> {
  const defaults = Object.fromEntries(Object.entries(sourceTableOf(row)).map(([name, source]) => [name, source.url]));
  return resolveSources(defaults, config) as SourceUrls<T> & Record<string, string>;
}

/**
 * The one adapter of every country described by a row (country-row.ts): the common flow of
 * NationalAdapter (the copy first, else the live service, its answer kept in the copy) with the
 * row's reference rule, live profile, address search and partial coverage.
 */
export class RowAdapter<T extends SourceTable> extends NationalAdapter {
  private readonly urls: SourceUrls<T> & Record<string, string>;
  private readonly live: LiveParcelSource;

  constructor(
    private readonly row: CountryRow<T>,
    config: CountrySources = {},
  ) {
    const urls = sourceUrlsOf(row, config);
    const live = liveSourceOf(row, urls);
    super({
      code: row.code,
      name: row.name,
      coverage: row.coverage,
      coverageNotes: row.coverageNotes,
      bounds: row.bounds,
      outlineId: row.outlineId,
      statusPoint: row.statusPoint,
      territoryOf: row.territoryOf,
      attribution: typeof row.attribution === 'function' ? row.attribution(urls) : row.attribution,
      referenceHint: row.reference.hint,
      parseReference: row.reference.parse,
      referenceShape: row.reference.shape,
      live,
    });
    this.urls = urls;
    this.live = live;
    const address = row.address;
    if (address?.kind === 'nominatim') {
      const options = { language: address.language, outsideCoverage: row.outsideCoverage };
      this.searchAddress = (query, ctx) => openGeocoderCandidates(this, query, ctx, urls[GEOCODER], options);
    } else if (address) {
      this.searchAddress = (query, ctx) => address.search(this, urls, query, ctx);
    }
  }

  override statusChecks(): SourceCheck[] {
    const address = this.row.address;
    const addressChecks =
      address?.kind === 'nominatim' ? [nominatimStatusCheck(this.urls[GEOCODER], this.code, address.probe)] : (address?.statusChecks?.(this.urls) ?? []);
    return [...super.statusChecks(), ...addressChecks];
  }

  override matchesReference(ref: string): boolean {
    const detect = this.row.reference.detect;
    if (detect === false) return false;
    return detect ? detect(ref) : super.matchesReference(ref);
  }

  override normalizeReference(ref: string): string {
    const byName = this.row.reference.byName;
    const search = byName && this.row.reference.parse(ref) === undefined ? byName.parse(ref) : undefined;
    return search ?? super.normalizeReference(ref);
  }

  override async parcelAt(point: LonLat, ctx: AdapterContext): Promise<CoordinateMatch> {
    const outside = this.row.outsideCoverage?.(point);
    if (outside) throw noCoverage(`${this.name} (${this.code}) is covered in part: ${outside}`);
    return super.parcelAt(point, ctx);
  }

  /** A reference as NationalAdapter loads it; a name (reference.byName) through the live source's `byName`. */
  override async load(ref: string, ctx: AdapterContext): Promise<{ parcel: StoredParcel; live: boolean }> {
    const byName = this.row.reference.byName;
    if (!byName || !this.live.byName || this.row.reference.parse(ref) !== undefined) return super.load(ref, ctx);
    const search = this.normalizeReference(ref);
    const found = await this.live.byName(search, ctx);
    const hint = this.row.reference.hint;
    if (found.length > 1) {
      throw validationError(
        `'${search}' names ${found.length} ${byName.adjective} parcels (${found.map((p) => p.ref).join(', ')}); ask for one by its full id. ${hint}`,
      );
    }
    if (found.length === 0) throw notFound(`No ${byName.adjective} parcel is named '${search}'. ${hint}`);
    await ctx.store.upsertParcels(found);
    return { parcel: found[0], live: true };
  }
}

/** The registry's entry of a row: its evidence, the environment variables of its sources, its adapter. */
export function rowCountry<T extends SourceTable>(row: CountryRow<T>): CountryDefinition {
  return {
    code: row.code,
    evidence: row.evidence,
    sourceEnv: Object.fromEntries(Object.entries(sourceTableOf(row)).map(([name, source]) => [name, source.env])),
    create: (sources) => new RowAdapter(row, sources),
  };
}
