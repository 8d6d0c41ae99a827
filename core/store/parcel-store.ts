import { fold } from '../address/normalize.js';
import type { BBox, CountryCode, LonLat } from '../model/index.js';
import type { CadastralStore } from './cadastral-store.js';
import { CacheWriteGate } from './cache-write-gate.js';
import { openDatabase, type SqliteDatabase } from './db.js';
import { encodedContains } from './geometry-codec.js';
import {
  BOXES_FROM, PARCEL_COLUMNS, PARCEL_FROM, fincaFromRow, parcelFromRow, unitFromRow,
  type FincaRow, type ParcelRow, type UnitRow,
} from './parcel-rows.js';
import { ParcelWriter } from './parcel-writer.js';
import type { StoredFinca, StoredParcel, StoredUnit } from './types.js';

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
 * and units. Reads are prepared statements on one connection; bulk imports write through
 * their own connection (see import-runner.ts) so readers keep the last committed data.
 */
export class ParcelStore implements CadastralStore {
  readonly db: SqliteDatabase;
  /** The database file (':memory:' for a throwaway store). */
  readonly file: string;
  private readonly writer: ParcelWriter;
  private readonly cacheWrites: CacheWriteGate;
  private readonly statements;
  /** The generation as read in this event-loop turn; undefined until read again. */
  private generationThisTurn: number | undefined;

  private constructor(file: string) {
    this.file = file;
    this.db = openDatabase(file);
    // This connection writes only the cache: better a deferred write than a blocked event loop.
    this.db.pragma('busy_timeout = 250');
    this.writer = new ParcelWriter(this.db);
    this.cacheWrites = new CacheWriteGate(this.db);
    gates.set(this, this.cacheWrites);
    // SQLite's LIKE folds ASCII case only; addresses are compared as people type them ("Madrono").
    this.db.function('fold_text', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? fold(value) : null));
    this.statements = {
      parcel: this.db.prepare(`SELECT ${PARCEL_COLUMNS} FROM ${PARCEL_FROM} WHERE p.country = ? AND p.ref = ?`).raw(),
      // Only what the containment test needs, smallest first: the first parcel that contains
      // the point wins, so most candidates' outlines are never parsed.
      candidatesAt: this.db.prepare(`
        SELECT p.id, p.country, p.geometry FROM parcels_rtree r JOIN parcels p ON p.id = r.id
        WHERE r.min_lon <= @lon AND r.max_lon >= @lon AND r.min_lat <= @lat AND r.max_lat >= @lat
        ORDER BY p.area`).raw(),
      parcelById: this.db.prepare(`SELECT ${PARCEL_COLUMNS} FROM ${PARCEL_FROM} WHERE p.id = ?`).raw(),
      inBBox: this.db.prepare(`
        SELECT ${PARCEL_COLUMNS} FROM ${BOXES_FROM}
        WHERE r.min_lon <= @maxLon AND r.max_lon >= @minLon AND r.min_lat <= @maxLat AND r.max_lat >= @minLat
        LIMIT @limit`).raw(),
      count: this.db.prepare('SELECT count(*) AS n FROM parcels'),
      countIn: this.db.prepare('SELECT count(*) AS n FROM parcels WHERE country = ?'),
      finca: this.db.prepare('SELECT * FROM fincas WHERE ref = ?'),
      unit: this.db.prepare('SELECT * FROM units WHERE ref = ?'),
      unitsFirst: this.db.prepare('SELECT * FROM units WHERE finca = ? ORDER BY ref LIMIT ?'),
      unitsAfter: this.db.prepare('SELECT * FROM units WHERE finca = ? AND ref > ? ORDER BY ref LIMIT ?'),
      countUnits: this.db.prepare('SELECT count(*) AS n FROM units WHERE finca = ?'),
      // A full scan, only on the degraded path (address search while the geocoder is down).
      withAddressWord: this.db.prepare(`
        SELECT ${PARCEL_COLUMNS}, f.direccion AS finca_direccion FROM ${PARCEL_FROM} LEFT JOIN fincas f ON f.ref = p.ref
        WHERE p.country = @country AND fold_text(COALESCE(p.direccion, f.direccion)) LIKE @pattern ESCAPE '\\'
        LIMIT @limit`).raw(),
      generation: this.db.prepare('SELECT value FROM parcel_data_generation').pluck(),
    };
  }

  static open(file: string): ParcelStore {
    return new ParcelStore(file);
  }

  getParcel(country: CountryCode, ref: string): StoredParcel | undefined {
    const row = this.statements.parcel.get(country, ref) as ParcelRow | undefined;
    return row && parcelFromRow(row);
  }

  /** The parcel under a point: R*Tree boxes first, then point-in-polygon; the smallest wins where parcels overlap. */
  parcelAt(point: LonLat, country?: CountryCode): StoredParcel | undefined {
    const [lon, lat] = point;
    const candidates = this.statements.candidatesAt.all({ lon, lat }) as [id: number, country: string, geometry: Buffer][];
    for (const [id, candidateCountry, geometry] of candidates) {
      if (country && candidateCountry !== country) continue;
      if (encodedContains(geometry, lon, lat)) return parcelFromRow(this.statements.parcelById.get(id) as ParcelRow);
    }
    return undefined;
  }

  /**
   * Parcels of a country whose stored address (the parcel's, else its finca's) contains `word`,
   * compared with accents and case folded; each carries that address in `direccion`.
   */
  parcelsWithAddressWord(country: CountryCode, word: string, limit: number): StoredParcel[] {
    const pattern = `%${fold(word).replace(/[\\%_]/g, '\\$&')}%`;
    const rows = this.statements.withAddressWord.all({ country, pattern, limit }) as [...ParcelRow, string | null][];
    return rows.map((row) => {
      const parcel = parcelFromRow(row.slice(0, -1) as unknown as ParcelRow);
      const fincaAddress = row[row.length - 1] as string | null;
      return parcel.direccion || !fincaAddress ? parcel : { ...parcel, direccion: fincaAddress };
    });
  }

  parcelsInBBox(bbox: BBox, limit: number): StoredParcel[] {
    const [minLon, minLat, maxLon, maxLat] = bbox;
    return (this.statements.inBBox.all({ minLon, minLat, maxLon, maxLat, limit }) as ParcelRow[]).map(parcelFromRow);
  }

  countParcels(country?: CountryCode): number {
    const row = (country ? this.statements.countIn.get(country) : this.statements.count.get()) as { n: number };
    return row.n;
  }

  /**
   * A number that changes whenever parcel, building, finca or unit data changes, through any
   * connection or process (schema migration 4). Read at most once per event-loop turn, because
   * each read is a SQLite transaction with its locking system calls and a busy server asks for
   * it on every request; this store's own writes make the next call read it again.
   */
  dataGeneration(): number {
    if (this.generationThisTurn === undefined) {
      this.generationThisTurn = this.statements.generation.get() as number;
      setImmediate(() => { this.generationThisTurn = undefined; });
    }
    return this.generationThisTurn;
  }

  upsertParcels(parcels: StoredParcel[]): void {
    this.writeCache(() => this.db.transaction(() => parcels.forEach((p) => this.writer.parcel(p)))());
  }

  getFinca(ref14: string): StoredFinca | undefined {
    const row = this.statements.finca.get(ref14) as FincaRow | undefined;
    return row && fincaFromRow(row);
  }

  upsertFinca(finca: StoredFinca): void {
    this.writeCache(() => this.writer.finca(finca));
  }

  getUnit(ref20: string): StoredUnit | undefined {
    const row = this.statements.unit.get(ref20) as UnitRow | undefined;
    return row && unitFromRow(row);
  }

  /** Units of a finca ordered by reference, strictly after `afterRef` (the cursor). */
  unitsPage(finca14: string, afterRef: string | undefined, limit: number): StoredUnit[] {
    const rows = (afterRef === undefined
      ? this.statements.unitsFirst.all(finca14, limit)
      : this.statements.unitsAfter.all(finca14, afterRef, limit)) as UnitRow[];
    return rows.map(unitFromRow);
  }

  countUnits(finca14: string): number {
    return (this.statements.countUnits.get(finca14) as { n: number }).n;
  }

  /** The finca's units become exactly these, atomically. */
  replaceUnits(finca14: string, units: StoredUnit[]): void {
    this.writeCache(() => this.db.transaction(() => {
      this.writer.deleteUnitsOf(finca14);
      units.forEach((u) => this.writer.unit(u));
    })());
  }

  /** A live answer into the copy (through the import-aware gate); readers then see the new generation at once. */
  private writeCache(work: () => void): void {
    this.cacheWrites.write(() => {
      work();
      this.generationThisTurn = undefined;
    });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
