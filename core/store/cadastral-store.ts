import type { Awaitable } from '../model/awaitable.js';
import type { BBox, CopyExtent, CountryCode, LonLat, OfflineArea } from '../model/index.js';
import type { ImportProgress, ImportResult, ParcelOutlines, RegisterParcel, StoredAddress, StoredFinca, StoredParcel, StoredUnit } from '../model/records.js';
import type { AnalysisTables } from './analysis-tables.js';
import type { ImportOptions } from './import-formats.js';
import type { PgConnection } from './postgres/connection.js';

/** A parcel and its finca (absent where the copy holds none for the reference). */
export interface ParcelWithFinca {
  parcel: StoredParcel;
  finca?: StoredFinca;
}

/** A parcel, its finca and the first units of that finca: what point→parcel answers with. */
export interface ParcelWithUnits extends ParcelWithFinca {
  units: StoredUnit[];
}

/**
 * Where the API keys and quota counters live (core/auth opens them): a keys file of their own in
 * the data folder beside an embedded copy (`dataDir`, ':memory:' for a throwaway copy), or the
 * team database every server process shares.
 */
export type AccessLocation = { dataDir: string } | { database: PgConnection };

/** Bulk imports: each file in one transaction of its own (see CadastralStore.importFiles). */
type ImportFiles = (files: string[], onProgress: ((progress: ImportProgress) => void) | undefined, options: ImportOptions) => Promise<ImportResult[]>;

/**
 * What stays in the data folder whichever store holds the parcels: the areas downloaded for use
 * without a connection, the analysis layers and the map's first view, all in the embedded SQLite
 * file. The embedded copy is its own local copy; a team store keeps one beside its database.
 */
export interface LocalCopy {
  /** The embedded file (':memory:' for a throwaway copy); its folder holds batches, downloads and keys. */
  readonly file: string;
  /** Imports into the local file (offline downloads): CadastralStore.importFiles's rules. */
  importFiles: ImportFiles;
  /** The published areas the local file holds for offline use, by country and code. */
  listOfflineAreas(): OfflineArea[];
  getOfflineArea(id: string): OfflineArea | undefined;
  /** Removes an area and exactly its parcels (and their buildings); undefined when there is no such area. */
  removeOfflineArea(id: string): { parcels: number } | undefined;
  /** The analysis layers' tables (protected areas, ground motion, the PVGIS cache). */
  analysisTables(): AnalysisTables;
  /** The boxes of the local parcels grouped by offline area (or municipality): the map's first view. */
  copyExtents(): CopyExtent[];
}

/**
 * The store contract: what the core asks of a copy of cadastral records, whichever engine
 * holds it. Two implementations: the embedded SQLite file (parcel-store.ts `ParcelStore`, the
 * default, answering at once) and a shared PostgreSQL/PostGIS database for a team server
 * (postgres/postgis-store.ts `PostgisStore`). Callers `await` every answer, so both fit; the
 * same contract suite (test/integration/store-contract/) runs against each.
 */
export interface CadastralStore {
  /** A parcel by country and reference, with its building's facts where the parcel lacks them. */
  getParcel(country: CountryCode, ref: string): Awaitable<StoredParcel | undefined>;
  /**
   * A parcel (as `getParcel`) with the finca of the same country and reference (as `getFinca`),
   * read together: a lookup by reference needs both, and one read instead of two is a tenth of
   * its time on a million parcels.
   */
  getParcelWithFinca(country: CountryCode, ref: string): Awaitable<ParcelWithFinca | undefined>;
  /** The parcel whose outline holds the point (the smallest where outlines overlap). */
  parcelAt(point: LonLat, country?: CountryCode): Awaitable<StoredParcel | undefined>;
  /**
   * The parcel under a point of `country` (as `parcelAt`) with its finca and the first `unitLimit`
   * units of the finca of its reference (as `getFinca` and `unitsPage`), read together: on a team
   * database one round trip instead of three.
   */
  parcelAtWithUnits(point: LonLat, country: CountryCode, unitLimit: number): Awaitable<ParcelWithUnits | undefined>;
  /** Parcels of a country whose stored address (the parcel's, else its finca's) contains `word`, accents and case folded. */
  parcelsWithAddressWord(country: CountryCode, word: string, limit: number): Awaitable<StoredParcel[]>;
  /**
   * Portals of imported INSPIRE Addresses files whose street contains `word`, accents and case
   * folded, ordered by reference, street and number.
   */
  importedAddressesWithWord(country: CountryCode, word: string, limit: number): Awaitable<StoredAddress[]>;
  /** Parcels whose outline's box meets `bbox` (what map tiles are drawn from), at most `limit`. */
  parcelsInBBox(bbox: BBox, limit: number): Awaitable<StoredParcel[]>;
  countParcels(country?: CountryCode): Awaitable<number>;
  /**
   * `countParcels()` for a process that counts once and whose memory is watched (`catastro
   * import`'s closing line): the embedded copy reads without mapping its file, a database server
   * counts as `countParcels`.
   */
  countParcelsOnce(): Awaitable<number>;
  /** The parcels held, answered at once (the status page): the embedded copy counts, a database server says its last count. */
  knownParcelCount(): number;
  /** Whether a database server answers (a team store; the embedded copy has no such state). */
  health?(): 'up' | 'down';
  /** With a read replica (`serve --store-read`): whether lookups read it (`up`) or the primary in its place (`down`). */
  readReplicaHealth?(): 'up' | 'down' | undefined;
  /**
   * Bulk imports: each file in one transaction of its own, so a failed or interrupted file leaves
   * the copy exactly as it was. `options.formats` are the formats the country registry hands in.
   */
  importFiles: ImportFiles;
  /** A national register's entry (Denmark's MAT), where the store keeps the register. */
  getRegisterParcel?(country: CountryCode, ref: string): Awaitable<RegisterParcel | undefined>;
  /** Where the API keys and quota counters are kept: beside the embedded copy, or in the team database. */
  accessLocation(): AccessLocation;
  /** What stays in the data folder with any store (offline areas, analysis layers, the map's extents). */
  readonly local: LocalCopy;
  /**
   * parcelsInBBox's parcels with only what a map tile draws, outlines as the embedded copy stores
   * them: where an engine keeps them so, a tile of hundreds of parcels skips decoding them.
   */
  parcelOutlinesInBBox?(bbox: BBox, limit: number): ParcelOutlines;
  /**
   * Which of `refs` the copy holds parcels for, in reference order: one read of the (country, ref)
   * index per reference, never a scan (a rustic parcel's polígono and parcela name up to 27
   * references, one per sector letter).
   */
  heldReferences(country: CountryCode, refs: string[]): Awaitable<string[]>;
  /**
   * The offline areas the copy records: the municipalities downloaded whole, each with its code
   * and name (Spain's rustic lookup reads municipality names there before asking the Catastro).
   * Only the embedded store keeps such a list; a team database has none.
   */
  listOfflineAreas?(): Awaitable<OfflineArea[]>;
  /**
   * A number that changes whenever parcel, building, finca or unit data changes, through any
   * connection or process: readers keeping answers in memory drop them when it moves. Read on
   * every request, so it is answered at once.
   */
  dataGeneration(): number;
  /** Live answers kept in the copy; an upsert keeps attributes the new record lacks. */
  upsertParcels(parcels: StoredParcel[]): Awaitable<void>;
  /** Fincas (the property units belong to: Spain's 14-character reference), units and buildings are keyed by country and reference, as parcels are. */
  getFinca(country: CountryCode, ref: string): Awaitable<StoredFinca | undefined>;
  upsertFinca(country: CountryCode, finca: StoredFinca): Awaitable<void>;
  getUnit(country: CountryCode, ref: string): Awaitable<StoredUnit | undefined>;
  /** Units of a finca ordered by reference, strictly after `afterRef` (the cursor). */
  unitsPage(country: CountryCode, finca: string, afterRef: string | undefined, limit: number): Awaitable<StoredUnit[]>;
  countUnits(country: CountryCode, finca: string): Awaitable<number>;
  /** The finca's units become exactly these, atomically. */
  replaceUnits(country: CountryCode, finca: string, units: StoredUnit[]): Awaitable<void>;
  close(): Awaitable<void>;
}
