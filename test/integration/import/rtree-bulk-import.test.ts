import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { decodeGeometry } from '../../../core/store/geometry-codec.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import type { LonLat } from '../../../core/model/index.js';
import type { StoredParcel } from '../../../core/model/records.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { expectImportRefusedWhole } from '../../helpers/refused-import.js';
import { fixture } from '../../helpers/paths.js';
import { shiftedCopies } from '../../helpers/segovia-copies.js';

/**
 * The real Segovia (40146) parcels imported into a new copy, where the R*Tree is written in one
 * packed pass (core/store/rtree-bulk-load.ts), against the same file imported with SQLite's
 * per-row inserts (a copy whose tree held a placeholder row during the import, removed after):
 * the same rows, a valid tree, and the same answer to every point and window asked.
 */
const PARCELS = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');

let dir: string;
let bulk: ParcelStore;
let perRow: ParcelStore;

async function importedPerRow(file: string, files: string[]): Promise<ParcelStore> {
  const store = ParcelStore.open(path.join(dir, file));
  store.db.prepare('INSERT INTO parcels_rtree VALUES (-1, 0, 0, 0, 0)').run();
  await importFiles(store, files);
  store.db.prepare('DELETE FROM parcels_rtree WHERE id = -1').run();
  return store;
}

const rtreeCheck = (store: ParcelStore) => store.db.prepare("SELECT rtreecheck('parcels_rtree')").pluck().get();
const nodes = (store: ParcelStore) => store.db.prepare('SELECT count(*) FROM parcels_rtree_node').pluck().get() as number;
/** R*Tree rows (id and box as the tree stores them) in one copy and not in the other, both ways. */
function differingRows(a: ParcelStore, b: ParcelStore): number {
  const rows = (store: ParcelStore) => store.db.prepare('SELECT * FROM parcels_rtree ORDER BY id').raw().all() as number[][];
  const key = (row: number[]) => row.join(' ');
  const [inA, inB] = [new Set(rows(a).map(key)), new Set(rows(b).map(key))];
  return [...inA].filter((r) => !inB.has(r)).length + [...inB].filter((r) => !inA.has(r)).length;
}
/** The ids whose box holds a point (what point→parcel reads before the outlines). */
function candidatesIn(store: ParcelStore): (lon: number, lat: number) => unknown[] {
  const query = store.db
    .prepare('SELECT id FROM parcels_rtree WHERE min_lon <= @lon AND max_lon >= @lon AND min_lat <= @lat AND max_lat >= @lat ORDER BY id')
    .pluck();
  return (lon, lat) => query.all({ lon, lat });
}
const allParcels = (store: ParcelStore) =>
  store.db.prepare('SELECT ref, centroid_lon, centroid_lat, geometry FROM parcels ORDER BY id').raw().all() as [string, number, number, Buffer][];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rtree-bulk-import-'));
  bulk = ParcelStore.open(path.join(dir, 'bulk.sqlite'));
  await importFiles(bulk, [PARCELS]);
  perRow = await importedPerRow('per-row.sqlite', [PARCELS]);
}, 60_000);
afterAll(() => {
  bulk?.close();
  perRow?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the R*Tree of a first import, written in bulk', () => {
  it('is packed (51 boxes a node), valid, and holds the rows per-row inserts would', () => {
    expect(bulk.countParcels()).toBe(1443);
    expect(nodes(bulk)).toBe(Math.ceil(1443 / 51) + 1);
    expect(nodes(perRow)).toBeGreaterThan(Math.ceil(1443 / 51) + 1);
    expect(rtreeCheck(bulk)).toBe('ok');
    expect(rtreeCheck(perRow)).toBe('ok');
    expect(bulk.db.prepare('SELECT count(*) FROM parcels_rtree').pluck().get()).toBe(1443);
    expect(differingRows(bulk, perRow)).toBe(0);
  });

  it("answers every parcel's centroid and vertices as the per-row tree does", () => {
    const [inBulk, inPerRow] = [candidatesIn(bulk), candidatesIn(perRow)];
    let points = 0;
    for (const [ref, lon, lat, geometry] of allParcels(bulk)) {
      const outline = decodeGeometry(geometry);
      const polygons = outline.type === 'Polygon' ? [outline.coordinates] : outline.coordinates;
      const asked = [[lon, lat] as [number, number], ...polygons.flat(2)];
      for (const point of asked) {
        expect(inBulk(...point)).toEqual(inPerRow(...point));
        // The whole lookup (outlines read, the smallest containing one) on every tenth point: 0.2 ms each.
        if (points % 10 === 0) expect(bulk.parcelAt(point)?.ref).toBe(perRow.parcelAt(point)?.ref);
        points++;
      }
      expect(inBulk(lon, lat).length, ref).toBeGreaterThan(0);
    }
    expect(points).toBeGreaterThan(10_000);
  });

  it('answers windows over the sample as the per-row tree does', () => {
    const [minLon, maxLon, minLat, maxLat] = bulk.db
      .prepare('SELECT min(min_lon), max(max_lon), min(min_lat), max(max_lat) FROM parcels_rtree')
      .raw()
      .get() as number[];
    const refs = (store: ParcelStore, bbox: [number, number, number, number]) =>
      store
        .parcelsInBBox(bbox, 10_000)
        .map((p) => p.ref)
        .sort();
    let found = 0;
    for (let i = 0; i < 12; i++)
      for (let j = 0; j < 12; j++) {
        const [w, s] = [minLon + ((maxLon - minLon) * i) / 12, minLat + ((maxLat - minLat) * j) / 12];
        const bbox: [number, number, number, number] = [w, s, w + (maxLon - minLon) / 9, s + (maxLat - minLat) / 9];
        const expected = refs(perRow, bbox);
        expect(refs(bulk, bbox)).toEqual(expected);
        found += expected.length;
      }
    expect(found).toBeGreaterThan(1443);
  });
});

describe('a bulk-written tree afterwards', () => {
  it('takes a later import (row by row), single writes and an area removal, valid and as the per-row tree', async () => {
    const more = await shiftedCopies(dir, 2);
    for (const store of [bulk, perRow]) {
      const before = nodes(store);
      await importFiles(store, [more.file]);
      expect(nodes(store)).toBeGreaterThan(before);
      const moved: StoredParcel = { ...store.getParcel('ES', '000700100UL74F')! };
      const shift = (ring: LonLat[]) => ring.map(([lon, lat]): LonLat => [lon + 0.01, lat - 0.01]);
      if (moved.geometry.type !== 'Polygon') throw new Error('a Polygon expected');
      moved.geometry = { type: 'Polygon', coordinates: moved.geometry.coordinates.map(shift) };
      store.upsertParcels([moved, { ...moved, ref: '40146A99999999', geometry: { type: 'Polygon', coordinates: moved.geometry.coordinates.map(shift) } }]);
      store.db.prepare("DELETE FROM parcels_rtree WHERE id IN (SELECT id FROM parcels WHERE ref LIKE '9%')").run();
      expect(rtreeCheck(store)).toBe('ok');
    }
    expect(bulk.countParcels()).toBe(2 * 1443 + 1);
    expect(differingRows(bulk, perRow)).toBe(0);
    const [inBulk, inPerRow] = [candidatesIn(bulk), candidatesIn(perRow)];
    for (const [, lon, lat] of allParcels(perRow)) expect(inBulk(lon, lat)).toEqual(inPerRow(lon, lat));
  }, 60_000);
});

describe('a first import that fails', () => {
  it('half way through the file: the tree as a new copy has it, and the next import still bulk-written', async () => {
    const store = ParcelStore.open(path.join(dir, 'failed.sqlite'));
    try {
      const gml = sampleParcelsGml().toString('utf8');
      const broken = path.join(dir, 'A.ES.SDGC.CP.40146.cadastralparcel.broken.gml');
      const lastMember = gml.lastIndexOf('<member>');
      writeFileSync(broken, gml.slice(0, lastMember) + '<member><cp:CadastralParcel gml:id="x"><oops></member>' + gml.slice(lastMember));
      const emptyRoot = store.db.prepare('SELECT data FROM parcels_rtree_node').pluck().all();
      await expectImportRefusedWhole(store, broken, /./);
      expect(store.db.prepare('SELECT data FROM parcels_rtree_node').pluck().all()).toEqual(emptyRoot);
      expect(store.db.prepare('SELECT (SELECT count(*) FROM parcels_rtree_rowid) + (SELECT count(*) FROM parcels_rtree_parent)').pluck().get()).toBe(0);

      const controller = new AbortController();
      const aborted = importFiles(store, [PARCELS], () => controller.abort(), { signal: controller.signal });
      await expect(aborted).rejects.toThrow(/interrupted, nothing of it was kept/);
      expect(store.db.prepare('SELECT data FROM parcels_rtree_node').pluck().all()).toEqual(emptyRoot);

      await importFiles(store, [PARCELS]);
      expect(nodes(store)).toBe(Math.ceil(1443 / 51) + 1);
      expect(rtreeCheck(store)).toBe('ok');
      expect(store.countParcels()).toBe(1443);
    } finally {
      store.close();
    }
  }, 60_000);
});
