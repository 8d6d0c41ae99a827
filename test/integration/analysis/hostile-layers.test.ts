import { spawnSync } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisService } from '../../../core/analysis/analysis-service.js';
import { AnalysisTables } from '../../../core/store/analysis-tables.js';
import { openDatabase } from '../../../core/store/db.js';
import { EGMS_MAX_RECORD_CHARS, readEgmsCsv } from '../../../core/analysis/ground-motion/read-egms-csv.js';
import { GEOJSON_MAX_BYTES, readLayer } from '../../../core/analysis/terrain/read-layer.js';
import { readLayerInWorker } from '../../../core/analysis/terrain/read-layer-in-worker.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { buildVariant, hasOgr2ogr, VARIANTS } from './gpkg-fixtures.js';

/**
 * Hostile layer files (issue #10): each import fails with a clear message naming the file, the
 * imported layers stay as they were, and the process lives.
 */
const U_ZIP = fixture('analysis/egms/EGMS_L3_E45N17_100km_U_2020_2024_1.zip');

/**
 * The real EGMS zip with its CSV entry's uncompressed size declared smaller than its data (in
 * the local header and the central directory): inflating it yields more bytes than declared.
 */
function shrinkDeclaredSize(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i++) {
    const signature = out.readUInt32LE(i);
    const nameLength = signature === 0x04034b50 ? out.readUInt16LE(i + 26) : signature === 0x02014b50 ? out.readUInt16LE(i + 28) : 0;
    if (!nameLength) continue;
    const nameAt = i + (signature === 0x04034b50 ? 30 : 46);
    if (!out.toString('utf8', nameAt, nameAt + nameLength).endsWith('.csv')) continue;
    const sizeAt = i + (signature === 0x04034b50 ? 22 : 24);
    out.writeUInt32LE(Math.floor(out.readUInt32LE(sizeAt) / 2), sizeAt);
  }
  return out;
}

let dir: string;
let db: Database.Database;
let service: AnalysisService;
const cells = () => (db.prepare('SELECT count(*) AS n FROM analysis_gm_cells').get() as { n: number }).n;
const sites = () => (db.prepare('SELECT count(*) AS n FROM analysis_pa_sites').get() as { n: number }).n;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-layers-'));
  db = openDatabase(path.join(dir, 'copy.sqlite'));
  service = new AnalysisService({ tables: new AnalysisTables(db), http: new UpstreamClient() });
  await service.importGroundMotion(U_ZIP);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('hostile EGMS tiles', () => {
  it('an entry declared smaller than its data fails the import naming the file; the process lives, the cells stay', async () => {
    const before = cells();
    expect(before).toBeGreaterThan(100);
    const bad = path.join(dir, 'EGMS_L3_E45N17_100km_E_2020_2024_1.zip');
    writeFileSync(bad, shrinkDeclaredSize(readFileSync(U_ZIP)));
    const error = await service.importGroundMotion(bad).then(
      () => undefined,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(error?.code).toBe('VALIDATION_ERROR');
    expect(error?.message).toContain('EGMS_L3_E45N17_100km_E_2020_2024_1.zip');
    expect(error?.message).toMatch(/damaged|truncated/);
    expect(cells()).toBe(before);
  });

  it('a record with a giant field is refused at the record cap, not read into memory', async () => {
    const before = cells();
    const header = await egmsHeader();
    const giant = path.join(dir, 'EGMS_L3_E45N17_100km_U_2020_2024_9.csv');
    const columns = header.split(',').length;
    writeFileSync(giant, `${header}\n${'x'.repeat(EGMS_MAX_RECORD_CHARS + 10)}${',1'.repeat(columns - 1)}\n`);
    await expect(service.importGroundMotion(giant)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/EGMS_L3_E45N17_100km_U_2020_2024_9\.csv: a CSV record is larger than/),
    });
    expect(cells()).toBe(before);
  });
});

/** An EGMS header with the real tile's date columns (read by the importer's own reader). */
async function egmsHeader(): Promise<string> {
  const table = await readEgmsCsv(U_ZIP);
  await table.rows.return(undefined);
  return `pid,easting,northing,mean_velocity,${table.dates.join(',')}`;
}

describe('hostile protected-area layers', () => {
  // The real ZEPA layer (EPSG:3857 metres) declared CRS84: its 7 sites were kept at longitude -509,740.
  it('a layer whose declared CRS does not match its coordinates is refused, the sites kept as they were', async () => {
    const wrong = path.join(dir, 'zepa-crs84.geojson');
    writeFileSync(
      wrong,
      readFileSync(fixture('analysis/es_madrid_zepa_qgis2web_3857.geojson'), 'utf8').replace('urn:ogc:def:crs:EPSG::3857', 'urn:ogc:def:crs:OGC:1.3:CRS84'),
    );
    const before = sites();
    await expect(service.importProtectedAreas(wrong)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/zepa-crs84\.geojson.*A point lies outside the world .*longitude -\d{6}/),
    });
    expect(sites()).toBe(before);
  });

  it('a .geojson.gz that inflates past the cap is refused while streaming', async () => {
    const bomb = path.join(dir, 'bomb.geojson.gz');
    const chunk = Buffer.alloc(1 << 20, 0x20); // whitespace: valid JSON, so only the size can refuse it
    const total = GEOJSON_MAX_BYTES / chunk.length + 8;
    async function* body() {
      yield Buffer.from('{"type":"FeatureCollection","features":[');
      for (let i = 0; i < total; i++) yield chunk;
      yield Buffer.from(']}');
    }
    await pipeline(Readable.from(body()), createGzip({ level: 9 }), createWriteStream(bomb));
    const before = sites();
    await expect(service.importProtectedAreas(bomb)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/bomb\.geojson\.gz is larger than 256 MB of GeoJSON once decompressed/),
    });
    expect(sites()).toBe(before);
  }, 60_000);

  it.skipIf(!hasOgr2ogr)(
    'a GeoPackage whose feature table is an endless recursive view is refused at once, not run',
    () => {
      const gpkg = buildVariant(mkdtempSync(path.join(dir, 'gpkg-')), VARIANTS[0]);
      const hostile = path.join(dir, 'endless_view.gpkg');
      copyFileSync(gpkg, hostile);
      const file = new Database(hostile);
      file.exec(`ALTER TABLE zepa RENAME TO zepa_rows;
      CREATE VIEW zepa AS SELECT * FROM zepa_rows
        WHERE (WITH RECURSIVE forever(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM forever) SELECT count(*) FROM forever) > 0;
      UPDATE gpkg_geometry_columns SET table_name = 'zepa' WHERE table_name = 'zepa_rows';
      UPDATE gpkg_contents SET table_name = 'zepa' WHERE table_name = 'zepa_rows';`);
      file.close();
      // In a child: on a reader that runs the view, the child hangs and is killed at the deadline.
      const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'test/integration/analysis/read-layer-child.ts'), hostile], {
        cwd: repoRoot,
        timeout: 20_000,
        encoding: 'utf8',
      });
      expect(child.signal, 'the reader hung on the view').toBeNull();
      expect(child.stdout).toMatch(/^error endless_view\.gpkg: the GeoPackage has no feature tables \(zepa is a view, which are not read\)/);
    },
    30_000,
  );

  it("layers are read in a worker thread with a deadline: the caller's thread keeps running, a reading past the deadline is stopped", async () => {
    const zepa = fixture('analysis/es_madrid_zepa_qgis2web_3857.geojson');
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks++;
    }, 5);
    const inWorker: unknown[] = [];
    try {
      for await (const feature of readLayerInWorker(zepa)) inWorker.push(feature);
    } finally {
      clearInterval(ticker);
    }
    const direct: unknown[] = [];
    for await (const feature of readLayer(zepa)) direct.push(feature);
    expect(inWorker).toEqual(direct);
    expect(ticks).toBeGreaterThan(0);
    // A deadline shorter than the worker needs to start: the reading is stopped with a clear error.
    await expect(
      (async () => {
        for await (const _ of readLayerInWorker(zepa, {}, 1)) {
          /* read */
        }
      })(),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/es_madrid_zepa_qgis2web_3857\.geojson could not be read within 0 s; the reading was stopped/),
    });
  });
});
