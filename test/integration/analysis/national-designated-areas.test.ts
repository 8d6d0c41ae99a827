import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { pointOnFeature } from '@turf/turf';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalysisService } from '../../../core/analysis/analysis-service.js';
import { AnalysisTables } from '../../../core/store/analysis-tables.js';
import { migrate, openDatabase } from '../../../core/store/db.js';
import { MIGRATIONS } from '../../../core/store/schema.js';
import type { Parcel, TerrainResult } from '../../../core/model/index.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { repoRoot } from '../../helpers/paths.js';
import { independentSites, sampledOverlapPct, ZEC, ZEPA } from './madrid-layers.js';
import { squareParcel } from './parcels.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * No national designated-areas register (CDDA, MITECO ENP) is available on this machine, so the
 * real Madrid ZEC layer — Natura 2000 SACs — stands in for one: its geometry is real, and it is
 * imported through the national path with an explicit field mapping. The same file imported as
 * Natura 2000 into a separate store gives the overlap each national entry must match.
 */
const DESIGNATION = 'ZEC (test: Natura 2000 layer loaded as a national register)';
const ZEC_MAPPING = { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM', designation: DESIGNATION };
/** ZEC_MAPPING as `catastro import-layers` options. */
const ZEC_CLI_MAPPING = ['--code-field', ZEC_MAPPING.code, '--name-field', ZEC_MAPPING.name, '--designation', ZEC_MAPPING.designation];
const ZEC_FIELDS = ['CDID', 'CD_ZEC_COD', 'DS_ZEC_NAM', 'CD_ZEC_CCA', 'DS_ZEC_RG_', 'CD_ZEC_NUT', 'NM_AREA_HA'];
const ZEPA_SOURCE = 'Comunidad de Madrid, Red Natura 2000: ZEPA';

const dir = tempDir('analysis-national-');

function openService(name: string): { service: AnalysisService; db: Database.Database } {
  const db = openDatabase(path.join(dir, `${name}.sqlite`));
  return { service: new AnalysisService({ tables: new AnalysisTables(db), http: new UpstreamClient() }), db };
}

const siteRows = (db: Database.Database) =>
  db
    .prepare(
      'SELECT d.register, s.code, s.name, s.designation, s.country FROM analysis_pa_sites s JOIN analysis_pa_datasets d ON d.id = s.dataset_id ORDER BY s.code',
    )
    .all();

/** The terrain answer's promises across both registers: max, intersects and inside follow from every listed site. */
function expectConsistent(areas: TerrainResult['protected_areas']) {
  const max = Math.max(0, ...areas.natura2000.map((s) => s.overlap_pct), ...areas.national.map((s) => s.overlap_pct));
  expect(areas.max_overlap_pct).toBeCloseTo(max, 2);
  expect(areas.intersects).toBe(max > 0);
  expect(areas.inside).toBe(max >= 99.9);
}

describe('national designated areas: the real Madrid ZEC geometry imported as a national register beside the ZEPA (Natura 2000)', () => {
  const sites = independentSites();
  const zepas = sites.filter((s) => s.layer === 'ZEPA');
  const guadalix = sites.find((s) => s.code === 'ES3110003')!; // ZEC "Cuenca del río Guadalix"
  let mixed: { service: AnalysisService; db: Database.Database };
  let asNatura: { service: AnalysisService; db: Database.Database };
  let insideGuadalix: Parcel;
  let acrossGuadalix: Parcel;

  beforeAll(async () => {
    mixed = openService('mixed');
    expect(await mixed.service.importProtectedAreas(ZEPA)).toEqual({ sites: 7 });
    expect(await mixed.service.importDesignatedAreas(ZEC, { mapping: ZEC_MAPPING })).toEqual({ sites: 7 });
    asNatura = openService('zec-as-natura');
    expect(await asNatura.service.importProtectedAreas(ZEC)).toEqual({ sites: 7 });
    const [lon, lat] = pointOnFeature(guadalix.geometry).geometry.coordinates;
    insideGuadalix = squareParcel(lon, lat, 'ES');
    const { geometry } = guadalix; // a MultiPolygon of one polygon in the real layer
    const ring = geometry.type === 'MultiPolygon' ? geometry.coordinates[0][0] : geometry.coordinates[0];
    const [edgeLon, edgeLat] = ring[Math.floor(ring.length / 3)];
    acrossGuadalix = squareParcel(edgeLon, edgeLat, 'ES', {}, 0.002);
  });

  it('stores the ZEC sites as national (code, name, designation, country from the code) and the ZEPA ones as Natura 2000', () => {
    const rows = siteRows(mixed.db) as { register: string; code: string; designation: string; country: string }[];
    expect(rows.filter((r) => r.register === 'national').map((r) => r.code)).toEqual(
      sites
        .filter((s) => s.layer === 'ZEC')
        .map((s) => s.code)
        .sort(),
    );
    expect(rows.filter((r) => r.register === 'natura2000').map((r) => r.code)).toEqual(zepas.map((s) => s.code).sort());
    expect(rows.filter((r) => r.register === 'national').every((r) => r.designation === DESIGNATION && r.country === 'ES')).toBe(true);
    expect(rows.filter((r) => r.register === 'natura2000').every((r) => r.designation === '')).toBe(true);
  });

  it('a parcel inside the Guadalix ZEC and outside every ZEPA: national holds the site at 100 %, natura2000 is empty', () => {
    // Checked on the independently read geometry first, so the expectations do not come from the importer.
    expect(sampledOverlapPct(insideGuadalix, guadalix.geometry)).toBe(100);
    for (const zepa of zepas) expect(sampledOverlapPct(insideGuadalix, zepa.geometry), zepa.code).toBe(0);
    const areas = mixed.service.terrain(insideGuadalix).protected_areas;
    expect(areas).toMatchObject({ status: 'ok', intersects: true, inside: true, max_overlap_pct: 100, natura2000: [], method: 'parcel' });
    expect(areas.national).toEqual([{ code: 'ES3110003', name: 'Cuenca del río Guadalix', designation: DESIGNATION, country: 'ES', overlap_pct: 100 }]);
    expect(areas.sources.map((s) => s.name)).toEqual([ZEPA_SOURCE, 'es_madrid_zec_qgis2web_3857.geojson.gz']);
    expectConsistent(areas);
  });

  it('a parcel across the Guadalix edge: the national overlap equals the one the same layer gives as Natura 2000 (±0.01)', () => {
    const sampled = sampledOverlapPct(acrossGuadalix, guadalix.geometry);
    expect(sampled).toBeGreaterThan(5);
    expect(sampled).toBeLessThan(95);
    const areas = mixed.service.terrain(acrossGuadalix).protected_areas;
    const reference = asNatura.service.terrain(acrossGuadalix).protected_areas.natura2000;
    expect(areas.national.map((s) => s.code)).toEqual(reference.map((s) => s.code));
    areas.national.forEach((site, i) => expect(Math.abs(site.overlap_pct - reference[i].overlap_pct), site.code).toBeLessThanOrEqual(0.0100001));
    const edge = areas.national.find((s) => s.code === 'ES3110003')!;
    expect(Math.abs(edge.overlap_pct - sampled)).toBeLessThan(1.5);
    expect(areas.inside).toBe(false);
    expectConsistent(areas);
  });

  it('a parcel inside Monte de El Pardo (ZEPA): both lists are filled, national as the ZEC-as-Natura store says', () => {
    const elPardo = sites.find((s) => s.code === 'ES0000011')!;
    const parcel = squareParcel(...(pointOnFeature(elPardo.geometry).geometry.coordinates as [number, number]), 'ES');
    const areas = mixed.service.terrain(parcel).protected_areas;
    expect(areas.natura2000).toEqual([{ code: 'ES0000011', name: 'Monte de El Pardo', type: 'SPA', country: 'ES', overlap_pct: 100 }]);
    const reference = asNatura.service.terrain(parcel).protected_areas.natura2000;
    expect(reference.length).toBeGreaterThan(0); // El Pardo lies in the Manzanares ZEC as well
    expect(areas.national).toEqual(reference.map(({ code, name, country, overlap_pct }) => ({ code, name, designation: DESIGNATION, country, overlap_pct })));
    expectConsistent(areas);
  });

  it('the overlay tells national sites apart (register, designation, no Natura types)', () => {
    const [lon, lat] = pointOnFeature(guadalix.geometry).geometry.coordinates;
    const overlay = mixed.service.protectedAreasInBBox([lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01], 100);
    const props = overlay.features.map((f) => f.properties!);
    expect(props.some((p) => p.code === 'ES3110003')).toBe(true);
    for (const p of props.filter((q) => q.code === 'ES3110003'))
      expect(p).toMatchObject({ register: 'national', designation: DESIGNATION, types: [], country: 'ES' });
  });

  it('re-importing the file with a designation field replaces its sites (still 7, designation from DS_ZEC_RG_)', async () => {
    const { service, db } = openService('reimport');
    await service.importDesignatedAreas(ZEC, { mapping: ZEC_MAPPING });
    expect(await service.importDesignatedAreas(ZEC, { mapping: { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM', designationField: 'DS_ZEC_RG_' } })).toEqual({
      sites: 7,
    });
    expect(db.prepare('SELECT COUNT(*) AS n FROM analysis_pa_datasets').get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT DISTINCT designation FROM analysis_pa_sites').all()).toEqual([{ designation: 'Mediterránea' }]);
    expect(service.terrain(insideGuadalix).protected_areas.national).toMatchObject([{ code: 'ES3110003', designation: 'Mediterránea' }]);
    db.close();
  });
});

describe('national designated areas: refused mappings and countries change nothing', () => {
  let store: { service: AnalysisService; db: Database.Database };
  beforeAll(async () => {
    store = openService('refused');
    await store.service.importProtectedAreas(ZEPA);
  });

  async function expectRefused(options: Parameters<AnalysisService['importDesignatedAreas']>[1], message: RegExp) {
    const before = siteRows(store.db);
    const error = await store.service.importDesignatedAreas(ZEC, options).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(message) });
    expect(siteRows(store.db)).toEqual(before);
    return error as { message: string; data?: { fields?: string[] } };
  }

  it('no mapping: the error asks for one and lists the fields the layer has (no preset is guessed for national layers)', async () => {
    const error = await expectRefused({}, /needs a code field, a name field, and a designation field or one designation text/);
    expect(error.message).toContain(`the layer has the fields: ${ZEC_FIELDS.join(', ')}`);
    expect(error.data?.fields).toEqual(ZEC_FIELDS);
  });

  it('an unknown field: the error names it and lists the fields the layer has', async () => {
    const error = await expectRefused({ mapping: { ...ZEC_MAPPING, code: 'SITECODE' } }, /no field SITECODE in the layer/);
    expect(error.message).toContain('CD_ZEC_COD');
    await expectRefused(
      { mapping: { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM', designationField: 'DESIG' } },
      /no field DESIG in the layer; the layer has the fields: CDID/,
    );
  });

  it('a designation field and a designation text at once are refused', async () => {
    await expectRefused({ mapping: { ...ZEC_MAPPING, designationField: 'DS_ZEC_RG_' } }, /not both/);
  });

  it('codes without a country prefix (CDID: 1…7) need --country; with country ES the layer imports', async () => {
    const mapping = { code: 'CDID', name: 'DS_ZEC_NAM', designation: DESIGNATION };
    await expectRefused({ mapping }, /site code \d does not start with a country code; give the country of the layer \(--country, e\.g\. ES\)/);
    await expectRefused({ mapping, country: 'XX' }, /Country XX is not one of/);
    const { service, db } = openService('country-given');
    expect(await service.importDesignatedAreas(ZEC, { mapping, country: 'es' })).toEqual({ sites: 7 });
    expect(db.prepare('SELECT DISTINCT country FROM analysis_pa_sites').all()).toEqual([{ country: 'ES' }]);
    db.close();
  });
});

/** The protected-area tables as they were created before national registers (no register, no designation column). */
const OLD_DDL = `
  CREATE TABLE analysis_pa_datasets (
    id INTEGER PRIMARY KEY, file TEXT NOT NULL UNIQUE, name TEXT NOT NULL, license TEXT NOT NULL,
    edition TEXT NOT NULL, imported_at TEXT NOT NULL, sites INTEGER NOT NULL);
  CREATE TABLE analysis_pa_sites (
    id INTEGER PRIMARY KEY, dataset_id INTEGER NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL,
    types TEXT NOT NULL, country TEXT NOT NULL);
  CREATE INDEX analysis_pa_sites_dataset ON analysis_pa_sites (dataset_id);
  CREATE TABLE analysis_pa_parts (id INTEGER PRIMARY KEY, site_id INTEGER NOT NULL, rings TEXT NOT NULL);
  CREATE INDEX analysis_pa_parts_site ON analysis_pa_parts (site_id);
  CREATE VIRTUAL TABLE analysis_pa_parts_rtree USING rtree(id, min_lon, max_lon, min_lat, max_lat);`;

describe('an existing data folder with the old protected-area tables', () => {
  it('adopts them in a versioned migration: its Natura 2000 sites stay natura2000, and a national layer can then be added', async () => {
    // The old store, filled with the real ZEPA import (copied over column by column, as the old code wrote it).
    const fresh = openService('fresh-zepa');
    await fresh.service.importProtectedAreas(ZEPA);
    fresh.db.close();
    const oldFile = path.join(dir, 'old.sqlite');
    // A copy at schema 7 to which the analysis code of that time added its tables itself (CREATE TABLE IF NOT EXISTS).
    const old = new Database(oldFile);
    migrate(old, 7);
    old.exec(OLD_DDL);
    old.exec(`ATTACH '${path.join(dir, 'fresh-zepa.sqlite')}' AS src;
      INSERT INTO analysis_pa_datasets SELECT id, file, name, license, edition, imported_at, sites FROM src.analysis_pa_datasets;
      INSERT INTO analysis_pa_sites SELECT id, dataset_id, code, name, types, country FROM src.analysis_pa_sites;
      INSERT INTO analysis_pa_parts SELECT id, site_id, rings FROM src.analysis_pa_parts;
      INSERT INTO analysis_pa_parts_rtree SELECT * FROM src.analysis_pa_parts_rtree;
      DETACH src;`);
    old.close();

    const db = openDatabase(oldFile);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const service = new AnalysisService({ tables: new AnalysisTables(db), http: new UpstreamClient() });
    const columns = (table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
    expect(columns('analysis_pa_datasets')).toContain('register');
    expect(columns('analysis_pa_sites')).toContain('designation');
    expect(db.prepare('SELECT register, COUNT(*) AS n FROM analysis_pa_datasets GROUP BY register').all()).toEqual([{ register: 'natura2000', n: 1 }]);

    const pardo = independentSites().find((s) => s.code === 'ES0000011')!;
    const parcel = squareParcel(...(pointOnFeature(pardo.geometry).geometry.coordinates as [number, number]), 'ES');
    expect(service.terrain(parcel).protected_areas).toMatchObject({
      inside: true,
      national: [],
      natura2000: [{ code: 'ES0000011', name: 'Monte de El Pardo', type: 'SPA', country: 'ES', overlap_pct: 100 }],
    });
    expect(await service.importDesignatedAreas(ZEC, { mapping: ZEC_MAPPING })).toEqual({ sites: 7 });
    const areas = service.terrain(parcel).protected_areas;
    expect(areas.natura2000.map((s) => s.code)).toEqual(['ES0000011']);
    expect(areas.national.length).toBeGreaterThan(0);
    expect(areas.sources.map((s) => s.name)).toEqual([ZEPA_SOURCE, 'es_madrid_zec_qgis2web_3857.geojson.gz']);
    db.close();
    // Opening it again runs no migration and leaves the adopted tables as they are.
    const again = openDatabase(oldFile);
    expect(siteRows(again)).toHaveLength(14);
    again.close();
  });
});

describe('catastro import-layers --designated-areas (the CLI, end to end)', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['bin/catastro.js', 'import-layers', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });

  it('imports the ZEPA as Natura 2000 and the ZEC as a national register, and the store says so', () => {
    const data = mkdtempSync(path.join(dir, 'cli-'));
    const run = cli('--data', data, '--protected-areas', ZEPA, '--designated-areas', ZEC, ...ZEC_CLI_MAPPING, '--country', 'ES');
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('es_madrid_zepa_qgis2web_3857.geojson: 7 protected sites');
    expect(run.stdout).toContain('es_madrid_zec_qgis2web_3857.geojson.gz: 7 national designated areas');
    const db = new Database(path.join(data, 'catastro.sqlite'), { readonly: true });
    expect(db.prepare('SELECT file, register, sites FROM analysis_pa_datasets ORDER BY id').all()).toEqual([
      { file: 'es_madrid_zepa_qgis2web_3857.geojson', register: 'natura2000', sites: 7 },
      { file: 'es_madrid_zec_qgis2web_3857.geojson.gz', register: 'national', sites: 7 },
    ]);
    db.close();
  });

  it('--source-name, --source-license and --source-edition name the layer in the terrain sources; without an area layer they are refused (VALIDATION_ERROR, exit 1)', () => {
    const data = mkdtempSync(path.join(dir, 'cli-source-'));
    const run = cli(
      '--data',
      data,
      '--designated-areas',
      ZEC,
      ...ZEC_CLI_MAPPING,
      '--source-name',
      'Red Natura 2000 ZEC, Comunidad de Madrid (as a national register)',
      '--source-license',
      'CC BY 4.0',
      '--source-edition',
      '2023',
    );
    const sources = () => {
      const db = new Database(path.join(data, 'catastro.sqlite'), { readonly: true });
      try {
        return db.prepare('SELECT register, name, license, edition FROM analysis_pa_datasets ORDER BY id').all();
      } finally {
        db.close();
      }
    };
    expect(run.status).toBe(0);
    expect(sources()).toEqual([
      { register: 'national', name: 'Red Natura 2000 ZEC, Comunidad de Madrid (as a national register)', license: 'CC BY 4.0', edition: '2023' },
    ]);
    // A known layout keeps its own name and licence; only the edition given replaces the default.
    expect(cli('--data', data, '--protected-areas', ZEPA, '--source-edition', 'end 2023').status).toBe(0);
    expect(sources()[1]).toEqual({
      register: 'natura2000',
      name: 'Comunidad de Madrid, Red Natura 2000: ZEPA',
      license: 'Comunidad de Madrid open data (licence not stated in the copy used)',
      edition: 'end 2023',
    });
    const stray = cli('--data', data, '--ground-motion', 'x.zip', '--source-name', 'x');
    expect(stray.status).toBe(1);
    expect(stray.stderr).toMatch(/^VALIDATION_ERROR: .*describe --protected-areas or --designated-areas layers/);
  });

  it('a bad mapping exits 1 with a message naming the missing field and the fields the layer has', () => {
    const data = mkdtempSync(path.join(dir, 'cli-bad-'));
    const run = cli('--data', data, '--designated-areas', ZEC, '--code-field', 'CODE', '--name-field', 'DS_ZEC_NAM', '--designation', 'x');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no field CODE in the layer; the layer has the fields: CDID, CD_ZEC_COD, DS_ZEC_NAM');
    expect(run.stderr).toContain('the failed file changed nothing');
    const none = cli('--data', data, '--designated-areas', ZEC);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain(
      'needs a code field, a name field, and a designation field or one designation text (--code-field, --name-field, --designation-field | --designation)',
    );
  });

  it('codes without a country prefix and no --country exit 1 asking for --country; mapping options without a national layer are refused (VALIDATION_ERROR, exit 1)', () => {
    const data = mkdtempSync(path.join(dir, 'cli-country-'));
    const run = cli('--data', data, '--designated-areas', ZEC, '--code-field', 'CDID', '--name-field', 'DS_ZEC_NAM', '--designation', 'x');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/does not start with a country code; give the country of the layer \(--country/);
    const stray = cli('--data', data, '--protected-areas', ZEPA, '--code-field', 'CD_ZEPA');
    expect(stray.status).toBe(1);
    expect(stray.stderr).toMatch(/^VALIDATION_ERROR: .*describe --designated-areas layers/);
  });
});
