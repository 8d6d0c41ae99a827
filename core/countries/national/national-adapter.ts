import {
  notFound as notFoundHere,
  pointText,
  validationError,
  type AddressCandidatesResult,
  type AddressQuery,
  type BBox,
  type CoordinateMatch,
  type CountryCode,
  type LonLat,
  type Parcel,
  type PolygonResult,
} from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, CountryAdapter, Coverage, SourceCheck } from '../adapter.js';
import type { ReferenceShape } from '../reference-shape.js';
import { nationalCoordinateMatch, nationalParcel, nationalPolygon } from './parcel-answers.js';

/** A country's live cadastre: one parcel by its national reference, or the parcel at a point. */
export interface LiveParcelSource {
  /** The parcel, or undefined when the service knows no such reference (404 follows). */
  byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined>;
  /** The parcel containing the point, or undefined when there is none (404 follows). */
  at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined>;
  /** A cheap real request per source for the status page; `near` is a point inside the country. */
  statusChecks?(near: LonLat): SourceCheck[];
  /** Every parcel a name that is no reference designates (Poland: precinct name and number), where the service has such a search. */
  byName?(text: string, ctx: AdapterContext): Promise<StoredParcel[]>;
}

export interface NationalAdapterSpec {
  code: CountryCode;
  name: string;
  coverage: Coverage;
  bounds: BBox;
  /** The country's outline id in the bundled Natural Earth countries (ISO 3166-1 numeric). */
  outlineId: string;
  /** A point inside the country for status checks (default: the centre of `bounds`, which may be sea). */
  statusPoint?: LonLat;
  /** Why a capability is missing, for its 422 (CountryAdapter.coverageNotes). */
  coverageNotes?: Partial<Record<keyof Coverage, string>>;
  /** A territory with its own cadastre inside another country's map (CountryAdapter.territoryOf). */
  territoryOf?: CountryCode;
  /** The attribution the source demands, returned in every answer. */
  attribution: string;
  /** The attribution of parcels imported from the country's published files (source `bulk`), when their publisher is not the live service's. */
  bulkAttribution?: string;
  /** How the reference is written, with an example: the hint of 400 and 404 answers. */
  referenceHint: string;
  /** Canonical reference or undefined when the text does not have this country's shape. */
  parseReference(raw: string): string | undefined;
  /** The outline of what `parseReference` accepts, declared beside it (CountryAdapter.referenceShape). */
  referenceShape?: ReferenceShape;
  live: LiveParcelSource;
}

/**
 * The common flow of every country but Spain: the local copy answers first (a bulk import or an
 * earlier live answer), else the national service is asked and its answer is kept in the copy,
 * so a parcel seen once draws and answers offline like Spain's. National rules (reference
 * shapes, protocols, CRS, attribution) come from the country's folder through the spec.
 */
export class NationalAdapter implements CountryAdapter {
  readonly code: CountryCode;
  readonly name: string;
  readonly coverage: Coverage;
  readonly bounds: BBox;
  readonly outlineId: string;
  readonly coverageNotes?: Partial<Record<keyof Coverage, string>>;
  readonly territoryOf?: CountryCode;
  readonly attribution: string;
  readonly referenceShape?: ReferenceShape;
  readonly referenceHint: string;

  constructor(protected readonly spec: NationalAdapterSpec) {
    this.code = spec.code;
    this.name = spec.name;
    this.coverage = spec.coverage;
    this.bounds = spec.bounds;
    this.outlineId = spec.outlineId;
    this.coverageNotes = spec.coverageNotes;
    this.territoryOf = spec.territoryOf;
    this.attribution = spec.attribution;
    this.referenceShape = spec.referenceShape;
    this.referenceHint = spec.referenceHint;
  }

  statusChecks(): SourceCheck[] {
    const [minLon, minLat, maxLon, maxLat] = this.bounds;
    return this.spec.live.statusChecks?.(this.spec.statusPoint ?? [(minLon + maxLon) / 2, (minLat + maxLat) / 2]) ?? [];
  }

  matchesReference(ref: string): boolean {
    return this.spec.parseReference(ref) !== undefined;
  }

  normalizeReference(ref: string): string {
    const canonical = this.spec.parseReference(ref);
    if (canonical === undefined) {
      throw validationError(`Reference '${ref.trim().slice(0, 64)}' is not a ${this.name} (${this.code}) cadastral reference. ${this.spec.referenceHint}`);
    }
    return canonical;
  }

  async parcelByReference(ref: string, ctx: AdapterContext): Promise<Parcel> {
    const { parcel, live } = await this.load(ref, ctx);
    return nationalParcel(parcel, { dataSource: live ? 'catastro' : 'clone', attribution: this.attributionOf(parcel), addressSearch: this.coverage.byAddress });
  }

  async polygon(ref: string, ctx: AdapterContext): Promise<PolygonResult> {
    const { parcel } = await this.load(ref, ctx);
    return nationalPolygon(parcel, this.attributionOf(parcel));
  }

  async parcelAt(point: LonLat, ctx: AdapterContext): Promise<CoordinateMatch> {
    const parcel = await this.recordAt(point, ctx);
    return nationalCoordinateMatch(parcel, point, this.attributionOf(parcel));
  }

  /** Whose data a parcel is: a published file's parcels credit that file's publisher, not the live service. */
  private attributionOf(parcel: StoredParcel): string {
    return parcel.source === 'bulk' && this.spec.bulkAttribution ? this.spec.bulkAttribution : this.attribution;
  }

  /** The parcel under a point: the copy's, else the live service's (then kept in the copy). */
  async recordAt(point: LonLat, ctx: AdapterContext): Promise<StoredParcel> {
    const stored = await ctx.store.parcelAt(point, this.code);
    if (stored) return stored;
    const parcel = await this.spec.live.at(point, ctx);
    if (!parcel) {
      throw notFoundHere(`No ${this.name} parcel at ${pointText(point)}: the cadastre has none there (a road, water, or outside its coverage).`);
    }
    await ctx.store.upsertParcels([parcel]);
    return parcel;
  }

  /** Address search of this country, when it has one (core/countries/<code>/address-search.ts). */
  searchAddress?(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult>;

  async load(ref: string, ctx: AdapterContext): Promise<{ parcel: StoredParcel; live: boolean }> {
    const canonical = this.normalizeReference(ref);
    const stored = await ctx.store.getParcel(this.code, canonical);
    if (stored) return { parcel: stored, live: false };
    const parcel = await this.spec.live.byReference(canonical, ctx);
    if (!parcel) {
      throw notFoundHere(`Reference ${canonical} was not found: the ${this.name} cadastre knows no such parcel. ${this.spec.referenceHint}`);
    }
    await ctx.store.upsertParcels([parcel]);
    return { parcel, live: true };
  }
}
