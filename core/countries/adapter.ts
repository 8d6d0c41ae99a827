import type {
  AddressCandidatesResult,
  AddressParseResult,
  AddressQuery,
  BBox,
  CountryCapability,
  CountryCode,
  CoordinateMatch,
  CopyBuildingFacts,
  Coverage,
  LandClass,
  LonLat,
  NeighbourOutline,
  Parcel,
  PolygonResult,
  ReferenceParts,
  RusticParcelRequest,
  UnitsPage,
} from '../model/index.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import type { UsagePolicy } from '../upstream/usage-policy.js';
import type { CadastralStore } from '../store/cadastral-store.js';
import type { ReferenceShape } from './reference-shape.js';
import type { CountryEvidence } from './evidence.js';

export type { Coverage } from '../model/index.js';

/** What every adapter call gets; nothing global. */
export interface AdapterContext {
  http: UpstreamClient;
  /** The copy: the embedded SQLite file or a team database (core/store/cadastral-store.ts); await its answers. */
  store: CadastralStore;
  signal?: AbortSignal;
}

/**
 * One cheap real request to one source, for the status page (core/status): sent through the same
 * upstream client as every lookup, under the source's own name, so its breaker is the lookups'.
 */
export interface SourceCheck {
  /** The source's name as its lookups use it (one circuit breaker per name). */
  source: string;
  url: string;
  accept?: string;
  /** The source's usage policy, honoured by the checks as by the lookups. */
  usagePolicy?: UsagePolicy;
  /**
   * What the installation lacks before the source can answer (a key to configure), in words for
   * the status page: the check is not sent, and the source shows as down for this reason.
   */
  unconfigured?: string;
}

/**
 * One country's cadastre behind one interface: everything national (reference rules, sources,
 * address search, attribution, coverage) lives in the country's folder; the core only calls
 * these members. See core/countries/README.md for the step-by-step of adding a country.
 */
export interface CountryAdapter {
  readonly code: CountryCode;
  readonly name: string;
  /**
   * The spec's coverage row of this country, as data: the one source of 422 CNV_COVERAGE (units,
   * address search, analysis) and of what the app offers for the country's parcels.
   */
  readonly coverage: Coverage;
  /** Rough country extent [minLon, minLat, maxLon, maxLat]; coordinates outside answer 400 VALIDATION_ERROR. */
  readonly bounds: BBox;
  /**
   * Id of the country's outline in the bundled Natural Earth countries (world-atlas: the ISO
   * 3166-1 numeric code, e.g. '724' for Spain), used to pick the country of a point where the
   * bounds of several adapters overlap.
   */
  readonly outlineId: string;
  /** Attribution of the country's cadastral data, mandatory to display with it (spec item 5). */
  readonly attribution: string;
  /**
   * A territory inside another country's map with its own cadastre (PV, NA inside ES): a point
   * asked of that country within `bounds` goes to this adapter first (spec: a point in the
   * Basque Country or Navarre goes to the foral source, not to the Catastro).
   */
  readonly territoryOf?: CountryCode;
  /**
   * What the country offers beyond its coverage row (Spain: rustic parcels by polígono and parcela,
   * building facts of the copy, foral references in its address search, SIGPAC); the registry lists
   * them with `units` (CountryRegistry.capabilities), and the core and the app ask those.
   */
  readonly extras?: readonly Exclude<CountryCapability, 'units'>[];
  /** Where its references name the commune, section and number (France's IDU), listed with the country for the app. */
  readonly referenceParts?: ReferenceParts;
  /** Why a capability of the coverage row is missing, told in its 422 (e.g. the foral cadastres publish no units). */
  readonly coverageNotes?: Partial<Record<keyof Coverage, string>>;
  /** Urban or rustic, as the reference itself says, where the country's references encode it (Spain). */
  landClassOf?(ref: string): LandClass | undefined;
  /** A cheap real request per source of this country, for the status page. */
  statusChecks?(): SourceCheck[];
  /** True when `ref` has this country's reference shape (used for detection). */
  matchesReference(ref: string): boolean;
  /**
   * A coarse outline of the texts `matchesReference` accepts (lengths, characters), so detection
   * runs only the parsers that could accept a text; none: the parser always runs.
   */
  readonly referenceShape?: ReferenceShape;
  /** How the country's reference is written, with an example: said when a text is refused (400) or not found (404). */
  readonly referenceHint: string;
  /**
   * Canonical form of a reference; throws ServiceError VALIDATION_ERROR with a hint when malformed.
   * The methods below take references as the caller wrote them and normalise them with this rule
   * themselves; the core does not normalise before calling them.
   */
  normalizeReference(ref: string): string;
  parcelByReference(ref: string, ctx: AdapterContext): Promise<Parcel>;
  /** The parcel at a point inside `bounds` (the core checked them and picked this adapter). */
  parcelAt(point: LonLat, ctx: AdapterContext): Promise<CoordinateMatch>;
  /**
   * The whole Parcel at a point (the app's point lookup), where the adapter reads it more cheaply
   * than parcelAt then parcelByReference, which the core does otherwise.
   */
  parcelAtPoint?(point: LonLat, ctx: AdapterContext): Promise<Parcel>;
  polygon(ref: string, ctx: AdapterContext): Promise<PolygonResult>;
  /**
   * The parcels bordering a parcel, asked of the live source where it has such a query (Spain's
   * WFS GetNeighbourParcel): the report's map of a parcel whose surroundings the copy lacks.
   */
  neighbourOutlines?(ref: string, ctx: AdapterContext): Promise<NeighbourOutline[]>;
  /** A rustic parcel by province, municipality, polígono and parcela, where references are made of them (Spain); the shapes are checked by the core, names and INE codes resolved by the adapter. */
  rusticParcel?(asked: RusticParcelRequest, ctx: AdapterContext): Promise<Parcel>;
  /** What the copy records of a parcel's building (capability `buildingFacts`); 404 when the copy lacks the parcel. */
  buildingFacts?(ref: string, ctx: AdapterContext): Promise<CopyBuildingFacts>;
  /** Units of a finca (`coverage.units`); `cursor` is checked by the adapter against the finca. */
  units?(finca: string, cursor: string | undefined, ctx: AdapterContext): Promise<UnitsPage>;
  /** Endpoint 1 (`coverage.byAddress`): the query is validated by the core (lengths, ranges, postcode format). */
  searchAddress?(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult>;
  /** Endpoint 5: free-text address → reference (Spain only in the spec); `direccion` is trimmed and bounded. */
  parseAddress?(direccion: string, ctx: AdapterContext): Promise<AddressParseResult>;
}

/** Base URLs of one country's sources by option name, e.g. `{ ovcJsonBaseUrl: 'http://…' }`. */
export type CountrySources = Readonly<Record<string, string | undefined>>;

/**
 * What the registry knows of a country before its adapter exists: how to make it, and which
 * environment variable overrides each of its source base URLs (so the CLI, the server and the
 * desktop app are configured the same way without knowing the countries).
 */
export interface CountryDefinition {
  readonly code: CountryCode;
  /** What the tests prove of the country against its real service (evidence.ts; docs/coverage.md). */
  readonly evidence: CountryEvidence;
  /** Option name of a base URL → the environment variable that overrides it (e.g. `CATASTRO_ES_OVC_URL`). */
  readonly sourceEnv: Readonly<Record<string, string>>;
  /** The adapter, with `sources` overriding the official base URLs (unset names keep the default). */
  create(sources: CountrySources): CountryAdapter;
}
