import { bboxOf } from '../geo/polygon.js';
import type { CountryCode } from '../model/index.js';
import type { SqliteDatabase } from './db.js';
import { fincaParams, parcelParams, unitParams } from './parcel-rows.js';
import { BUILDINGS, FINCAS, PARCELS, UNITS, upsert } from './tables.js';
import { NUMBERS_PER_PARCEL, valueAt, type ParcelBatch } from './importers/parcel-batch.js';
import type { RtreeBulkLoad } from './rtree-bulk-load.js';
import type { BuildingFacts, StoredFinca, StoredParcel, StoredUnit } from '../model/records.js';

const PARCEL_UPSERT_SQL = upsert(PARCELS, 'sqlite');

/**
 * Prepared write statements shared by the store (live cache) and the importers. Callers own
 * the transaction. An upsert keeps attributes the new record lacks (a live outline must not
 * erase an address a CAT import brought), and moves the R*Tree box with the geometry.
 */
export class ParcelWriter {
  private readonly upsertParcel;
  private readonly upsertParcelPositional;
  private readonly storedId;
  private readonly storedOutline;
  private readonly replaceBox;
  private readonly upsertBuildingStatement;
  private readonly upsertFincaStatement;
  private readonly upsertUnitStatement;
  private readonly deleteUnitsStatement;
  /** Where parcels' boxes go: the R*Tree row by row, or a bulk load of it (`collectBoxesInto`). */
  private writeBox: (id: number, minLon: number, maxLon: number, minLat: number, maxLat: number) => void;

  constructor(db: SqliteDatabase) {
    // Without RETURNING: SQLite runs RETURNING as a trigger, and a statement with a trigger keeps a
    // statement journal of the pages it changes, which moves to a temporary file for the rest of
    // the transaction once one passes 64 KiB (docs/performance.md "Scale"). The id comes from a lookup made
    // before the upsert (stored parcel) or the insert's rowid (new parcel).
    this.upsertParcel = db.prepare(PARCEL_UPSERT_SQL);
    // The same upsert with positional parameters, for bulk batches: binding by position skips a
    // name lookup per value.
    this.upsertParcelPositional = db.prepare(PARCEL_UPSERT_SQL.replace(/@\w+/g, '?'));
    this.storedId = db.prepare('SELECT id FROM parcels WHERE country = ? AND ref = ?').pluck();
    this.storedOutline = db.prepare('SELECT id, geometry FROM parcels WHERE country = ? AND ref = ?').raw();
    // The R*Tree box replaced in one statement (an R*Tree row keyed by the parcel's id).
    this.replaceBox = db.prepare('INSERT OR REPLACE INTO parcels_rtree (id, min_lon, max_lon, min_lat, max_lat) VALUES (?, ?, ?, ?, ?)');
    this.writeBox = this.boxPerRow;
    this.upsertBuildingStatement = db.prepare(upsert(BUILDINGS, 'sqlite'));
    this.upsertFincaStatement = db.prepare(upsert(FINCAS, 'sqlite'));
    this.upsertUnitStatement = db.prepare(upsert(UNITS, 'sqlite'));
    // INDEXED BY: without it SQLite (3.53) plans this delete as a walk of the primary key over
    // (country), every unit of the country for each finca, so a CAT import grew quadratic
    // (docs/performance.md "CAT files"); a dropped index then fails loudly instead of crawling.
    this.deleteUnitsStatement = db.prepare('DELETE FROM units INDEXED BY units_by_finca WHERE country = ? AND finca = ?');
  }

  private readonly boxPerRow = (id: number, minLon: number, maxLon: number, minLat: number, maxLat: number) => {
    this.replaceBox.run(id, minLon, maxLon, minLat, maxLat);
  };

  /** Sends the parcels' boxes to a bulk load of the R*Tree until called again without one (then row by row again). */
  collectBoxesInto(load: RtreeBulkLoad | undefined): void {
    this.writeBox = load ? load.add.bind(load) : this.boxPerRow;
  }

  /** `offlineArea`: the published area (`ES.40146`) whose file brought the parcel, if any. */
  parcel(parcel: StoredParcel, offlineArea?: string): void {
    const storedId = this.storedId.get(parcel.country, parcel.ref) as number | undefined;
    const { lastInsertRowid } = this.upsertParcel.run({ ...parcelParams(parcel), offline_area: offlineArea ?? null });
    const [minLon, minLat, maxLon, maxLat] = bboxOf(parcel.geometry);
    this.writeBox(storedId ?? Number(lastInsertRowid), minLon, maxLon, minLat, maxLat);
  }

  /**
   * Writes a packed batch (the bulk import's path): the same upsert as `parcel`, columns the file
   * has no value for left to what the copy holds. A parcel whose outline is stored already, byte
   * for byte, keeps its R*Tree box (the box is the outline's): replacing an R*Tree entry deletes
   * and reinserts it, about a third of the writes' time when a file is imported again. Looking the
   * outline up first costs far less, also for a parcel not stored yet (docs/performance.md "Import against GDAL").
   */
  parcelBatch(batch: ParcelBatch, extra: { municipio?: string; provincia?: string; offlineArea?: string }): void {
    const { numbers, geometry, offsets } = batch;
    const municipio = extra.municipio ?? null;
    const provincia = extra.provincia ?? null;
    const area = extra.offlineArea ?? null;
    const [refs, classes, dataDates] = [batch.refs.split('\n'), batch.classes.split('\n'), batch.dataDates.split('\n')];
    for (let i = 0; i < batch.count; i++) {
      const at = i * NUMBERS_PER_PARCEL;
      const blob = Buffer.from(geometry.buffer, geometry.byteOffset + offsets[i], offsets[i + 1] - offsets[i]);
      const country = valueAt(batch.countries, i);
      const stored = this.storedOutline.get(country, refs[i]) as [id: number, geometry: Buffer] | undefined;
      const { lastInsertRowid } = this.upsertParcelPositional.run(
        country,
        refs[i],
        blob,
        numbers[at],
        numbers[at + 1],
        numbers[at + 2],
        municipio,
        provincia,
        null,
        null,
        null,
        classes[i] || null,
        null,
        null,
        null,
        null,
        valueAt(batch.sources, i),
        dataDates[i],
        area,
      );
      const id = stored ? stored[0] : Number(lastInsertRowid);
      if (!stored?.[1].equals(blob)) this.writeBox(id, numbers[at + 3], numbers[at + 5], numbers[at + 4], numbers[at + 6]);
    }
  }

  /** Buildings, fincas and units are keyed by country and reference, as parcels are. */
  building(country: CountryCode, b: BuildingFacts): void {
    this.upsertBuildingStatement.run({
      country,
      ref: b.ref,
      uso: b.uso ?? null,
      anio_construccion: b.anioConstruccion ?? null,
      superficie_construida: b.superficieConstruida ?? null,
      building_units: b.buildingUnits ?? null,
      dwellings: b.dwellings ?? null,
      data_date: b.dataDate,
    });
  }

  finca(country: CountryCode, finca: StoredFinca): void {
    this.upsertFincaStatement.run(fincaParams(country, finca));
  }

  unit(country: CountryCode, unit: StoredUnit): void {
    this.upsertUnitStatement.run(unitParams(country, unit));
  }

  deleteUnitsOf(country: CountryCode, finca: string): void {
    this.deleteUnitsStatement.run(country, finca);
  }
}
