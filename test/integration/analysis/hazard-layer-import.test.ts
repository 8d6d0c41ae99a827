import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HazardLayerProgress } from '../../../core/model/index.js';
import { CatastroService } from '../../../core/service.js';
import { ZEC, ZEPA, analysisDir } from './madrid-layers.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/**
 * CatastroService.importHazardLayers and hazardLayerFields, the facade the desktop app imports
 * hazard layers through, over the real Madrid Natura 2000 layers and the real EGMS tile E45N17
 * (PROVENANCE.md). Broken files are real files damaged here: a ZEPA copy with one site's code
 * removed (fails after sites were written in its transaction) and a truncated EGMS zip.
 */
const U_ZIP = path.join(analysisDir, 'egms/EGMS_L3_E45N17_100km_U_2020_2024_1.zip');
const E_ZIP = path.join(analysisDir, 'egms/EGMS_L3_E45N17_100km_E_2020_2024_1.zip');
const ZEC_FIELDS = ['CDID', 'CD_ZEC_COD', 'DS_ZEC_NAM', 'CD_ZEC_CCA', 'DS_ZEC_RG_', 'CD_ZEC_NUT', 'NM_AREA_HA'];
const ZEC_MAPPING = { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM', designation: 'ZEC (test: Natura 2000 layer loaded as a national register)' };
/** Box around the Comunidad de Madrid, where every ZEPA and ZEC site lies. */
const MADRID: [number, number, number, number] = [-4.6, 39.8, -3.0, 41.2];

const root = mkdtempSync(path.join(os.tmpdir(), 'hazard-layer-import-'));
const damaged = path.join(root, 'damaged');
mkdirSync(damaged);
/** ZEPA with the 4th site's code removed: sites 1–3 are written inside the transaction before it fails. */
const BROKEN_ZEPA = path.join(damaged, 'zepa_without_a_code.geojson');
/** The E tile cut in half (a download that stopped): not a readable zip. */
const TRUNCATED_E = path.join(damaged, path.basename(E_ZIP));

let opened = 0;
async function openService(): Promise<CatastroService> {
  const dataDir = path.join(root, `data-${++opened}`);
  mkdirSync(dataDir);
  return CatastroService.open({ dataDir, importSample: false });
}

/** What the analysis tables hold: layer files by register, and counts. */
function stored(service: CatastroService) {
  const db = embeddedCopy(service).db;
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    datasets: db.prepare('SELECT file, register, sites FROM analysis_pa_datasets ORDER BY file').all(),
    sites: count('analysis_pa_sites'),
    parts: count('analysis_pa_parts'),
    tiles: db.prepare('SELECT file, component, cells FROM analysis_gm_tiles ORDER BY file').all(),
    cells: count('analysis_gm_cells'),
  };
}

const EMPTY = { datasets: [], sites: 0, parts: 0, tiles: [], cells: 0 };

beforeAll(() => {
  const doc = JSON.parse(readFileSync(ZEPA, 'utf8'));
  delete doc.features[3].properties.CD_ZEPA;
  writeFileSync(BROKEN_ZEPA, JSON.stringify(doc));
  const zip = readFileSync(E_ZIP);
  writeFileSync(TRUNCATED_E, zip.subarray(0, Math.floor(zip.length / 2)));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('importHazardLayers: each kind from the real files', () => {
  let service: CatastroService;
  beforeAll(async () => {
    service = await openService();
  });
  afterAll(() => service.close());

  it('imports the ZEPA layer as protected areas, reports progress per file, and the overlay shows its sites', async () => {
    const progress: HazardLayerProgress[] = [];
    const results = await service.importHazardLayers({ kind: 'protected-areas', files: [ZEPA] }, (p) => progress.push(p));
    expect(results).toEqual([{ file: ZEPA, kind: 'protected-areas', count: 7 }]);
    expect(progress[0]).toEqual({ file: ZEPA, kind: 'protected-areas', count: 0, index: 1, total: 1 });
    expect(progress.at(-1)).toEqual({ file: ZEPA, kind: 'protected-areas', count: 7, index: 1, total: 1 });
    const codes = new Set(service.overlay('protected-areas', MADRID).features.map((f) => f.properties?.code));
    expect(codes.size).toBe(7);
    expect([...codes].every((code) => /^ES\d{7}$/.test(String(code)))).toBe(true);
  });

  it('imports both EGMS components of tile E45N17 as ground motion, one result per file', async () => {
    const progress: HazardLayerProgress[] = [];
    const results = await service.importHazardLayers({ kind: 'ground-motion', files: [U_ZIP, E_ZIP] }, (p) => progress.push(p));
    expect(results).toEqual([
      { file: U_ZIP, kind: 'ground-motion', count: 522 },
      { file: E_ZIP, kind: 'ground-motion', count: expect.any(Number) },
    ]);
    expect(results[1].count).toBeGreaterThan(0);
    expect(stored(service).tiles).toEqual([
      { file: path.basename(E_ZIP), component: 'E', cells: results[1].count },
      { file: path.basename(U_ZIP), component: 'U', cells: 522 },
    ]);
    expect(progress.map((p) => [p.index, p.total])).toContainEqual([2, 2]);
    expect(progress.filter((p) => p.index === 1).at(-1)?.count).toBe(522);
  });

  it('imports the ZEC layer as national designated areas with a field mapping and a country', async () => {
    const results = await service.importHazardLayers({ kind: 'designated-areas', files: [ZEC], mapping: ZEC_MAPPING, country: 'es' });
    expect(results).toEqual([{ file: ZEC, kind: 'designated-areas', count: 7 }]);
    expect(stored(service).datasets).toEqual([
      { file: path.basename(ZEC), register: 'national', sites: 7 },
      { file: path.basename(ZEPA), register: 'natura2000', sites: 7 },
    ]);
    const national = service.overlay('protected-areas', MADRID).features.filter((f) => f.properties?.register === 'national');
    expect(new Set(national.map((f) => f.properties?.designation))).toEqual(new Set([ZEC_MAPPING.designation]));
  });

  it('runs two imports asked for at once one after the other, both complete', async () => {
    const [zepa, motion] = await Promise.all([
      service.importHazardLayers({ kind: 'protected-areas', files: [ZEPA] }),
      service.importHazardLayers({ kind: 'ground-motion', files: [U_ZIP] }),
    ]);
    expect(zepa).toEqual([{ file: ZEPA, kind: 'protected-areas', count: 7 }]);
    expect(motion).toEqual([{ file: U_ZIP, kind: 'ground-motion', count: 522 }]);
  });
});

describe('importHazardLayers: a bad file in the middle of a list', () => {
  it('protected areas: stops at the broken layer with an error naming it; the layer before stays, the broken one left nothing', async () => {
    const service = await openService();
    try {
      const failure = service.importHazardLayers({ kind: 'protected-areas', files: [ZEPA, BROKEN_ZEPA, ZEC] });
      await expect(failure).rejects.toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
      const message = await failure.catch((error: Error) => error.message);
      expect(message).toMatch(/^zepa_without_a_code\.geojson \(file 2 of 3\) was not imported, nothing of it was kept: /);
      expect(message).toContain('a feature has no CD_ZEPA');
      expect(message).toContain(`Imported before it and kept: ${path.basename(ZEPA)} (7).`);
      expect(message).toContain(`Not tried: ${path.basename(ZEC)}.`);
      const after = stored(service);
      expect(after.datasets).toEqual([{ file: path.basename(ZEPA), register: 'natura2000', sites: 7 }]);
      expect(after.sites).toBe(7);
    } finally {
      service.close();
    }
  });

  it('ground motion: a truncated zip after a good tile fails with its name and leaves the good tile imported', async () => {
    const service = await openService();
    try {
      const failure = service.importHazardLayers({ kind: 'ground-motion', files: [U_ZIP, TRUNCATED_E] });
      await expect(failure).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      const message = await failure.catch((error: Error) => error.message);
      expect(message).toMatch(new RegExp(`^${path.basename(E_ZIP).replace(/\./g, '\\.')} \\(file 2 of 2\\) was not imported`));
      expect(message).toContain('not a zip file, or file is truncated');
      expect(message).not.toContain('Import of'); // the importer's own preamble is not repeated
      expect(message).toContain(`Imported before it and kept: ${path.basename(U_ZIP)} (522).`);
      expect(stored(service)).toMatchObject({ tiles: [{ file: path.basename(U_ZIP), component: 'U', cells: 522 }], cells: 522 });
    } finally {
      service.close();
    }
  });

  it('designated areas: a mapping field the second layer lacks fails on it, naming the fields it has; the first stays', async () => {
    const service = await openService();
    try {
      const zecCopy = path.join(damaged, 'zec_copy.geojson.gz');
      copyFileSync(ZEC, zecCopy);
      const failure = service.importHazardLayers({ kind: 'designated-areas', files: [zecCopy, ZEPA], mapping: ZEC_MAPPING });
      const message = await failure.then(
        () => '',
        (error: Error) => error.message,
      );
      expect(message).toMatch(/^es_madrid_zepa_qgis2web_3857\.geojson \(file 2 of 2\) was not imported/);
      expect(message).toContain('no field CD_ZEC_COD, DS_ZEC_NAM in the layer');
      expect(message).toContain('CD_ZEPA');
      expect(stored(service).datasets).toEqual([{ file: 'zec_copy.geojson.gz', register: 'national', sites: 7 }]);
    } finally {
      service.close();
    }
  });
});

describe('importHazardLayers: bad requests are refused before any file is read', () => {
  let service: CatastroService;
  beforeAll(async () => {
    service = await openService();
  });
  afterAll(() => service.close());

  const BAD: [string, unknown, RegExp][] = [
    ['no request', null, /needs \{ kind, files \}/],
    ['a list instead of a request', [ZEPA], /needs \{ kind, files \}/],
    ['an unknown kind', { kind: 'lava', files: [ZEPA] }, /kind must be one of protected-areas, ground-motion, designated-areas/],
    ['no kind', { files: [ZEPA] }, /kind must be one of/],
    ['no files', { kind: 'protected-areas', files: [] }, /at least one file/],
    ['files as one text', { kind: 'protected-areas', files: ZEPA }, /at least one file/],
    ['a number among the paths', { kind: 'protected-areas', files: [ZEPA, 42] }, /must be a path/],
    ['an empty path', { kind: 'protected-areas', files: [''] }, /must be a path/],
    ['an object as a path', { kind: 'protected-areas', files: [{ path: ZEPA }] }, /must be a path/],
    ['a missing file after a good one', { kind: 'protected-areas', files: [ZEPA, path.join(root, 'gone.geojson')] }, /gone\.geojson: no such file/],
    ['a folder', { kind: 'protected-areas', files: [path.join(root, 'folder.geojson')] }, /folder\.geojson: no such file/],
    ['an EGMS zip as protected areas', { kind: 'protected-areas', files: [ZEPA, U_ZIP] }, /imported from GeoJSON .* or GeoPackage/],
    ['a GeoJSON layer as ground motion', { kind: 'ground-motion', files: [U_ZIP, ZEPA] }, /EGMS Ortho L3 tiles/],
    ['a zip whose name has no component', { kind: 'ground-motion', files: [path.join(damaged, 'tile.zip')] }, /U or E cannot be told/],
    ['the same file name twice', { kind: 'protected-areas', files: [ZEPA, path.join(damaged, path.basename(ZEPA))] }, /Two files are named es_madrid_zepa/],
    ['a mapping for protected areas', { kind: 'protected-areas', files: [ZEPA], mapping: ZEC_MAPPING }, /designated-areas layers only/],
    ['a country for ground motion', { kind: 'ground-motion', files: [U_ZIP], country: 'IT' }, /designated-areas layers only/],
    ['a layer name for ground motion', { kind: 'ground-motion', files: [U_ZIP], layer: 'cells' }, /not to ground motion/],
    ['a layer name for a GeoJSON file', { kind: 'protected-areas', files: [ZEPA], layer: 'zepa' }, /only applies to a GeoPackage/],
    ['designated areas without a mapping', { kind: 'designated-areas', files: [ZEC] }, /needs a mapping/],
    ['a mapping as a text', { kind: 'designated-areas', files: [ZEC], mapping: 'CD_ZEC_COD' }, /needs a mapping/],
    [
      'a mapping without a name field',
      { kind: 'designated-areas', files: [ZEC], mapping: { code: 'CD_ZEC_COD', designation: 'ZEC' } },
      /code field and the name field/,
    ],
    ['a mapping field that is a number', { kind: 'designated-areas', files: [ZEC], mapping: { ...ZEC_MAPPING, code: 7 } }, /mapping\.code must be a text/],
    ['a designation field and a text', { kind: 'designated-areas', files: [ZEC], mapping: { ...ZEC_MAPPING, designationField: 'DS_ZEC_RG_' } }, /not both/],
    [
      'neither designation',
      { kind: 'designated-areas', files: [ZEC], mapping: { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM' } },
      /designation field or one designation text/,
    ],
    ['an unknown country', { kind: 'designated-areas', files: [ZEC], mapping: ZEC_MAPPING, country: 'XX' }, /Country XX is not one of/],
    ['a region as the country', { kind: 'designated-areas', files: [ZEC], mapping: ZEC_MAPPING, country: 'PV' }, /Country PV is not one of/],
    ['a country that is a number', { kind: 'designated-areas', files: [ZEC], mapping: ZEC_MAPPING, country: 34 }, /country must be a text/],
  ];

  beforeAll(() => {
    mkdirSync(path.join(root, 'folder.geojson'));
    writeFileSync(path.join(damaged, 'tile.zip'), readFileSync(U_ZIP));
    copyFileSync(ZEPA, path.join(damaged, path.basename(ZEPA)));
  });

  it.each(BAD)('%s: 400 VALIDATION_ERROR, nothing imported', async (_name, request, message) => {
    await expect(service.importHazardLayers(request)).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: expect.stringMatching(message) });
    expect(stored(service)).toEqual(EMPTY);
  });

  it('a mapping field no layer has: refused on the first file, naming the fields it has; nothing imported', async () => {
    const request = { kind: 'designated-areas', files: [ZEC], mapping: { ...ZEC_MAPPING, code: 'SITECODE' } };
    const message = await service.importHazardLayers(request).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain('no field SITECODE in the layer; the layer has the fields: CDID, CD_ZEC_COD');
    expect(stored(service)).toEqual(EMPTY);
  });
});

describe('hazardLayerFields: the attribute names to map a national layer from', () => {
  let service: CatastroService;
  beforeAll(async () => {
    service = await openService();
  });
  afterAll(() => service.close());

  it('reads the first feature of a gzipped GeoJSON layer and of a plain one', async () => {
    expect(await service.hazardLayerFields(ZEC)).toEqual(ZEC_FIELDS);
    expect(await service.hazardLayerFields(ZEPA)).toEqual(['CDID', 'CD_ZEPA', 'DS_ZEPA', 'CD_ZEPA_CC', 'CD_ZEPA_NU', 'NM_AREA_HA']);
  });

  it('refuses what is not a readable layer with a 400 naming the file', async () => {
    await expect(service.hazardLayerFields(42)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/needs a file path/) });
    await expect(service.hazardLayerFields(U_ZIP)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/imported from GeoJSON/) });
    await expect(service.hazardLayerFields(path.join(root, 'gone.geojson'))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^gone\.geojson could not be read/),
    });
    await expect(service.hazardLayerFields(ZEPA, 'zepa')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/only applies to a GeoPackage/),
    });
  });
});
