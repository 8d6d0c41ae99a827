import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { fixture } from '../../helpers/paths.js';

/**
 * The bulk writer keeps a parcel's R*Tree box when the file brings its outline unchanged (parcel-writer.ts).
 * Imported again with one parcel moved 250 m east, the copy must hold what a fresh import of the new
 * file holds: the moved parcel's box follows its outline, the others' stay as they were.
 */
const MOVED = '000700100UL74F';
const original = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');

/** The real file with every posList of one member shifted east (x is first in EPSG:25830). */
function withParcelMovedEast(gml: string, ref: string, metres: number): string {
  const start = gml.indexOf(`gml:id="ES.SDGC.CP.${ref}"`);
  const end = gml.indexOf('</member>', start);
  const member = gml.slice(start, end).replace(
    /(<gml:posList[^>]*>)([^<]+)</g,
    (_, open: string, list: string) =>
      `${open}${list
        .trim()
        .split(/\s+/)
        .map((n, i) => (i % 2 === 0 ? (Number(n) + metres).toFixed(2) : n))
        .join(' ')}<`,
  );
  return gml.slice(0, start) + member + gml.slice(end);
}

const BOXES = `SELECT p.ref, r.min_lon, r.max_lon, r.min_lat, r.max_lat FROM parcels p JOIN parcels_rtree r USING (id) ORDER BY p.ref`;
const boxOf = (store: ParcelStore, ref: string) =>
  store.db.prepare(`SELECT r.min_lon, r.max_lon FROM parcels p JOIN parcels_rtree r USING (id) WHERE p.ref = ?`).get(ref) as {
    min_lon: number;
    max_lon: number;
  };

let dir: string;
let reimported: ParcelStore;
let fresh: ParcelStore;
let boxBefore: { min_lon: number; max_lon: number };
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-reimport-'));
  // Same file name for both versions: the import names its published area after it.
  const [first, second] = [path.join(dir, 'v1'), path.join(dir, 'v2')].map((sub) => path.join(sub, 'A.ES.SDGC.CP.40146.cadastralparcel.gml'));
  for (const [file, text] of [
    [first, original],
    [second, withParcelMovedEast(original, MOVED, 250)],
  ]) {
    mkdirSync(path.dirname(file));
    writeFileSync(file, text);
  }
  reimported = ParcelStore.open(path.join(dir, 'reimported.sqlite'));
  await importFiles(reimported, [first]);
  boxBefore = boxOf(reimported, MOVED);
  await importFiles(reimported, [second]);
  fresh = ParcelStore.open(path.join(dir, 'fresh.sqlite'));
  await importFiles(fresh, [second]);
});
afterAll(() => {
  reimported?.close();
  fresh?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a file imported again with one parcel moved', () => {
  it("moves that parcel's R*Tree box with its outline (about 250 m east)", () => {
    const after = boxOf(reimported, MOVED);
    expect(after.min_lon - boxBefore.min_lon).toBeGreaterThan(0.002);
    expect(after.max_lon - boxBefore.max_lon).toBeGreaterThan(0.002);
  });

  it('holds the same boxes, parcel by parcel, as a fresh import of the new file', () => {
    const boxes = reimported.db.prepare(BOXES).raw().all();
    expect(boxes).toHaveLength(1443);
    expect(boxes).toEqual(fresh.db.prepare(BOXES).raw().all());
  });
});
