import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EsAtomCatalogue } from '../../../core/countries/es/atom-catalogue.js';
import { DEFAULT_ATOM_BASE_URL, foreignEnclosure } from '../../../core/countries/es/atom-feeds.js';
import { downloadAreas } from '../../../core/offline/download-areas.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../../fake-upstream/catastro-atom.js';

// Issue #38: a feed is the publisher's word on what to fetch and how big it is; a hostile or broken
// one must not make the app fetch from elsewhere (finding 10) or fill the disk (finding 15).
const CP_ZIP = 'A.ES.SDGC.CP.40146.zip';

let fake: FakeCatastroAtom;
/** Another server of the same machine, on another port: where a hostile feed links its zips. */
let elsewhere: http.Server;
let elsewhereUrl: string;
let elsewhereRequests: string[];
let dir: string;
let store: ParcelStore;
const catalogue = () => new EsAtomCatalogue(fake.baseUrl, new UpstreamClient({ retries: 0, timeoutMs: 5000 }));
const downloads = () => path.join(dir, 'downloads');

beforeAll(async () => {
  fake = await startFakeCatastroAtom();
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-hostile-feeds-'));
  elsewhere = http.createServer((req, res) => {
    elsewhereRequests.push(String(req.url));
    const zip = fake.zipBytes[path.basename(String(req.url))];
    if (!zip) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Length': zip.length }).end(zip);
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/INSPIRE`;
});
afterAll(async () => {
  store?.close();
  await fake?.close();
  await new Promise((resolve) => elsewhere.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  store?.close();
  store = ParcelStore.open(path.join(mkdtempSync(path.join(dir, 'copy-')), 'catastro.sqlite'));
  rmSync(downloads(), { recursive: true, force: true });
  fake.requests.length = 0;
  fake.enclosureBase = undefined;
  for (const name of Object.keys(fake.announcedLength)) delete fake.announcedLength[name];
  elsewhereRequests = [];
});

describe('enclosures on hosts the Catastro does not publish on (finding 10)', () => {
  it('are reported by name and never fetched, and nothing is imported', async () => {
    fake.enclosureBase = elsewhereUrl;
    const chosen = await catalogue().resolve({ municipalities: ['40146'] });
    const result = await downloadAreas(store, chosen, { downloadDir: downloads(), retryDelayMs: 10 });
    expect(result.failures).toEqual([
      {
        file: CP_ZIP,
        url: chosen[0].parcels.url,
        message: `${chosen[0].parcels.url}: the feed links this file on ${new URL(elsewhereUrl).origin}, not on the Catastro's download service (www.catastro.hacienda.gob.es, www.catastro.minhap.es); it was not fetched.`,
      },
    ]);
    expect(elsewhereRequests).toEqual([]);
    expect(store.countParcels('ES')).toBe(0);
    expect(existsSync(path.join(downloads(), CP_ZIP))).toBe(false);
  });

  it("the service's own hosts (either name, http or https) and the configured base's origin are fetched; any other port or host is not", () => {
    const real = `${DEFAULT_ATOM_BASE_URL}/CadastralParcels/40/40146-MELQUE%20DE%20CERCOS/${CP_ZIP}`;
    expect(foreignEnclosure(real, DEFAULT_ATOM_BASE_URL)).toBeUndefined();
    expect(foreignEnclosure(real.replace('https://www.catastro.hacienda.gob.es', 'http://www.catastro.minhap.es'), DEFAULT_ATOM_BASE_URL)).toBeUndefined();
    expect(foreignEnclosure(`${fake.baseUrl}/${CP_ZIP}`, fake.baseUrl)).toBeUndefined();
    expect(foreignEnclosure(real.replace('.gob.es/', '.gob.es:8443/'), DEFAULT_ATOM_BASE_URL)).toMatch(
      /on https:\/\/www\.catastro\.hacienda\.gob\.es:8443, not on/,
    );
    expect(foreignEnclosure(real.replace('www.catastro.hacienda.gob.es', 'catastro.example.net'), DEFAULT_ATOM_BASE_URL)).toMatch(/it was not fetched/);
    expect(foreignEnclosure(`${elsewhereUrl}/${CP_ZIP}`, fake.baseUrl)).toMatch(/it was not fetched/);
  });
});

describe('sizes a feed announces (finding 15)', () => {
  const zipRequests = () => fake.requests.filter((r) => r.path.endsWith('.zip'));

  it('a zip announced larger than the largest the Catastro publishes is refused by name before it is requested', async () => {
    fake.announcedLength[CP_ZIP] = 10 * 1024 ** 3;
    const chosen = await catalogue().resolve({ municipalities: ['40146'], buildings: false });
    const result = await downloadAreas(store, chosen, { downloadDir: downloads(), buildings: false, retryDelayMs: 10 });
    expect(result.failures).toEqual([
      {
        file: CP_ZIP,
        url: chosen[0].parcels.url,
        message: `${chosen[0].parcels.url}: the feed announces 10240 MB, more than the largest file the service publishes (4096 MB, setting CATASTRO_MAX_DOWNLOAD_MB); it was not fetched.`,
      },
    ]);
    expect(zipRequests()).toEqual([]);
    expect(readdirSync(downloads())).toEqual([]);
  });

  it('a zip larger than the disk has room for is refused before it is requested, saying how much is free', async () => {
    mkdirSync(downloads(), { recursive: true });
    const disk = statfsSync(downloads());
    // Within the bound (raised by its setting), but more than the disk holds: only the free space can refuse it.
    fake.announcedLength[CP_ZIP] = disk.bavail * disk.bsize + 1024 ** 3;
    process.env.CATASTRO_MAX_DOWNLOAD_MB = String(1024 ** 3);
    try {
      const chosen = await catalogue().resolve({ municipalities: ['40146'], buildings: false });
      const result = await downloadAreas(store, chosen, { downloadDir: downloads(), buildings: false, retryDelayMs: 10 });
      expect(result.failures).toEqual([
        {
          file: CP_ZIP,
          url: chosen[0].parcels.url,
          message: expect.stringMatching(
            /: the file needs \d+ MB more and the disk of the downloads folder has \d+ MB free \(256 MB are kept for the import\); free some space and try again\.$/,
          ),
        },
      ]);
    } finally {
      delete process.env.CATASTRO_MAX_DOWNLOAD_MB;
    }
    expect(zipRequests()).toEqual([]);
    expect(readdirSync(downloads())).toEqual([]);
  });
});
