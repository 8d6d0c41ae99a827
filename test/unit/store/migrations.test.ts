import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParcelGeometry } from '../../../core/model/index.js';
import { migrate } from '../../../core/store/db.js';
import { encodeGeometry } from '../../../core/store/geometry-codec.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { MIGRATIONS } from '../../../core/store/schema.js';
import { IMPORTED_FILES, upsert } from '../../../core/store/tables.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-migrate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const square: ParcelGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-4, 40],
      [-3.999, 40],
      [-3.999, 40.001],
      [-4, 40.001],
      [-4, 40],
    ],
  ],
};

describe('schema migrations', () => {
  it('upgrades a copy written by the first schema, keeping its rows', () => {
    const file = path.join(dir, 'v1.sqlite');
    const old = new Database(file);
    migrate(old, 1);
    const { lastInsertRowid } = old
      .prepare(
        `INSERT INTO parcels (country, ref, geometry, centroid_lon, centroid_lat, area, source, data_date)
      VALUES ('ES', '000700100UL74F', ?, -3.9995, 40.0005, 1234, 'inspire', '2021-09-11')`,
      )
      .run(encodeGeometry(square));
    old.prepare('INSERT INTO parcels_rtree VALUES (?, -4, -3.999, 40, 40.001)').run(lastInsertRowid);
    old.exec(`INSERT INTO buildings VALUES ('000700100UL74F', 'Industrial', 1980, 500, 2, 0, '2021-09-11');
      INSERT INTO fincas VALUES ('000700100UL74F', 'CL X 1', '40000', 'M', 'SEGOVIA', 'Industrial', 500, 1980, 2, 'cat', '2021-09-11');`);
    old.close();

    const store = ParcelStore.open(file);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(store.getParcel('ES', '000700100UL74F')).toMatchObject({ areaM2: 1234, uso: 'Industrial', anioConstruccion: 1980, declaredUnits: 2 });
      expect(store.getFinca('ES', '000700100UL74F')).toMatchObject({ direccion: 'CL X 1', superficieTotal: 500, superficieParcela: undefined });
      expect(store.parcelAt([-3.9995, 40.0005])?.ref).toBe('000700100UL74F');
    } finally {
      store.close();
    }
  });

  it("upgrades a copy of schema 6 in place: its buildings, fincas and units become Spain's, keyed by country and reference", () => {
    const file = path.join(dir, 'v6.sqlite');
    const old = new Database(file);
    migrate(old, 6);
    const { lastInsertRowid } = old
      .prepare(
        `INSERT INTO parcels (country, ref, geometry, centroid_lon, centroid_lat, area, source, data_date, offline_area)
      VALUES ('ES', '000700100UL74F', ?, -3.9995, 40.0005, 1234, 'inspire', '2021-09-11', 'ES.40146')`,
      )
      .run(encodeGeometry(square));
    old.prepare('INSERT INTO parcels_rtree VALUES (?, -4, -3.999, 40, 40.001)').run(lastInsertRowid);
    old.exec(`INSERT INTO buildings (ref, uso, anio_construccion, superficie_construida, building_units, dwellings, data_date)
        VALUES ('000700100UL74F', 'Industrial', 1980, 500, 2, 0, '2021-09-11');
      INSERT INTO fincas (ref, direccion, codigo_postal, municipio, provincia, uso_general, superficie_total, anio_construccion,
        declared_units, source, data_date, superficie_parcela)
        VALUES ('000700100UL74F', 'CL X 1', '40000', 'M', 'SEGOVIA', 'Industrial', 500, 1980, 2, 'cat', '2021-09-11', 800);
      INSERT INTO units (ref, finca, escalera, planta, puerta, uso, superficie, descripcion, participacion, anio, direccion, source, data_date)
        VALUES ('000700100UL74F0002BB', '000700100UL74F', '', '01', '', 'Industrial', 250, '', 50, 1980, 'CL X 1', 'cat', '2021-09-11'),
               ('000700100UL74F0001AA', '000700100UL74F', '', '00', '', 'Industrial', 250, '', 50, 1980, 'CL X 1', 'cat', '2021-09-11');
      INSERT INTO offline_areas (id, country, code, source, parcels, updated_at) VALUES ('ES.40146', 'ES', '40146', 'A.ES.SDGC.CP.40146.zip', 1, 'x');`);
    old.close();

    const store = ParcelStore.open(file);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(store.getParcel('ES', '000700100UL74F')).toMatchObject({ areaM2: 1234, uso: 'Industrial', anioConstruccion: 1980, declaredUnits: 2 });
      expect(store.getFinca('ES', '000700100UL74F')).toMatchObject({ direccion: 'CL X 1', superficieTotal: 500, superficieParcela: 800 });
      expect(store.unitsPage('ES', '000700100UL74F', undefined, 10).map((u) => u.ref)).toEqual(['000700100UL74F0001AA', '000700100UL74F0002BB']);
      for (const table of ['buildings', 'fincas', 'units']) {
        expect(store.db.prepare(`SELECT DISTINCT country FROM ${table}`).pluck().all()).toEqual(['ES']);
        const key = (store.db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; pk: number }[])
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name);
        expect(key).toEqual(['country', 'ref']);
      }
      // The change counter still moves on every kind of write (the rebuilt tables got their triggers back).
      const triggers = store.db
        .prepare(`SELECT tbl_name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_bumps_generation' ORDER BY 1`)
        .pluck()
        .all();
      expect(new Set(triggers)).toEqual(new Set(['parcels', 'buildings', 'fincas', 'units']));
      expect(triggers).toHaveLength(12);
      const afterMigration = store.dataGeneration();
      store.replaceUnits('ES', '000700100UL74F', []);
      expect(store.db.prepare('SELECT value FROM parcel_data_generation').pluck().get()).toBeGreaterThan(afterMigration);
      // Removing the area takes its parcel and the Spanish building keyed by it.
      expect(store.removeOfflineArea('ES.40146')).toEqual({ parcels: 1 });
      expect(store.db.prepare('SELECT count(*) FROM buildings').pluck().get()).toBe(0);
    } finally {
      store.close();
    }
  });

  it('adopts the analysis tables an older version created outside the migrations, keeping their rows', () => {
    const file = path.join(dir, 'v7-analysis.sqlite');
    const old = new Database(file);
    migrate(old, 7);
    // What the analysis code of schema 7 ran at every start (CREATE TABLE IF NOT EXISTS), then a cached PVGIS answer and an EGMS cell.
    old.exec(`
      CREATE TABLE IF NOT EXISTS analysis_pvgis_cache (
        lat_key INTEGER NOT NULL, lon_key INTEGER NOT NULL, yield TEXT, fetched_at TEXT NOT NULL, PRIMARY KEY (lat_key, lon_key));
      CREATE TABLE IF NOT EXISTS analysis_gm_tiles (
        id INTEGER PRIMARY KEY, file TEXT NOT NULL UNIQUE, component TEXT NOT NULL CHECK (component IN ('U', 'E')),
        dates TEXT NOT NULL, imported_at TEXT NOT NULL, cells INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS analysis_gm_cells (
        id INTEGER PRIMARY KEY, tile_id INTEGER NOT NULL, pid TEXT NOT NULL, easting REAL NOT NULL, northing REAL NOT NULL,
        mean_velocity REAL, mean_velocity_std REAL, acceleration REAL, rmse REAL, series BLOB NOT NULL);
      CREATE VIRTUAL TABLE IF NOT EXISTS analysis_gm_cells_rtree USING rtree(id, min_e, max_e, min_n, max_n);
      INSERT INTO analysis_pvgis_cache VALUES (4000, -400, '{"kwhPerKwp":1500}', '2026-11-01T00:00:00.000Z');
      INSERT INTO analysis_gm_tiles VALUES (1, 'EGMS_L3_E32N19_100km_U_2019_2023_1.zip', 'U', '["20190101"]', '2026-11-01', 1);
      INSERT INTO analysis_gm_cells VALUES (1, 1, 'P1', 3100050, 1900050, -2.5, 0.3, 0, 1, x'00000000');
      INSERT INTO analysis_gm_cells_rtree VALUES (1, 3100000, 3100100, 1900000, 1900100);`);
    old.close();

    const store = ParcelStore.open(file);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      const tables = store.analysisTables();
      expect(tables.cachedPvgisAnswer(4000, -400)).toEqual({ answer: '{"kwhPerKwp":1500}', fetchedAt: '2026-11-01T00:00:00.000Z' });
      expect(tables.groundMotionCellsIn([3100020, 1900020, 3100030, 1900030]).map((c) => [c.file, c.mean_velocity])).toEqual([
        ['EGMS_L3_E32N19_100km_U_2019_2023_1.zip', -2.5],
      ]);
      // The tables the old code had not created yet come from the migration.
      expect(tables.protectedAreaSources()).toEqual([]);
      const indexes = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'analysis_%' ORDER BY 1").pluck().all();
      expect(indexes).toEqual(['analysis_gm_cells_centre', 'analysis_gm_cells_tile', 'analysis_pa_parts_site', 'analysis_pa_sites_dataset']);
    } finally {
      store.close();
    }
  });

  it('upgrades a copy of schema 9 in place: its imported files stay, keyed by file and kind of part as in the team database', () => {
    const file = path.join(dir, 'v9.sqlite');
    const old = new Database(file);
    migrate(old, 9);
    old.exec(`INSERT INTO imported_files (name, bytes, kind, parcels, buildings, fincas, units, imported_at, data_date)
      VALUES ('A.ES.SDGC.CP.40146.zip', 1000, 'inspire-parcels', 12, 0, 0, 0, '2026-11-01T00:00:00.000Z', '2021-09-11')`);
    old.close();

    const store = ParcelStore.open(file);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      // A second part of the same file is a row of its own beside the first, not in its place.
      store.db.prepare(upsert(IMPORTED_FILES, 'sqlite')).run({
        name: 'A.ES.SDGC.CP.40146.zip',
        bytes: 1000,
        kind: 'inspire-buildings',
        parcels: 0,
        buildings: 3,
        fincas: 0,
        units: 0,
        imported_at: '2026-11-02T00:00:00.000Z',
        data_date: '2021-09-11',
      });
      expect(store.db.prepare('SELECT kind, parcels, buildings FROM imported_files ORDER BY kind').all()).toEqual([
        { kind: 'inspire-buildings', parcels: 0, buildings: 3 },
        { kind: 'inspire-parcels', parcels: 12, buildings: 0 },
      ]);
    } finally {
      store.close();
    }
  });

  it('refuses a copy written by a newer version rather than guessing its schema', () => {
    const file = path.join(dir, 'future.sqlite');
    const future = new Database(file);
    future.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    future.close();
    expect(() => ParcelStore.open(file)).toThrow(/written by a newer version/);
  });
});
