import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParcelGeometry } from '../../../core/model/index.js';
import { encodeGeometry } from '../../../core/store/geometry-codec.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { MIGRATIONS } from '../../../core/store/schema.js';

let dir: string;
beforeAll(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-migrate-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const square: ParcelGeometry = { type: 'Polygon', coordinates: [[[-4, 40], [-3.999, 40], [-3.999, 40.001], [-4, 40.001], [-4, 40]]] };

describe('schema migrations', () => {
  it('upgrades a copy written by the first schema, keeping its rows', () => {
    const file = path.join(dir, 'v1.sqlite');
    const old = new Database(file);
    old.exec(MIGRATIONS[0]);
    old.pragma('user_version = 1');
    const { lastInsertRowid } = old.prepare(`INSERT INTO parcels (country, ref, geometry, centroid_lon, centroid_lat, area, source, data_date)
      VALUES ('ES', '000700100UL74F', ?, -3.9995, 40.0005, 1234, 'inspire', '2021-09-11')`).run(encodeGeometry(square));
    old.prepare('INSERT INTO parcels_rtree VALUES (?, -4, -3.999, 40, 40.001)').run(lastInsertRowid);
    old.exec(`INSERT INTO buildings VALUES ('000700100UL74F', 'Industrial', 1980, 500, 2, 0, '2021-09-11');
      INSERT INTO fincas VALUES ('000700100UL74F', 'CL X 1', '40000', 'M', 'SEGOVIA', 'Industrial', 500, 1980, 2, 'cat', '2021-09-11');`);
    old.close();

    const store = ParcelStore.open(file);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(store.getParcel('ES', '000700100UL74F')).toMatchObject({ areaM2: 1234, uso: 'Industrial', anioConstruccion: 1980, declaredUnits: 2 });
      expect(store.getFinca('000700100UL74F')).toMatchObject({ direccion: 'CL X 1', superficieTotal: 500, superficieParcela: undefined });
      expect(store.parcelAt([-3.9995, 40.0005])?.ref).toBe('000700100UL74F');
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
