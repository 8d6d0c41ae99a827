import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etalabArea } from '../../../core/countries/fr/etalab-files.js';
import type { OfflineProgress } from '../../../core/model/index.js';
import { downloadFrenchAreas, updateFrenchAreas } from '../../../core/offline/download-fr.js';
import { listOfflineAreas, removeOfflineArea } from '../../../core/store/offline-areas.js';
import { startFakeEtalabCadastre } from '../../fake-upstream/etalab-cadastre.js';
import { startFakeGeoApi } from '../../fake-upstream/geo-api-gouv.js';
import { offlineDownloadBench } from '../../helpers/offline-download-bench.js';
import { fixture, repoRoot } from '../../helpers/paths.js';

const run = promisify(execFile);
const FILE = 'cadastre-91216-parcelles.json.gz';
const features = JSON.parse(gunzipSync(readFileSync(fixture('countries/fr_etalab_cadastre_parcelles_91216.json.gz'))).toString('utf8')).features as {
  properties: { id: string; updated?: string };
}[];
const PARCELS = features.length;
const NEWEST = features
  .map((f) => f.properties.updated ?? '')
  .sort()
  .at(-1);

const bench = offlineDownloadBench(startFakeEtalabCadastre, 'catastro-offline-fr-');
const options = (extra: Partial<Parameters<typeof downloadFrenchAreas>[2]> = {}) => ({
  downloadDir: path.join(bench.dir, 'downloads'),
  retryDelayMs: 10,
  root: bench.fake.root,
  ...extra,
});

describe("Etalab's cadastre files by commune or département", () => {
  it('follow the published URL scheme (Corsica and overseas included) and refuse other codes', () => {
    const root = 'https://cadastre.data.gouv.fr/data/etalab-cadastre/latest/geojson';
    expect(etalabArea('91216').url).toBe(`${root}/communes/91/91216/cadastre-91216-parcelles.json.gz`);
    expect(etalabArea('2a004').url).toBe(`${root}/communes/2A/2A004/cadastre-2A004-parcelles.json.gz`);
    expect(etalabArea('97105').url).toBe(`${root}/communes/971/97105/cadastre-97105-parcelles.json.gz`);
    expect(etalabArea('91')).toMatchObject({ id: 'FR.91', kind: 'departement', url: `${root}/departements/91/cadastre-91-parcelles.json.gz` });
    expect(etalabArea('974').url).toBe(`${root}/departements/974/cadastre-974-parcelles.json.gz`);
    for (const bad of ['20', '96', '975', '20004', '9121', 'Paris', '']) expect(() => etalabArea(bad)).toThrow(/neither a French commune/);
  });

  it('download, check and import a commune, with progress in bytes, files and parcels, and list it with source and date', async () => {
    const events: OfflineProgress[] = [];
    const result = await downloadFrenchAreas(bench.store, ['91216'], options({ onProgress: (p) => events.push(p) }));
    expect(result).toMatchObject({ parcels: PARCELS, failures: [], cancelled: false });
    expect(bench.store.countParcels('FR')).toBe(PARCELS);
    expect(bench.store.getParcel('FR', features[0].properties.id)).toMatchObject({ country: 'FR', provincia: '91' });
    expect(bench.fake.requests.map((r) => r.path)).toEqual([`/data/etalab-cadastre/latest/geojson/communes/91/91216/${FILE}`]);
    expect(events.at(-1)).toMatchObject({ phase: 'done', filesDone: 1, filesTotal: 1, bytesDone: bench.fake.bytes.length, parcels: PARCELS });
    expect(events.some((e) => e.phase === 'download' && e.bytesTotal === bench.fake.bytes.length)).toBe(true);
    expect(events.some((e) => e.phase === 'import' && e.parcels > 0 && e.parcels < PARCELS)).toBe(true);
    const [area] = listOfflineAreas(bench.store.db);
    expect(area).toMatchObject({
      id: 'FR.91216',
      country: 'FR',
      code: '91216',
      parcels: PARCELS,
      dataDate: NEWEST,
      source: `${bench.fake.root}/communes/91/91216/${FILE}`,
    });
    expect(result.areas).toEqual([area]);
    expect(readdirSync(path.join(bench.dir, 'downloads'))).toEqual([]);
    // Removing the area takes exactly its parcels away.
    expect(removeOfflineArea(bench.store.db, 'FR.91216')).toEqual({ parcels: PARCELS });
    expect(bench.store.countParcels('FR')).toBe(0);
  });

  it('resumes a transfer cut half way with a Range request, and the .part an interrupted run left', async () => {
    bench.fake.setFault(FILE, { kind: 'cut' });
    expect((await downloadFrenchAreas(bench.store, ['91216'], options())).failures).toEqual([]);
    expect(bench.fake.requests.map((r) => r.range)).toEqual([undefined, expect.stringMatching(/^bytes=[1-9]\d*-$/)]);
    expect(bench.store.countParcels('FR')).toBe(PARCELS);

    bench.fake.requests.length = 0;
    mkdirSync(path.join(bench.dir, 'downloads'), { recursive: true });
    writeFileSync(path.join(bench.dir, 'downloads', `${FILE}.part`), bench.fake.bytes.subarray(0, 10_000));
    expect((await updateFrenchAreas(bench.store, ['FR.91216'], options())).failures).toEqual([]);
    expect(bench.fake.requests.map((r) => r.range)).toEqual(['bytes=10000-']);
    expect(listOfflineAreas(bench.store.db)).toMatchObject([{ id: 'FR.91216', parcels: PARCELS }]);
  });

  it('reports a damaged file and a missing one by name, imports the rest, and a cancelled run imports nothing', async () => {
    bench.fake.setFault('cadastre-91-parcelles.json.gz', { kind: 'corrupt' });
    const result = await downloadFrenchAreas(bench.store, ['91', '92004', '91216'], options());
    expect(result.failures).toEqual([
      {
        file: 'cadastre-91-parcelles.json.gz',
        url: `${bench.fake.root}/departements/91/cadastre-91-parcelles.json.gz`,
        message: expect.stringMatching(/the downloaded file is damaged \(.+\); it was discarded/),
      },
      {
        file: 'cadastre-92004-parcelles.json.gz',
        url: `${bench.fake.root}/communes/92/92004/cadastre-92004-parcelles.json.gz`,
        message: expect.stringMatching(/HTTP 404/),
      },
    ]);
    expect(result.parcels).toBe(PARCELS);
    expect(listOfflineAreas(bench.store.db).map((a) => a.id)).toEqual(['FR.91216']);
    expect(existsSync(path.join(bench.dir, 'downloads', 'cadastre-91-parcelles.json.gz'))).toBe(false);
    const cancelled = await downloadFrenchAreas(bench.store, ['91'], options({ signal: AbortSignal.abort() }));
    expect(cancelled).toMatchObject({ cancelled: true, parcels: 0 });
    expect(listOfflineAreas(bench.store.db).map((a) => a.id)).toEqual(['FR.91216']);
  });

  it('catastro download --country FR downloads a département, lists it and updates it', { timeout: 180_000 }, async () => {
    const data = mkdtempSync(path.join(bench.dir, 'cli-'));
    const geoApi = await startFakeGeoApi();
    const cli = (...args: string[]) =>
      run(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), ...args, '--data', data, '--base-url', bench.fake.root], {
        env: { ...process.env, CATASTRO_FR_GEO_API_URL: geoApi.baseUrl },
      });
    const download = await cli('download', '--country', 'FR', '91');
    // Named from INSEE's table (commune-names.ts), which the CLI's list of what it fetched shows.
    expect(download.stdout).toContain(`FR.91  Essonne: ${PARCELS} parcels, 0 buildings, data of ${NEWEST}`);
    expect(download.stderr).toMatch(/downloading cadastre-91-parcelles\.json\.gz \(files 0\/1/);
    const list = await cli('areas', 'list');
    expect(list.stdout).toMatch(new RegExp(`FR\\.91 .* ${PARCELS} parcels .*data ${NEWEST} .*from ${bench.fake.root.replace(/[.]/g, '\\.')}/departements/91/`));
    expect((await cli('areas', 'update', 'FR.91')).stdout).toContain(`FR.91  Essonne: ${PARCELS} parcels`);
    // By name, through the API Découpage administratif (a hand-written fake).
    expect((await cli('download', '--country', 'FR', 'Épinay-sur-Orge')).stdout).toContain(`FR.91216  Épinay-sur-Orge: ${PARCELS} parcels`);
    expect(geoApi.requests).toEqual([{ path: '/communes', query: expect.objectContaining({ nom: 'Épinay-sur-Orge' }) }]);
    await expect(cli('download', '--country', 'FR', 'Paris')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No French commune is named "Paris"'),
    });
    await expect(cli('download', '--country', 'FR', '9121')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('neither a French commune') });
    await expect(cli('download', '--country', 'FR')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^VALIDATION_ERROR: Say what to download in France: communes by name or INSEE code/),
    });
    await geoApi.close();
  });
});
