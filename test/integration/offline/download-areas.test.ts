import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EsAtomCatalogue } from '../../../core/countries/es/atom-catalogue.js';
import type { OfflineProgress, ServiceError } from '../../../core/model/index.js';
import { downloadAreas, updateAreas } from '../../../core/offline/download-areas.js';
import { listOfflineAreas } from '../../../core/store/offline-areas.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { startFakeCatastroAtom } from '../../fake-upstream/catastro-atom.js';
import { parcelsGmlWithout, sampleBuildingsGml, sampleMetadataXml, sampleParcelsGml, writeZip } from '../../helpers/catastro-zips.js';
import { offlineDownloadBench } from '../../helpers/offline-download-bench.js';
import { repoRoot } from '../../helpers/paths.js';

const run = promisify(execFile);
const PARCELS = sampleParcelsGml().toString('utf8').split('<cp:CadastralParcel ').length - 1;
const BUILDINGS = sampleBuildingsGml().toString('latin1').split('<bu-ext2d:Building ').length - 1;
const CP_ZIP = 'A.ES.SDGC.CP.40146.zip';
const BU_ZIP = 'A.ES.SDGC.BU.40146.zip';

const bench = offlineDownloadBench(startFakeCatastroAtom, 'catastro-offline-');
const catalogue = () => new EsAtomCatalogue(bench.fake.baseUrl, new UpstreamClient({ retries: 0, timeoutMs: 5000 }));
const options = (extra: Partial<Parameters<typeof downloadAreas>[2]> = {}) => ({ downloadDir: path.join(bench.dir, 'downloads'), retryDelayMs: 10, ...extra });

describe('choosing what to download from the Catastro ATOM feeds (hand-written feeds, real zips)', () => {
  it('finds a municipality by code, by name (any case and accents), by province and by the map view', async () => {
    const atom = catalogue();
    const codes = async (choice: Parameters<EsAtomCatalogue['resolve']>[0]) => (await atom.resolve(choice)).map((m) => [m.code, m.name]);
    expect(await codes({ municipalities: ['40146'] })).toEqual([['40146', 'MELQUE DE CERCOS']]);
    expect(await codes({ municipalities: ['Melque de Cércos'] })).toEqual([['40146', 'MELQUE DE CERCOS']]);
    expect(await codes({ provinces: ['40'] })).toEqual([['40146', 'MELQUE DE CERCOS']]);
    expect(await codes({ provinces: ['segovia'] })).toEqual([['40146', 'MELQUE DE CERCOS']]);
    expect(await codes({ bbox: [-4.48, 41.03, -4.47, 41.04] })).toEqual([['40146', 'MELQUE DE CERCOS']]);
    const [m] = await atom.resolve({ municipalities: ['40146'] });
    expect(m.parcels.url).toBe(`${bench.fake.baseUrl}/CadastralParcels/40/40146-MELQUE%20DE%20CERCOS/${CP_ZIP}`);
    expect(m.buildings?.url).toBe(`${bench.fake.baseUrl}/buildings/40/40146-MELQUE%20DE%20CERCOS/${BU_ZIP}`);
    expect(m.parcels.length).toBe(bench.fake.zipBytes[CP_ZIP].length);
  });

  it('says the Basque Country and Navarre are not in the service and where their own cadastres publish', async () => {
    const atom = catalogue();
    // Each refusal names its reason and the values its sentence names, for the app to say it in the user's language.
    const bizkaia = { province: '48', name: 'Bizkaia', source: 'https://apli.bizkaia.eus/apps/Danok/INSPIRE/cadastralparcels.xml' };
    await expect(atom.resolve({ municipalities: ['48020'] })).rejects.toMatchObject({
      code: 'CNV_COVERAGE',
      message: expect.stringMatching(/Bizkaia.*foral.*apli\.bizkaia\.eus/),
      data: { reason: 'FORAL_TERRITORY', ...bizkaia },
    });
    await expect(atom.resolve({ provinces: ['31'] })).rejects.toMatchObject({
      code: 'CNV_COVERAGE',
      message: expect.stringMatching(/Navarre.*navarra\.es/),
      data: {
        reason: 'FORAL_TERRITORY',
        province: '31',
        name: 'Navarre/Nafarroa',
        source: expect.stringMatching(/^https:\/\/filescartografia\.navarra\.es\//),
      },
    });
    await expect(atom.resolve({ provinces: ['Gipuzkoa'] })).rejects.toMatchObject({
      code: 'CNV_COVERAGE',
      data: { reason: 'FORAL_TERRITORY', province: '20', name: 'Gipuzkoa' },
    });
    const bilbao = await atom.resolve({ municipalities: ['Bilbao'] }).catch((error: unknown) => error);
    expect(bilbao).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/^No municipality "Bilbao" .*Basque Country and Navarre are not in it: .*Bizkaia https:\/\/apli\.bizkaia\.eus/),
    });
    const { foral, ...named } = (bilbao as ServiceError).data as { foral: { province: string }[] };
    expect(named).toEqual({ reason: 'MUNICIPALITY_NAME_UNKNOWN', name: 'Bilbao' });
    expect(foral.map((territory) => territory.province).sort()).toEqual(['01', '20', '31', '48']);
    expect(foral).toContainEqual(bizkaia);
    await expect(atom.resolve({ bbox: [2.1, 41.3, 2.2, 41.4] })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { reason: 'NO_MUNICIPALITY_IN_VIEW' },
    });
    await expect(atom.resolve({ municipalities: ['40999'] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      data: { reason: 'MUNICIPALITY_CODE_UNKNOWN', code: '40999' },
    });
    await expect(atom.resolve({ provinces: ['Atlantis'] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No territorial office "Atlantis" in the Catastro\'s download service (it lists 40 Segovia).',
      data: { reason: 'PROVINCE_UNKNOWN', name: 'Atlantis', offices: [{ code: '40', name: 'Segovia' }] },
    });
  });

  it('refuses a name several municipalities bear, naming them (the first 12) and how many', async () => {
    // Feeds written by hand to the service's shape (atom-feeds.ts), with more municipalities than the fake's one.
    const names = ['SAN ILDEFONSO', 'SAN CRISTOBAL DE SEGOVIA', ...Array.from({ length: 11 }, (_, i) => `SANTA MARIA ${i + 1}`)];
    const entries = names
      .map((name, i) => {
        const code = String(40900 + i);
        return `<entry><title>${code}-${name}</title><link rel="enclosure" type="application/zip" href="https://x.test/INSPIRE/CadastralParcels/40/${code}-X/A.ES.SDGC.CP.${code}.zip"/></entry>`;
      })
      .join('');
    const feeds: Record<string, string> = {
      'https://x.test/INSPIRE/CadastralParcels/ES.SDGC.CP.atom.xml':
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Territorial office 40 Segovia</title><link href="https://x.test/INSPIRE/CadastralParcels/40/ES.SDGC.CP.atom_40.xml"/></entry></feed>',
      'https://x.test/INSPIRE/CadastralParcels/40/ES.SDGC.CP.atom_40.xml': `<feed xmlns="http://www.w3.org/2005/Atom">${entries}</feed>`,
    };
    const client = {
      getText: async (url: string) => (feeds[url] ? { status: 200, body: feeds[url] } : { status: 404, body: '' }),
    } as unknown as UpstreamClient;
    const atom = new EsAtomCatalogue('https://x.test/INSPIRE', client);
    const refused = await atom.resolve({ municipalities: ['San'] }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^"San" names 13 municipalities: 40900 SAN ILDEFONSO, 40901 SAN CRISTOBAL DE SEGOVIA, .*, …\. Give the code\.$/),
    });
    const data = (refused as ServiceError).data as { candidates: unknown[] };
    expect(data).toMatchObject({ reason: 'MUNICIPALITY_NAME_AMBIGUOUS', name: 'San', total: 13 });
    expect(data.candidates).toHaveLength(12);
    expect(data.candidates.slice(0, 2)).toEqual([
      { code: '40900', name: 'SAN ILDEFONSO' },
      { code: '40901', name: 'SAN CRISTOBAL DE SEGOVIA' },
    ]);
  });
});

describe('downloading an area for offline use', () => {
  it('downloads, checks and imports the parcels and buildings zips, with progress in bytes, files and parcels', async () => {
    const events: OfflineProgress[] = [];
    const chosen = await catalogue().resolve({ municipalities: ['40146'] });
    const result = await downloadAreas(bench.store, chosen, options({ onProgress: (p) => events.push(p) }));
    expect(result).toMatchObject({ parcels: PARCELS, buildings: BUILDINGS, failures: [], cancelled: false });
    expect(bench.store.countParcels('ES')).toBe(PARCELS);
    expect(bench.store.getParcel('ES', '000700100UL74F')).toMatchObject({ municipio: 'MELQUE DE CERCOS', uso: 'Industrial' });
    const total = bench.fake.zipBytes[CP_ZIP].length + bench.fake.zipBytes[BU_ZIP].length;
    expect(events.every((e) => e.bytesTotal === total && e.filesTotal === 2)).toBe(true);
    expect(events.at(-1)).toMatchObject({ phase: 'done', filesDone: 2, bytesDone: total, parcels: PARCELS });
    expect(events.some((e) => e.phase === 'import' && e.parcels > 0 && e.parcels < PARCELS)).toBe(true);
    const [area] = listOfflineAreas(bench.store.db);
    expect(area).toMatchObject({
      id: 'ES.40146',
      dataDate: '2021-09-11',
      source: chosen[0].parcels.url,
      buildingsSource: chosen[0].buildings!.url,
      parcels: PARCELS,
    });
    expect(result.areas).toEqual([area]);
    expect(readdirSync(path.join(bench.dir, 'downloads'))).toEqual([]);
  });

  it('resumes a transfer cut half way with an HTTP Range request', async () => {
    bench.fake.setFault(CP_ZIP, { kind: 'cut' });
    const result = await downloadAreas(bench.store, await catalogue().resolve({ municipalities: ['40146'] }), options());
    expect(result.failures).toEqual([]);
    const cp = bench.fake.requests.filter((r) => r.path.endsWith(CP_ZIP));
    expect(cp).toHaveLength(2);
    expect(cp[1].range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(bench.store.countParcels('ES')).toBe(PARCELS);
  });

  it('resumes the .part an interrupted earlier run left', async () => {
    const half = bench.fake.zipBytes[CP_ZIP].subarray(0, 10_000);
    mkdirSync(path.join(bench.dir, 'downloads'), { recursive: true });
    writeFileSync(path.join(bench.dir, 'downloads', `${CP_ZIP}.part`), half);
    await downloadAreas(bench.store, await catalogue().resolve({ municipalities: ['40146'] }), options({ buildings: false }));
    expect(bench.fake.requests.filter((r) => r.path.endsWith(CP_ZIP)).map((r) => r.range)).toEqual(['bytes=10000-']);
    expect(bench.store.countParcels('ES')).toBe(PARCELS);
  });

  // A run stopped while it imported used to leave the finished zip unused: the next run fetched
  // the whole file again (the Catastro's provincial zips run to hundreds of MB).
  it('keeps a zip whose import was interrupted; the next run revalidates it with If-Range and imports it without fetching it again', async () => {
    const chosen = await catalogue().resolve({ municipalities: ['40146'] });
    const stop = new AbortController();
    const interrupted = await downloadAreas(
      bench.store,
      chosen,
      options({
        buildings: false,
        signal: stop.signal,
        onProgress: (p) => {
          if (p.phase === 'import') stop.abort();
        },
      }),
    );
    expect(interrupted.cancelled).toBe(true);
    expect(bench.store.countParcels('ES')).toBe(0);
    expect(readdirSync(path.join(bench.dir, 'downloads')).sort()).toEqual([CP_ZIP, `${CP_ZIP}.download.json`]);

    bench.fake.requests.length = 0;
    const resumed = await downloadAreas(bench.store, chosen, options({ buildings: false }));
    expect(resumed.failures).toEqual([]);
    const size = bench.fake.zipBytes[CP_ZIP].length;
    expect(bench.fake.requests.filter((r) => r.path.endsWith(CP_ZIP))).toEqual([
      { path: expect.stringMatching(/CP\.40146\.zip$/), range: `bytes=${size}-`, ifRange: expect.stringMatching(/^"[0-9a-f]{32}"$/), status: 416 },
    ]);
    expect(bench.store.countParcels('ES')).toBe(PARCELS);
    expect(readdirSync(path.join(bench.dir, 'downloads'))).toEqual([]);
  });

  // Resuming bytes of the old edition with the new one's used to end in "the downloaded file is
  // damaged": the run failed where a fresh download would have worked.
  it.each([
    ['the size the feed now announces', true],
    ['the size the feed now announces, from a server without validators', false],
  ])('a zip republished since an interrupted run is fetched whole, told by %s', async (_how, validators) => {
    bench.fake.sendValidators = validators;
    const original = bench.fake.zipBytes[CP_ZIP];
    try {
      bench.fake.setFault(CP_ZIP, { kind: 'cut' }, 2);
      const cut = await downloadAreas(bench.store, await catalogue().resolve({ municipalities: ['40146'] }), options({ buildings: false, retries: 1 }));
      expect(cut.failures).toHaveLength(1);
      expect(existsSync(path.join(bench.dir, 'downloads', `${CP_ZIP}.part`))).toBe(true);

      const removed = '001300100UL74F';
      const newer = await writeZip(path.join(mkdtempSync(path.join(bench.dir, 'newer-')), CP_ZIP), {
        'A.ES.SDGC.CP.40146.cadastralparcel.gml': parcelsGmlWithout(removed),
        'A.ES.SDGC.CP.MD..40146.xml': sampleMetadataXml(),
      });
      bench.fake.publish(CP_ZIP, readFileSync(newer));
      bench.fake.requests.length = 0;
      const result = await downloadAreas(bench.store, await catalogue().resolve({ municipalities: ['40146'] }), options({ buildings: false }));
      expect(result.failures).toEqual([]);
      const zipRequests = bench.fake.requests.filter((r) => r.path.endsWith(CP_ZIP));
      expect(zipRequests.at(-1)?.status).toBe(200);
      expect(bench.store.countParcels('ES')).toBe(PARCELS - 1);
      expect(bench.store.getParcel('ES', removed)).toBeUndefined();
    } finally {
      bench.fake.publish(CP_ZIP, original);
      bench.fake.sendValidators = true;
    }
  });

  it('reports a damaged file by name and still imports the rest', async () => {
    bench.fake.setFault(BU_ZIP, { kind: 'corrupt' });
    const result = await downloadAreas(bench.store, await catalogue().resolve({ municipalities: ['40146'] }), options());
    expect(result.failures).toEqual([
      { file: BU_ZIP, url: expect.stringContaining(BU_ZIP), message: expect.stringMatching(/the downloaded file is damaged \(.+\); it was discarded/) },
    ]);
    expect(result.parcels).toBe(PARCELS);
    expect(bench.store.countParcels('ES')).toBe(PARCELS);
    expect(bench.store.db.prepare('SELECT count(*) FROM buildings').pluck().get()).toBe(0);
    expect(existsSync(path.join(bench.dir, 'downloads', BU_ZIP))).toBe(false);
  });

  it('reports a missing file by name (HTTP 404) and a cancelled run imports nothing more', async () => {
    bench.fake.setFault(CP_ZIP, { kind: 'status', status: 404 });
    const chosen = await catalogue().resolve({ municipalities: ['40146'] });
    const missing = await downloadAreas(bench.store, chosen, options());
    expect(missing.failures).toEqual([{ file: CP_ZIP, url: chosen[0].parcels.url, message: expect.stringMatching(/HTTP 404/) }]);
    expect(bench.store.countParcels('ES')).toBe(0);
    const cancelled = await downloadAreas(bench.store, chosen, options({ signal: AbortSignal.abort() }));
    expect(cancelled.cancelled).toBe(true);
    expect(bench.store.countParcels('ES')).toBe(0);
  });

  it('updates an area from the feeds and lists it with its source and date', async () => {
    await downloadAreas(bench.store, await catalogue().resolve({ municipalities: ['40146'] }), options());
    const before = listOfflineAreas(bench.store.db)[0];
    bench.fake.requests.length = 0;
    const updated = await updateAreas(bench.store, catalogue(), ['ES.40146', 'ES.99999'], options());
    expect(updated.failures).toEqual([
      { file: 'ES.99999', url: '', message: 'The copy holds no offline area ES.99999.', data: { reason: 'NO_OFFLINE_AREA', id: 'ES.99999' } },
    ]);
    expect(bench.fake.requests.filter((r) => r.path.endsWith('.zip')).map((r) => path.basename(r.path))).toEqual([CP_ZIP, BU_ZIP]);
    const after = listOfflineAreas(bench.store.db)[0];
    expect(after).toMatchObject({ id: before.id, parcels: PARCELS, buildings: BUILDINGS, dataDate: '2021-09-11' });
    expect(after.updatedAt >= before.updatedAt).toBe(true);
  });
});

describe('catastro download / catastro areas', () => {
  it('downloads by name, lists the area with source and date, and removes it', { timeout: 60_000 }, async () => {
    const data = mkdtempSync(path.join(bench.dir, 'cli-'));
    const cli = (...args: string[]) =>
      run(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), ...args, '--data', data, '--base-url', bench.fake.baseUrl]);
    const download = await cli('download', 'Melque de Cercos');
    expect(download.stdout).toMatch(new RegExp(`ES\\.40146  MELQUE DE CERCOS \\(Segovia\\): ${PARCELS} parcels, ${BUILDINGS} buildings, data of 2021-09-11`));
    expect(download.stderr).toMatch(/downloading A\.ES\.SDGC\.CP\.40146\.zip \(files 0\/2/);
    const list = await cli('areas', 'list');
    expect(list.stdout).toMatch(
      new RegExp(
        `ES\\.40146 .*MELQUE DE CERCOS \\(Segovia\\).* ${PARCELS} parcels .*data 2021-09-11 .*from ${bench.fake.baseUrl.replace(/[.]/g, '\\.')}/CadastralParcels/40/`,
      ),
    );
    const removed = await cli('areas', 'remove', 'ES.40146');
    expect(removed.stdout).toContain(`ES.40146: removed with its ${PARCELS} parcels.`);
    expect((await cli('areas')).stdout).toContain('no offline areas');
    await expect(cli('download', '48020')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('foral territory') });
  });
});
