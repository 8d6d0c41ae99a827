import { fold } from '../address/normalize.js';
import type { BBox, CopyExtent, CountryCode, LonLat, OfflineArea } from '../model/index.js';
import { AnalysisTables } from './analysis-tables.js';
import type { AccessLocation, CadastralStore, LocalCopy, ParcelWithFinca, ParcelWithUnits } from './cadastral-store.js';
import { CacheWriteGate } from './cache-write-gate.js';
import type { ImportOptions } from './import-formats.js';
import { importFiles } from './import-runner.js';
import { copyExtents } from './copy-extents.js';
import { dataDirOf, openDatabase, type SqliteDatabase } from './db.js';
import { encodedContains } from './geometry-codec.js';
import {
  ADDRESS_COLUMNS,
  BOXES_FROM,
  FINCA_COLUMNS,
  PARCEL_COLUMNS,
  PARCEL_COLUMN_COUNT,
  PARCEL_FROM,
  addressFromRow,
  fincaFromRow,
  fincaFromValues,
  foldedLikePattern,
  parcelFromRow,
  unitFromRow,
  type AddressRow,
  type FincaRow,
  type ParcelRow,
  type UnitRow,
} from './parcel-rows.js';
import { getOfflineArea, listOfflineAreas, removeOfflineArea } from './offline-areas.js';
import { ParcelWriter } from './parcel-writer.js';
import { TurnSnapshot } from './turn-snapshot.js';
import { readRegisterParcel } from './register-parcels.js';
import type { ImportProgress, ImportResult, ParcelOutlines, RegisterParcel, StoredAddress, StoredFinca, StoredParcel, StoredUnit } from '../model/records.js';

const gates = new WeakMap<ParcelStore, CacheWriteGate>();

/**
 * Runs a bulk import against `store`, holding the store's cache writes until it ends
 * (cache-write-gate.ts). Kept out of the class so its public API stays the service's.
 */
export function whileImporting<T>(store: ParcelStore, importWork: () => Promise<T>): Promise<T> {
  return gates.get(store)!.duringImport(importWork);
}

/**
 * The local copy: parcels (WGS84 outlines with an R*Tree on their boxes), buildings, fincas
 * and units, each keyed by country and reference. Reads are prepared statements on one
 * connection; bulk imports write through their own connection (see import-runner.ts) so readers
 * keep the last committed data.
 *
 * The one door to the copy's database: modules outside core/store call these methods and never
 * run SQL themselves. Its public methods are the store contract a second back end implements.
 */
export class ParcelStore implements CadastralStore, LocalCopy {
  /** The store's own connection; its methods use it directly (handing it out is `db`). */
  private readonly connection: SqliteDatabase;
  /** The database file (':memory:' for a throwaway store). */
  readonly file: string;
  private readonly writer: ParcelWriter;
  private readonly cacheWrites: CacheWriteGate;
  private readonly statements;
  /** Lookups by reference and point and the data generation, in one read transaction per turn (undefined for ':memory:', which a second connection cannot open). */
  private readonly snapshot: TurnSnapshot | undefined;
  private readonly lookups;
  /** The generation as read in this event-loop turn; undefined until read again. */
  private generationThisTurn: number | undefined;
  private analysis: AnalysisTables | undefined;

  private constructor(file: string) {
    this.file = file;
    this.connection = openDatabase(file);
    // This connection writes only the cache: better a deferred write than a blocked event loop.
    this.connection.pragma('busy_timeout = 250');
    this.writer = new ParcelWriter(this.connection);
    this.cacheWrites = new CacheWriteGate(this.connection);
    gates.set(this, this.cacheWrites);
    // SQLite's LIKE folds ASCII case only; addresses are compared as people type them ("Madrono").
    this.connection.function('fold_text', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? fold(value) : null));
    this.statements = {
      inBBox: this.connection
        .prepare(
          `
        SELECT ${PARCEL_COLUMNS} FROM ${BOXES_FROM}
        WHERE r.min_lon <= @maxLon AND r.max_lon >= @minLon AND r.min_lat <= @maxLat AND r.max_lat >= @minLat
        LIMIT @limit`,
        )
        .raw(),
      // What a map tile draws, without the building join and the facts a tile does not carry, as
      // one row: better-sqlite3 makes a Buffer for every blob it returns (a few µs each, and
      // garbage), so the outlines come concatenated as one (group_concat appends a blob's bytes
      // as they are in a UTF-8 database, the copy's encoding), the rest as JSON arrays (exact
      // numbers). The aggregates run over the same rows in the same order, so index i is one parcel.
      outlinesInBBox: this.connection
        .prepare(
          `
        SELECT json_group_array(ref), json_group_array(country), json_group_array(area), CAST(group_concat(geometry, x'') AS BLOB)
        FROM (SELECT p.ref, p.country, p.area, p.geometry FROM parcels_rtree r JOIN parcels p ON p.id = r.id
              WHERE r.min_lon <= @maxLon AND r.max_lon >= @minLon AND r.min_lat <= @maxLat AND r.max_lat >= @minLat
              LIMIT @limit)`,
        )
        .raw(),
      count: this.connection.prepare('SELECT count(*) AS n FROM parcels'),
      countIn: this.connection.prepare('SELECT count(*) AS n FROM parcels WHERE country = ?'),
      finca: this.connection.prepare('SELECT * FROM fincas WHERE country = ? AND ref = ?'),
      unit: this.connection.prepare('SELECT * FROM units WHERE country = ? AND ref = ?'),
      // INDEXED BY, as ParcelWriter's delete of a finca's units: SQLite (3.53) otherwise walks the
      // primary key over (country) in reference order, every unit of the country for each page.
      unitsFirst: this.connection.prepare('SELECT * FROM units INDEXED BY units_by_finca WHERE country = ? AND finca = ? ORDER BY ref LIMIT ?'),
      unitsAfter: this.connection.prepare('SELECT * FROM units INDEXED BY units_by_finca WHERE country = ? AND finca = ? AND ref > ? ORDER BY ref LIMIT ?'),
      countUnits: this.connection.prepare('SELECT count(*) AS n FROM units WHERE country = ? AND finca = ?'),
      // A full scan, only on the degraded path (address search while the geocoder is down).
      withAddressWord: this.connection
        .prepare(
          `
        SELECT ${PARCEL_COLUMNS}, f.direccion AS finca_direccion FROM ${PARCEL_FROM} LEFT JOIN fincas f ON f.country = p.country AND f.ref = p.ref
        WHERE p.country = @country AND fold_text(COALESCE(p.direccion, f.direccion)) LIKE @pattern ESCAPE '\\'
        LIMIT @limit`,
        )
        .raw(),
      addressesWithWord: this.connection.prepare(`
        SELECT ${ADDRESS_COLUMNS} FROM addresses
        WHERE country = @country AND fold_text(street) LIKE @pattern ESCAPE '\\' ORDER BY ref, street, number LIMIT @limit`),
    };
    this.snapshot = file === ':memory:' ? undefined : new TurnSnapshot(file);
    const reader = this.snapshot?.db ?? this.connection;
    this.lookups = {
      parcel: reader.prepare(`SELECT ${PARCEL_COLUMNS} FROM ${PARCEL_FROM} WHERE p.country = ? AND p.ref = ?`).raw(),
      parcelWithFinca: reader
        .prepare(
          `
        SELECT ${PARCEL_COLUMNS}, ${FINCA_COLUMNS.map((c) => `f.${c}`).join(', ')}
        FROM ${PARCEL_FROM} LEFT JOIN fincas f ON f.country = p.country AND f.ref = p.ref
        WHERE p.country = ? AND p.ref = ?`,
        )
        .raw(),
      generation: reader.prepare('SELECT value FROM parcel_data_generation').pluck(),
      // Only what the containment test needs, smallest first: the first parcel that contains
      // the point wins, so most candidates' outlines are never parsed. With the winner's row in
      // the same read transaction: an import committing between the two cannot take it away.
      candidatesAt: reader
        .prepare(
          `
        SELECT p.id, p.country, p.geometry FROM parcels_rtree r JOIN parcels p ON p.id = r.id
        WHERE r.min_lon <= @lon AND r.max_lon >= @lon AND r.min_lat <= @lat AND r.max_lat >= @lat
        ORDER BY p.area`,
        )
        .raw(),
      parcelById: reader.prepare(`SELECT ${PARCEL_COLUMNS} FROM ${PARCEL_FROM} WHERE p.id = ?`).raw(),
      heldReferences: reader.prepare('SELECT ref FROM parcels WHERE country = ? AND ref IN (SELECT value FROM json_each(?)) ORDER BY ref').pluck(),
    };
  }

  /**
   * The SQLite connection: for core/store modules (imports, analysis tables) and tests that
   * inspect the file, nobody else. Asking for it ends this turn's read snapshot, so what is
   * written through it is read back at once, as a write of the store's own is.
   */
  get db(): SqliteDatabase {
    this.readOwnWrites();
    return this.connection;
  }

  /**
   * After a write of this process (or the connection handed out for one): the turn's read snapshot
   * ends and the generation read this turn is forgotten, so the next read sees the write and the
   * copy's new generation at once, not from the next turn.
   */
  private readOwnWrites(): void {
    this.snapshot?.end();
    this.generationThisTurn = undefined;
  }

  static open(file: string): ParcelStore {
    return new ParcelStore(file);
  }

  /** The embedded copy keeps the data folder's local things itself. */
  get local(): LocalCopy {
    return this;
  }

  /** Keys and quota counters: a file of their own beside this one (core/auth/access-db.ts). */
  accessLocation(): AccessLocation {
    return { dataDir: dataDirOf(this.file) };
  }

  getParcel(country: CountryCode, ref: string): StoredParcel | undefined {
    this.snapshot?.enter();
    const row = this.lookups.parcel.get(country, ref) as ParcelRow | undefined;
    return row && parcelFromRow(row);
  }

  getParcelWithFinca(country: CountryCode, ref: string): ParcelWithFinca | undefined {
    this.snapshot?.enter();
    const row = this.lookups.parcelWithFinca.get(country, ref) as unknown[] | undefined;
    if (!row) return undefined;
    const finca = fincaFromValues(row.slice(PARCEL_COLUMN_COUNT));
    const parcel = parcelFromRow(row as ParcelRow);
    return finca ? { parcel, finca } : { parcel };
  }

  /** The parcel under a point: R*Tree boxes first, then point-in-polygon; the smallest wins where parcels overlap. */
  parcelAt(point: LonLat, country?: CountryCode): StoredParcel | undefined {
    this.snapshot?.enter();
    const [lon, lat] = point;
    const candidates = this.lookups.candidatesAt.all({ lon, lat }) as [id: number, country: string, geometry: Buffer][];
    for (const [id, candidateCountry, geometry] of candidates) {
      if (country && candidateCountry !== country) continue;
      if (encodedContains(geometry, lon, lat)) return parcelFromRow(this.lookups.parcelById.get(id) as ParcelRow);
    }
    return undefined;
  }

  parcelAtWithUnits(point: LonLat, country: CountryCode, unitLimit: number): ParcelWithUnits | undefined {
    const parcel = this.parcelAt(point, country);
    if (!parcel) return undefined;
    const finca = this.getFinca(country, parcel.ref);
    const units = this.unitsPage(country, parcel.ref, undefined, unitLimit);
    return finca ? { parcel, finca, units } : { parcel, units };
  }

  /**
   * Parcels of a country whose stored address (the parcel's, else its finca's) contains `word`,
   * compared with accents and case folded; each carries that address in `direccion`.
   */
  parcelsWithAddressWord(country: CountryCode, word: string, limit: number): StoredParcel[] {
    const pattern = foldedLikePattern(word);
    const rows = this.statements.withAddressWord.all({ country, pattern, limit }) as [...ParcelRow, string | null][];
    return rows.map((row) => {
      const parcel = parcelFromRow(row.slice(0, -1) as unknown as ParcelRow);
      const fincaAddress = row[row.length - 1] as string | null;
      return parcel.direccion || !fincaAddress ? parcel : { ...parcel, direccion: fincaAddress };
    });
  }

  /** Portals of imported INSPIRE Addresses files on a street holding `word` (accents and case folded). */
  importedAddressesWithWord(country: CountryCode, word: string, limit: number): StoredAddress[] {
    const pattern = foldedLikePattern(word);
    return (this.statements.addressesWithWord.all({ country, pattern, limit }) as AddressRow[]).map((r) => addressFromRow(country, r));
  }

  parcelsInBBox(bbox: BBox, limit: number): StoredParcel[] {
    const [minLon, minLat, maxLon, maxLat] = bbox;
    return (this.statements.inBBox.all({ minLon, minLat, maxLon, maxLat, limit }) as ParcelRow[]).map(parcelFromRow);
  }

  /** parcelsInBBox's parcels, in the same order, with only what a map tile draws: a tile reads hundreds. */
  parcelOutlinesInBBox(bbox: BBox, limit: number): ParcelOutlines {
    const [minLon, minLat, maxLon, maxLat] = bbox;
    const [refs, countries, areas, outlines] = this.statements.outlinesInBBox.get({ minLon, minLat, maxLon, maxLat, limit }) as [
      string,
      string,
      string,
      Buffer | null,
    ];
    return { refs: JSON.parse(refs), countries: JSON.parse(countries), areasM2: JSON.parse(areas), outlines: outlines ?? new Uint8Array(0) };
  }

  heldReferences(country: CountryCode, refs: string[]): string[] {
    if (refs.length === 0) return [];
    this.snapshot?.enter();
    return this.lookups.heldReferences.all(country, JSON.stringify(refs)) as string[];
  }

  countParcels(country?: CountryCode): number {
    const row = (country ? this.statements.countIn.get(country) : this.statements.count.get()) as { n: number };
    return row.n;
  }

  knownParcelCount(): number {
    return this.countParcels();
  }

  /** Imports files, each in one transaction on a connection of its own (import-runner.ts). */
  importFiles(files: string[], onProgress: ((progress: ImportProgress) => void) | undefined, options: ImportOptions): Promise<ImportResult[]> {
    return importFiles(this, files, onProgress, options);
  }

  /**
   * `countParcels()` read through a connection of its own without a memory map (CadastralStore.
   * countParcelsOnce). A count walks
   * the whole reference index, whose pages lie spread through the file; through this store's
   * mapped connection each page touched maps 64 KiB around it (the kernel's fault-around): 63 MiB
   * more resident memory after an import of 144,300 parcels (docs/performance.md "Import on
   * distinct parcels").
   */
  countParcelsOnce(): number {
    if (this.file === ':memory:') return this.countParcels();
    const db = openDatabase(this.file, { readonly: true });
    try {
      db.pragma('mmap_size = 0');
      return db.prepare('SELECT count(*) FROM parcels').pluck().get() as number;
    } finally {
      db.close();
    }
  }

  /**
   * A number that changes whenever parcel, building, finca or unit data changes, through any
   * connection or process (schema migration 4). Read at most once per event-loop turn, because
   * each read is a SQLite transaction with its locking system calls and a busy server asks for
   * it on every request; this store's own writes make the next call read it again.
   */
  dataGeneration(): number {
    if (this.generationThisTurn === undefined) {
      this.snapshot?.enter();
      this.generationThisTurn = this.lookups.generation.get() as number;
      setImmediate(() => {
        this.generationThisTurn = undefined;
      });
    }
    return this.generationThisTurn;
  }

  upsertParcels(parcels: StoredParcel[]): void {
    this.writeCache(() => this.connection.transaction(() => parcels.forEach((p) => this.writer.parcel(p)))());
  }

  /** A finca (the property a country's units belong to: Spain's 14-character reference) by country and reference. */
  getFinca(country: CountryCode, ref: string): StoredFinca | undefined {
    const row = this.statements.finca.get(country, ref) as FincaRow | undefined;
    return row && fincaFromRow(row);
  }

  upsertFinca(country: CountryCode, finca: StoredFinca): void {
    this.writeCache(() => this.writer.finca(country, finca));
  }

  getUnit(country: CountryCode, ref: string): StoredUnit | undefined {
    const row = this.statements.unit.get(country, ref) as UnitRow | undefined;
    return row && unitFromRow(row);
  }

  /** Units of a finca ordered by reference, strictly after `afterRef` (the cursor). */
  unitsPage(country: CountryCode, finca: string, afterRef: string | undefined, limit: number): StoredUnit[] {
    const rows = (
      afterRef === undefined ? this.statements.unitsFirst.all(country, finca, limit) : this.statements.unitsAfter.all(country, finca, afterRef, limit)
    ) as UnitRow[];
    return rows.map(unitFromRow);
  }

  countUnits(country: CountryCode, finca: string): number {
    return (this.statements.countUnits.get(country, finca) as { n: number }).n;
  }

  /** The finca's units become exactly these, atomically. */
  replaceUnits(country: CountryCode, finca: string, units: StoredUnit[]): void {
    this.writeCache(() =>
      this.connection.transaction(() => {
        this.writer.deleteUnitsOf(country, finca);
        units.forEach((u) => this.writer.unit(country, u));
      })(),
    );
  }

  /** What a national register lists for a parcel without an outline (DK's MAT), if an import brought it. */
  getRegisterParcel(country: CountryCode, ref: string): RegisterParcel | undefined {
    return readRegisterParcel(this.connection, country, ref);
  }

  /** The published areas the copy holds for offline use, by country and code. */
  listOfflineAreas(): OfflineArea[] {
    return listOfflineAreas(this.connection);
  }

  getOfflineArea(id: string): OfflineArea | undefined {
    return getOfflineArea(this.connection, id);
  }

  /** Removes an area and exactly its parcels (and their buildings); undefined when the copy has no such area. */
  removeOfflineArea(id: string): { parcels: number } | undefined {
    const removed = removeOfflineArea(this.connection, id);
    this.readOwnWrites();
    return removed;
  }

  /** The analysis layers' tables (protected areas, ground motion, the PVGIS cache): what core/analysis reads and writes through. */
  analysisTables(): AnalysisTables {
    this.analysis ??= new AnalysisTables(this.connection);
    return this.analysis;
  }

  /** The boxes of the copy's parcels grouped by offline area (or municipality): the map's first view. */
  copyExtents(): CopyExtent[] {
    return copyExtents(this.connection);
  }

  /** A live answer into the copy (through the import-aware gate); readers then see the new generation at once. */
  private writeCache(work: () => void): void {
    this.cacheWrites.write(() => {
      work();
      this.readOwnWrites();
    });
  }

  close(): void {
    this.snapshot?.close();
    if (this.connection.open) this.connection.close();
  }
}
