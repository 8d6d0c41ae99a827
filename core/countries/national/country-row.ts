import type { AddressCandidatesResult, AddressQuery, BBox, CountryCode, Coverage, LonLat } from '../../model/index.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import type { CountryEvidence } from '../evidence.js';
import type { InspireWfsProfile } from '../inspire/profile.js';
import type { ReferenceShape } from '../reference-shape.js';
import type { GeoJsonParcelProfile } from './geojson-source.js';
import type { LiveParcelSource, NationalAdapter } from './national-adapter.js';
import type { FeatureProperties } from './geojson-source.js';
import type { ParcelFacts } from './live-parcel.js';

/** One source of a country: its official base URL and the environment variable that overrides it. */
export interface SourceRow {
  readonly url: string;
  readonly env: string;
}

/** A country's sources by option name (the names `?sources=`, the CLI and the desktop app configure). */
export type SourceTable = Readonly<Record<string, SourceRow>>;

/** The base URLs a row's adapter asks: the configured ones, else the official ones. */
export type SourceUrls<T extends SourceTable> = { readonly [K in keyof T]: string };

/**
 * Where a GeoJSON service's features hold the reference, the official area and the facts: by
 * default the reference is the property `referenceField` read with the row's reference rule.
 */
interface FeatureFields {
  /** The property holding the national reference (GeoServer: whatever its case); also the one filtered on. */
  readonly referenceField?: string;
  /** The property holding the official area in m², where the service gives one. */
  readonly areaField?: string;
  /** The reference of a feature where it is not one property (SI: community and parcel number). */
  referenceOf?(feature: FeatureProperties): string | undefined;
  /** Facts the country supplies (coverage table: municipality, Land, canton…). */
  factsOf?(feature: FeatureProperties): ParcelFacts;
}

/**
 * How the country's live cadastre is asked, as data where a shared protocol serves it:
 * - `inspire-wfs`: an INSPIRE CP WFS 2.0 answering GML (inspire/);
 * - `geoserver`: a GeoServer WFS asked for GeoJSON, a small box around a point and a CQL filter
 *   by reference (national/geoserver-wfs.ts); without `cqlOf`, by point only;
 * - `arcgis`: ArcGIS REST layers asked in order with `query` (arcgis/arcgis-layer.ts);
 * - `geojson`: any other GeoJSON service whose URLs the row builds (geojson-source.ts);
 * - `own`: a live source of the country's folder (several services, a protocol of its own).
 */
export type LiveProfile<T extends SourceTable> =
  | { readonly kind: 'inspire-wfs'; readonly url: keyof T & string; readonly profile: InspireWfsProfile; readonly byPointOnlyHint: string }
  | (FeatureFields & {
      readonly kind: 'geoserver';
      readonly url: keyof T & string;
      readonly source: string;
      readonly typeName: string;
      readonly boxMetres?: number;
      /**
       * `CQL_FILTER` asking one parcel by its canonical reference; default `referenceField` equal to
       * it; without either, the service is asked by point only.
       */
      cqlOf?(ref: string): string;
      /** The 422 of a lookup by reference where the service has none. */
      readonly byPointOnlyHint?: string;
    })
  | (FeatureFields & {
      readonly kind: 'arcgis';
      /** The layers, asked in order until one has the parcel, each under its own source name. */
      readonly layers: readonly { readonly url: keyof T & string; readonly source: string }[];
      readonly referenceField: string;
      /** True when the reference field is numeric: the `where` literal is written without quotes. */
      readonly numericReference?: boolean;
    })
  | { readonly kind: 'geojson'; profile(urls: SourceUrls<T>): GeoJsonParcelProfile; readonly byPointOnlyHint?: string }
  | { readonly kind: 'own'; create(urls: SourceUrls<T>): LiveParcelSource };

/**
 * How addresses are searched: the open geocoder (Nominatim at the source `geocoderUrl` the generic
 * adapter adds, `CATASTRO_<CC>_GEOCODER_URL`; its status probe is a place name of the country,
 * its language that of the answers), or the country's own register.
 */
export type AddressSearch<T extends SourceTable> =
  | { readonly kind: 'nominatim'; readonly probe: string; readonly language?: string }
  | {
      readonly kind: 'own';
      search(adapter: NationalAdapter, urls: SourceUrls<T>, query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult>;
      statusChecks?(urls: SourceUrls<T>): SourceCheck[];
    };

/** How the country's references are written and read. */
export interface ReferenceRule {
  /** Canonical reference, or undefined when the text does not have this country's shape. */
  parse(raw: string): string | undefined;
  /** How the reference is written, with an example: the hint of 400 and 404 answers. */
  readonly hint: string;
  /** The outline of what `parse` accepts, for detection (reference-shape.ts). */
  readonly shape?: ReferenceShape;
  /**
   * Detection without `?country=`: by default every text `parse` accepts; `false` where the spec
   * asks the country's references only with `?country=` (bare digits of several countries).
   */
  readonly detect?: false | ((ref: string) => boolean);
  /**
   * A second way to name a parcel, asked of the live source's `byName` (Poland: precinct name and
   * number): the search text of a text that is no reference, and the people's adjective for messages.
   */
  readonly byName?: { parse(raw: string): string | undefined; readonly adjective: string };
}

/**
 * One country as data: everything the generic adapter (row-adapter.ts) needs to serve it. A
 * country whose flow is "copy first, else the live service, answer kept in the copy" is this
 * row plus its reference rules and, where no shared protocol fits, its own live source.
 */
export interface CountryRow<T extends SourceTable = SourceTable> {
  readonly code: CountryCode;
  readonly name: string;
  readonly coverage: Coverage;
  /** Why a capability is missing, for its 422 (CountryAdapter.coverageNotes). */
  readonly coverageNotes?: Partial<Record<keyof Coverage, string>>;
  readonly bounds: BBox;
  /** The country's outline id in the bundled Natural Earth countries (ISO 3166-1 numeric). */
  readonly outlineId: string;
  /** A point inside the country for status checks (default: the centre of `bounds`). */
  readonly statusPoint?: LonLat;
  /** A territory with its own cadastre inside another country's map (PV, NA inside ES). */
  readonly territoryOf?: CountryCode;
  /** The attribution the sources demand (from their URLs where each service credits itself). */
  readonly attribution: string | ((urls: SourceUrls<T>) => string);
  readonly sources: T;
  readonly reference: ReferenceRule;
  readonly live: LiveProfile<T>;
  /** Address search, where the coverage row says yes. */
  readonly address?: AddressSearch<T>;
  /**
   * A partial coverage row's limit: why a point is outside it (PT: Lisbon, Porto, Coimbra), undefined
   * when covered; such a point answers 422 by coordinates and is dropped from address candidates.
   */
  outsideCoverage?(point: LonLat): string | undefined;
  /** The EPSG codes the sources answer or are asked in besides WGS84 (core/geo/crs-definitions.ts defines them). */
  readonly crs?: readonly number[];
  /** What the tests prove of the country against its real service (docs/coverage.md). */
  readonly evidence: CountryEvidence;
}

/** The row as written, with its source names kept for the profiles' `url` fields. */
export const countryRow = <T extends SourceTable>(row: CountryRow<T>): CountryRow<T> => row;
