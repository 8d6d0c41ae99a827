import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pointOnFeature, polygon } from '@turf/turf';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalysisService } from '../../../core/analysis/analysis-service.js';
import { AnalysisTables } from '../../../core/store/analysis-tables.js';
import { openDatabase } from '../../../core/store/db.js';
import { readLayer } from '../../../core/analysis/terrain/read-layer.js';
import type { LonLat } from '../../../core/model/index.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { repoRoot } from '../../helpers/paths.js';
import { buildVariant, hasOgr2ogr, noOgr2ogrReason, ogr2ogr, VARIANTS, ZEPA } from './gpkg-fixtures.js';
import { squareParcel } from './parcels.js';
import { tempDir } from '../../helpers/temp-dir.js';

if (!hasOgr2ogr) console.warn(noOgr2ogrReason);

const EEA = VARIANTS.find((v) => v.file === 'natura_eea_3035.gpkg')!;

describe.skipIf(!hasOgr2ogr)('GeoPackage import: bad files answer VALIDATION_ERROR and keep the sites imported before', () => {
  const dir = tempDir('analysis-gpkg-bad-');
  const bad = (name: string) => {
    mkdirSync(path.join(dir, name), { recursive: true });
    return path.join(dir, name, EEA.file);
  };
  let good: string;
  let service: AnalysisService;
  let db: Database.Database;
  let insidePardo: ReturnType<typeof squareParcel>;

  const snapshot = () => ({
    datasets: db.prepare('SELECT file, name, sites FROM analysis_pa_datasets ORDER BY id').all(),
    sites: db.prepare('SELECT code, name, types FROM analysis_pa_sites ORDER BY code').all(),
    parts: db.prepare('SELECT COUNT(*) AS n FROM analysis_pa_parts').get(),
  });

  beforeAll(async () => {
    good = buildVariant(dir, EEA);
    db = openDatabase(path.join(dir, 'copy.sqlite'));
    service = new AnalysisService({ tables: new AnalysisTables(db), http: new UpstreamClient() });
    expect(await service.importProtectedAreas(ZEPA)).toEqual({ sites: 7 });
    expect(await service.importProtectedAreas(good)).toEqual({ sites: 7 });
    let pardo: LonLat[][] | undefined;
    for await (const f of readLayer(ZEPA)) if (f.properties.CD_ZEPA === 'ES0000011') pardo = f.polygons[0];
    const [lon, lat] = pointOnFeature(polygon(pardo!)).geometry.coordinates;
    insidePardo = squareParcel(lon, lat, 'ES');
  });

  /** Every bad file is imported under the good GeoPackage's base name, so a half-done import would replace it. */
  async function expectRefused(file: string, message: RegExp) {
    const before = snapshot();
    await expect(service.importProtectedAreas(file)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(message) });
    expect(snapshot()).toEqual(before);
    expect(before.datasets).toHaveLength(2);
    expect(service.terrain(insidePardo).protected_areas).toMatchObject({
      inside: true,
      sources: [{ name: 'Comunidad de Madrid, Red Natura 2000: ZEPA' }, { name: 'Natura 2000 (European Environment Agency)' }],
    });
  }

  it('a truncated GeoPackage (first half of the bytes)', async () => {
    const bytes = readFileSync(good);
    writeFileSync(bad('truncated'), bytes.subarray(0, bytes.length >> 1));
    await expectRefused(path.join(dir, 'truncated', EEA.file), /not a readable GeoPackage: database disk image is malformed/);
  });

  it('garbage: a GeoJSON file named .gpkg', async () => {
    copyFileSync(ZEPA, bad('garbage'));
    await expectRefused(path.join(dir, 'garbage', EEA.file), /not a readable GeoPackage: file is not a database/);
  });

  it('a GeoPackage without feature tables (attributes only, ogr2ogr -nlt NONE)', async () => {
    ogr2ogr('-f', 'GPKG', bad('attributes'), ZEPA, '-nlt', 'NONE', '-nln', 'NaturaSite_polygon');
    await expectRefused(path.join(dir, 'attributes', EEA.file), /has no feature tables/);
  });

  it('an SQLite database that is not a GeoPackage (the local copy itself)', async () => {
    db.pragma('wal_checkpoint(TRUNCATE)');
    copyFileSync(path.join(dir, 'copy.sqlite'), bad('plain-sqlite'));
    await expectRefused(path.join(dir, 'plain-sqlite', EEA.file), /is not a GeoPackage \(no gpkg_contents/);
  });

  it('a broken geometry blob in row 5: refused mid-stream, after the old dataset was already replaced (rolled back)', async () => {
    const file = bad('broken-row');
    copyFileSync(good, file);
    const edit = new Database(file);
    // GDAL's spatial-index triggers call its own SQL functions (ST_IsEmpty), unknown outside GDAL.
    for (const { name } of edit.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as { name: string }[])
      edit.exec(`DROP TRIGGER "${name}"`);
    edit.prepare('UPDATE NaturaSite_polygon SET geom = ? WHERE fid = 5').run(Buffer.from('47500003deadbeef', 'hex'));
    edit.close();
    await expectRefused(file, /NaturaSite_polygon, row 5: unreadable geometry/);
  });

  it('an empty geometry (GeoPackage empty flag, written by GDAL from POLYGON EMPTY)', async () => {
    const file = bad('empty-geometry');
    copyFileSync(good, file);
    // One extra feature appended by GDAL; the CSV only carries the WKT text GDAL turns into an empty blob.
    const csv = path.join(dir, 'empty-geometry', 'empty.csv');
    writeFileSync(csv, 'WKT,SITECODE,SITENAME,SITETYPE\n"POLYGON EMPTY",ES0000999,Empty site,A\n');
    ogr2ogr('-update', '-append', file, csv, '-nln', 'NaturaSite_polygon', '-a_srs', 'EPSG:3035');
    const blob = new Database(file, { readonly: true }).prepare("SELECT geom FROM NaturaSite_polygon WHERE SITECODE = 'ES0000999'").get() as { geom: Buffer };
    expect(blob.geom[3] & 0b1_0000).toBeTruthy(); // GDAL set the empty-geometry flag
    await expectRefused(file, /site ES0000999 has no polygon geometry/);
  });
});

describe.skipIf(!hasOgr2ogr)('catastro import-layers with a GeoPackage (CLI end to end)', () => {
  const dir = tempDir('analysis-gpkg-cli-');
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), 'import-layers', ...args, '--data', dir], { encoding: 'utf8' });

  it('imports and prints the count; an unreadable file fails with a clear message and exit code 1', () => {
    const file = buildVariant(dir, EEA);
    const ok = cli('--protected-areas', file);
    expect(ok.stderr).toBe('');
    expect(ok.stdout.trim()).toBe('natura_eea_3035.gpkg: 7 protected sites');
    expect(ok.status).toBe(0);
    const layer = cli('--protected-areas', file, '--layer', 'NaturaSite_polygon');
    expect([layer.status, layer.stdout.trim()]).toEqual([0, 'natura_eea_3035.gpkg: 7 protected sites']);

    const garbage = path.join(dir, 'garbage.gpkg');
    copyFileSync(ZEPA, garbage);
    const failed = cli('--protected-areas', garbage);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('garbage.gpkg is not a readable GeoPackage: file is not a database');
    expect(failed.stderr).toContain('the failed file changed nothing');
    // The earlier import is still there.
    const db = new Database(path.join(dir, 'catastro.sqlite'), { readonly: true });
    expect(db.prepare('SELECT file, sites FROM analysis_pa_datasets').all()).toEqual([{ file: 'natura_eea_3035.gpkg', sites: 7 }]);
    db.close();
  });
});
