import { bboxOf } from '../geo/polygon.js';
import type { CountryCode } from '../model/index.js';
import type { SqliteDatabase } from './db.js';
import { fincaParams, parcelParams, unitParams } from './parcel-rows.js';
import { NUMBERS_PER_PARCEL, valueAt, type ParcelBatch } from './importers/parcel-batch.js';
import type { BuildingFacts, StoredFinca, StoredParcel, StoredUnit } from '../model/records.js';

const PARCEL_UPSERT_SQL = `
      INSERT INTO parcels (country, ref, geometry, centroid_lon, centroid_lat, area, municipio, provincia, direccion,
        codigo_postal, uso, clase, superficie_construida, anio_construccion, declared_units, declared_dwellings, source, data_date, offline_area)
      VALUES (@country, @ref, @geometry, @centroid_lon, @centroid_lat, @area, @municipio, @provincia, @direccion,
        @codigo_postal, @uso, @clase, @superficie_construida, @anio_construccion, @declared_units, @declared_dwellings, @source, @data_date,
        @offline_area)
      ON CONFLICT (country, ref) DO UPDATE SET
        geometry = excluded.geometry, centroid_lon = excluded.centroid_lon, centroid_lat = excluded.centroid_lat,
        area = excluded.area,
        municipio = COALESCE(excluded.municipio, municipio), provincia = COALESCE(excluded.provincia, provincia),
        direccion = COALESCE(excluded.direccion, direccion), codigo_postal = COALESCE(excluded.codigo_postal, codigo_postal),
        uso = COALESCE(excluded.uso, uso), clase = COALESCE(excluded.clase, clase),
        superficie_construida = COALESCE(excluded.superficie_construida, superficie_construida),
        anio_construccion = COALESCE(excluded.anio_construccion, anio_construccion),
        declared_units = COALESCE(excluded.declared_units, declared_units),
        declared_dwellings = COALESCE(excluded.declared_dwellings, declared_dwellings),
        source = excluded.source, data_date = excluded.data_date,
        offline_area = COALESCE(excluded.offline_area, offline_area)`;

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
    this.upsertBuildingStatement = db.prepare(`
      INSERT INTO buildings (country, ref, uso, anio_construccion, superficie_construida, building_units, dwellings, data_date)
      VALUES (@country, @ref, @uso, @anio, @superficie, @units, @dwellings, @date)
      ON CONFLICT (country, ref) DO UPDATE SET uso = excluded.uso, anio_construccion = excluded.anio_construccion,
        superficie_construida = excluded.superficie_construida, building_units = excluded.building_units,
        dwellings = excluded.dwellings, data_date = excluded.data_date`);
    this.upsertFincaStatement = db.prepare(`
      INSERT INTO fincas (country, ref, direccion, codigo_postal, municipio, provincia, uso_general, superficie_total,
        superficie_parcela, anio_construccion, declared_units, source, data_date)
      VALUES (@country, @ref, @direccion, @codigo_postal, @municipio, @provincia, @uso_general, @superficie_total,
        @superficie_parcela, @anio_construccion, @declared_units, @source, @data_date)
      ON CONFLICT (country, ref) DO UPDATE SET direccion = excluded.direccion, codigo_postal = excluded.codigo_postal,
        municipio = excluded.municipio, provincia = excluded.provincia, uso_general = excluded.uso_general,
        superficie_total = excluded.superficie_total,
        superficie_parcela = COALESCE(excluded.superficie_parcela, superficie_parcela),
        anio_construccion = excluded.anio_construccion, declared_units = excluded.declared_units,
        source = excluded.source, data_date = excluded.data_date`);
    this.upsertUnitStatement = db.prepare(`
      INSERT OR REPLACE INTO units (country, ref, finca, escalera, planta, puerta, uso, superficie, descripcion, participacion, anio,
        direccion, source, data_date)
      VALUES (@country, @ref, @finca, @escalera, @planta, @puerta, @uso, @superficie, @descripcion, @participacion, @anio,
        @direccion, @source, @data_date)`);
    // INDEXED BY: without it SQLite (3.53) plans this delete as a walk of the primary key over
    // (country), every unit of the country for each finca, so a CAT import grew quadratic
    // (docs/performance.md "CAT files"); a dropped index then fails loudly instead of crawling.
    this.deleteUnitsStatement = db.prepare('DELETE FROM units INDEXED BY units_by_finca WHERE country = ? AND finca = ?');
  }

  /** `offlineArea`: the published area (`ES.40146`) whose file brought the parcel, if any. */
  parcel(parcel: StoredParcel, offlineArea?: string): void {
    const storedId = this.storedId.get(parcel.country, parcel.ref) as number | undefined;
    const { lastInsertRowid } = this.upsertParcel.run({ ...parcelParams(parcel), offline_area: offlineArea ?? null });
    const [minLon, minLat, maxLon, maxLat] = bboxOf(parcel.geometry);
    this.replaceBox.run(storedId ?? Number(lastInsertRowid), minLon, maxLon, minLat, maxLat);
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
      if (!stored?.[1].equals(blob)) this.replaceBox.run(id, numbers[at + 3], numbers[at + 5], numbers[at + 4], numbers[at + 6]);
    }
  }

  /** Buildings, fincas and units are keyed by country and reference, as parcels are. */
  building(country: CountryCode, b: BuildingFacts): void {
    this.upsertBuildingStatement.run({
      country,
      ref: b.ref,
      uso: b.uso ?? null,
      anio: b.anioConstruccion ?? null,
      superficie: b.superficieConstruida ?? null,
      units: b.buildingUnits ?? null,
      dwellings: b.dwellings ?? null,
      date: b.dataDate,
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
