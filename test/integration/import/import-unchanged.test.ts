import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { SAMPLE_DIR } from '../../helpers/catastro-zips.js';
import { machineBusy } from '../../helpers/machine-load.js';
import { fixture } from '../../helpers/paths.js';

/**
 * The parallel importer (parse worker + packed batches + one change count) must store exactly
 * what the previous single-threaded importer stored. The expected rows were written by that
 * importer (see the fixture's `_about`), not computed by the code under test.
 */
const before = JSON.parse(readFileSync(fixture('generated/segovia-40146-stored-before-parallel-import.json'), 'utf8')) as {
  parcels: number;
  sha256OfAllRows: string;
  rows: Record<string, unknown>[];
};
const COLUMNS = 'p.ref, hex(p.geometry) AS geometry, p.centroid_lon, p.centroid_lat, p.area, p.clase, p.data_date, r.min_lon, r.max_lon, r.min_lat, r.max_lat';

const SEGOVIA = path.join(SAMPLE_DIR, 'A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
const ALL_ROWS = `SELECT p.ref, hex(p.geometry) AS g, p.centroid_lon, p.centroid_lat, p.area, r.min_lon, r.max_lon, r.min_lat, r.max_lat
      FROM parcels p JOIN parcels_rtree r USING (id) ORDER BY p.ref`;
let dir: string;
let store: ParcelStore;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-unchanged-'));
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
  // Parsed on the worker thread (cores idle); the last test imports on the importing thread.
  machineBusy(0);
  await importFiles(store, [SEGOVIA]);
  vi.restoreAllMocks();
});
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the faster import stores the same copy as before', () => {
  it('the same outlines, centroids, areas and boxes, byte for byte, for the recorded parcels', () => {
    for (const row of before.rows) {
      expect(store.db.prepare(`SELECT ${COLUMNS} FROM parcels p JOIN parcels_rtree r USING (id) WHERE p.ref = ?`).get(row.ref)).toEqual(row);
    }
  });

  it('the same rows for every parcel of the municipality', () => {
    const all = store.db.prepare(ALL_ROWS).raw().all();
    expect(all).toHaveLength(before.parcels);
    expect(createHash('sha256').update(JSON.stringify(all)).digest('hex')).toBe(before.sha256OfAllRows);
  });

  it('counts the import as one change of the copy, and keeps the change triggers', () => {
    const generation = store.db.prepare('SELECT value FROM parcel_data_generation').pluck().get() as number;
    expect(generation).toBe(1); // a fresh copy, one import: one change, not one per row
    const triggers = store.db.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_bumps_generation'`).pluck().get();
    expect(triggers).toBe(12);
  });

  it('the same rows when parsed on the importing thread (cores busy)', async () => {
    const other = ParcelStore.open(path.join(dir, 'one-thread.sqlite'));
    try {
      machineBusy(1);
      await importFiles(other, [SEGOVIA]);
      vi.restoreAllMocks();
      expect(other.db.prepare(ALL_ROWS).raw().all()).toEqual(store.db.prepare(ALL_ROWS).raw().all());
    } finally {
      other.close();
    }
  });
});
