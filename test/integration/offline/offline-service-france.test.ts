import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceError } from '../../../core/model/index.js';
import { OfflineAreasService } from '../../../core/offline/offline-areas-service.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../../fake-upstream/catastro-atom.js';
import { startFakeEtalabCadastre, type FakeEtalabCadastre } from '../../fake-upstream/etalab-cadastre.js';
import { startFakeGeoApi, type FakeGeoApi } from '../../fake-upstream/geo-api-gouv.js';

// The app's offline areas offered Spain only, and its Update of a French area (one the command
// line had downloaded) asked the Catastro's feeds for commune 91216 and failed.
let atom: FakeCatastroAtom;
let etalab: FakeEtalabCadastre;
let geoApi: FakeGeoApi;
let dir: string;
let store: ParcelStore;
let service: OfflineAreasService;

beforeAll(async () => {
  [atom, etalab, geoApi] = await Promise.all([startFakeCatastroAtom(), startFakeEtalabCadastre(), startFakeGeoApi()]);
});
afterAll(async () => {
  store?.close();
  await Promise.all([atom?.close(), etalab?.close(), geoApi?.close()]);
});
beforeEach(() => {
  store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-offline-service-fr-'));
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
  service = new OfflineAreasService(
    store,
    new UpstreamClient({ retries: 0, timeoutMs: 5000 }),
    { atomBaseUrl: atom.baseUrl, etalabRoot: etalab.root, frGeoApiUrl: geoApi.baseUrl },
    dir,
  );
  atom.requests.length = 0;
  geoApi.forget();
  etalab.requests.length = 0;
});

describe("France in the app's offline areas (Etalab files, the real 91216 file behind a fake host)", () => {
  it('downloads a commune by INSEE code with progress, lists it, and updates it from Etalab', async () => {
    const phases = new Set<string>();
    const result = await service.download({ country: 'FR', municipalities: ['91216'] }, (p) => phases.add(p.phase));
    expect(result).toMatchObject({ cancelled: false, failures: [], areas: [{ id: 'FR.91216', country: 'FR' }] });
    expect(result.parcels).toBeGreaterThan(4000);
    expect([...phases]).toEqual(expect.arrayContaining(['download', 'import']));
    expect(store.countParcels('FR')).toBe(result.parcels);
    expect(service.list().map((a) => a.id)).toEqual(['FR.91216']);

    etalab.requests.length = 0;
    const updated = await service.update(['FR.91216']);
    expect(updated).toMatchObject({ cancelled: false, failures: [], areas: [{ id: 'FR.91216' }] });
    expect(etalab.requests.map((r) => r.path)).toEqual([expect.stringMatching(/\/communes\/91\/91216\/cadastre-91216-parcelles\.json\.gz$/)]);
    expect(atom.requests).toEqual([]);
    expect(store.countParcels('FR')).toBe(result.parcels);
  });

  it('updates a Spanish and a French area together, each from its own publisher', async () => {
    await service.download({ municipalities: ['40146'], buildings: false });
    await service.download({ country: 'FR', provinces: ['91'] });
    atom.requests.length = 0;
    etalab.requests.length = 0;
    const updated = await service.update(['ES.40146', 'FR.91']);
    expect(updated.failures).toEqual([]);
    expect(updated.areas.map((a) => a.id).sort()).toEqual(['ES.40146', 'FR.91']);
    expect(etalab.requests.map((r) => r.path)).toEqual([expect.stringMatching(/\/departements\/91\/cadastre-91-parcelles\.json\.gz$/)]);
    expect(atom.requests.some((r) => r.path.endsWith('A.ES.SDGC.CP.40146.zip'))).toBe(true);
  });

  it.each([
    [{ country: 'FR', municipalities: ['9121'] }, /"9121" is neither a French commune \(INSEE code, e\.g\. 91216 or 2A004\) nor a département/],
    [{ country: 'FR' }, /communes \(names or INSEE codes, e\.g\. 91216\), départements \(e\.g\. Essonne, 91, 2A\) or the map view/],
    [{ country: 'DE', municipalities: ['Berlin'] }, /country must be one of ES, FR/],
  ])('refuses %j with VALIDATION_ERROR before anything is fetched', async (choice, message) => {
    expect(() => service.download(choice)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.stringMatching(message) }));
    expect(etalab.requests).toEqual([]);
    expect(geoApi.requests).toEqual([]);
    expect(service.interrupted()).toBeNull();
  });

  it("names the code that is no French commune or département, for the app to say it in the user's language", () => {
    expect(() => service.download({ country: 'FR', municipalities: [' 9121 '] })).toThrow(
      expect.objectContaining({ data: { reason: 'FRENCH_CODE_INVALID', code: '9121' } }),
    );
  });
});

describe('France by name and by the map (API Découpage administratif, a hand-written fake)', () => {
  it('finds a commune by its name written without accents or hyphens and downloads its file', async () => {
    const result = await service.download({ country: 'FR', municipalities: ['epinay sur orge'] });
    expect(result).toMatchObject({ cancelled: false, failures: [], areas: [{ id: 'FR.91216' }] });
    expect(geoApi.requests).toEqual([{ path: '/communes', query: expect.objectContaining({ nom: 'epinay sur orge' }) }]);
    expect(etalab.requests.map((r) => r.path)).toEqual([expect.stringMatching(/\/communes\/91\/91216\//)]);
  });

  it('finds a département by name', async () => {
    const result = await service.download({ country: 'FR', provinces: ['Essonne'] });
    expect(result.areas.map((a) => a.id)).toEqual(['FR.91']);
  });

  it('takes every commune whose outline meets the map view (and no other of their département), and the rest is still imported when one file is missing', async () => {
    const [west, south, inner, north] = [...geoApi.extent91216.slice(0, 2), geoApi.extent91216[2] - 0.005, geoApi.extent91216[3]];
    const alone = await service.download({ country: 'FR', bbox: [west, south, inner, north] });
    expect(alone.areas.map((a) => a.id)).toEqual(['FR.91216']);
    // The view's départements come from points across it, not from its centre only.
    const probes = geoApi.requests.filter((r) => r.query.lat).map((r) => [Number(r.query.lon), Number(r.query.lat)]);
    expect(probes.length).toBeGreaterThanOrEqual(9);
    expect(probes).toEqual(
      expect.arrayContaining([
        [expect.closeTo(west, 5), expect.closeTo(south, 5)],
        [expect.closeTo(inner, 5), expect.closeTo(north, 5)],
      ]),
    );
    expect(geoApi.requests.filter((r) => r.query.codeDepartement)).toEqual([
      { path: '/communes', query: expect.objectContaining({ codeDepartement: '91', format: 'geojson', geometry: 'contour' }) },
    ]);

    // Widened east over a second commune's outline: both are asked for. Etalab's fake holds only
    // 91216's file, so 91215 fails on its own and 91216 is imported all the same.
    etalab.requests.length = 0;
    const both = await service.download({ country: 'FR', bbox: [west, south, geoApi.extent91215[2], north] });
    expect(etalab.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/communes\/91\/91215\//), expect.stringMatching(/\/communes\/91\/91216\//)]),
    );
    expect(both.areas.map((a) => a.id)).toEqual(['FR.91216']);
    expect(both.failures).toEqual([expect.objectContaining({ message: expect.stringMatching(/91215/) })]);
  });

  it.each([
    [
      { country: 'FR', municipalities: ['Saint-Martin'] },
      'VALIDATION_ERROR',
      /2 French communes are named "Saint-Martin": 32398 \(Saint-Martin, 32\), 54469 \(Saint-Martin, 54\)\. Give the INSEE code/,
      {
        reason: 'COMMUNE_NAME_AMBIGUOUS',
        name: 'Saint-Martin',
        total: 2,
        candidates: [
          { code: '32398', name: 'Saint-Martin', departement: '32' },
          { code: '54469', name: 'Saint-Martin', departement: '54' },
        ],
      },
    ],
    [
      { country: 'FR', municipalities: ['Épinay'] },
      'NOT_FOUND',
      /No French commune is named "Épinay"\. Names close to it: 91216 \(Épinay-sur-Orge, 91\), 91215 \(Épinay-sous-Sénart, 91\)\. Give the full name or the INSEE code/,
      {
        reason: 'COMMUNE_NAME_UNKNOWN',
        name: 'Épinay',
        total: 2,
        candidates: [
          { code: '91216', name: 'Épinay-sur-Orge', departement: '91' },
          { code: '91215', name: 'Épinay-sous-Sénart', departement: '91' },
        ],
      },
    ],
    [
      { country: 'FR', provinces: ['Normandie'] },
      'NOT_FOUND',
      /No French département is named "Normandie"/,
      { reason: 'DEPARTEMENT_NAME_UNKNOWN', name: 'Normandie' },
    ],
    [
      { country: 'FR', bbox: [-3.71, 40.41, -3.69, 40.43] },
      'NOT_FOUND',
      /No French commune lies under the map view \(40\.41, -3\.71 to 40\.43, -3\.69\); move the map over France/,
      { reason: 'NO_COMMUNE_IN_VIEW' },
    ],
    [
      { country: 'FR', bbox: [2.0, 48.5, 2.6, 48.8] },
      'VALIDATION_ERROR',
      /The map view is too large to pick French communes from \(at most 0\.45° a side\); zoom in/,
      { reason: 'MAP_VIEW_TOO_LARGE' },
    ],
  ] as [object, string, RegExp, object][])(
    'refuses %j with %s naming what to do, fetching no file and leaving nothing to resume',
    async (choice, code, message, data) => {
      // Each refusal names its reason and the values its sentence names, for the app to say it in the user's language.
      const refused = await service.download(choice).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code, message: expect.stringMatching(message) });
      expect((refused as ServiceError).data).toEqual(data);
      expect(etalab.requests).toEqual([]);
      expect(service.interrupted()).toBeNull();
    },
  );

  it('refuses to remove an area the copy does not hold, naming it; an update reports it among the failures the same way', async () => {
    expect(() => service.remove('FR.91216')).toThrow(
      expect.objectContaining({
        code: 'NOT_FOUND',
        message: 'The copy holds no offline area FR.91216.',
        data: { reason: 'NO_OFFLINE_AREA', id: 'FR.91216' },
      }),
    );
    const updated = await service.update(['FR.91216']);
    expect(updated.failures).toEqual([
      { file: 'FR.91216', url: '', message: 'The copy holds no offline area FR.91216.', data: { reason: 'NO_OFFLINE_AREA', id: 'FR.91216' } },
    ]);
  });

  // Issue #38 finding 16: it was kept "to resume" though it had fetched nothing; the same choice is simply asked again.
  it('says the lookup service is unreachable, and leaves nothing to resume: it fetched no file', async () => {
    const closed = await startFakeGeoApi();
    await closed.close();
    const offline = new OfflineAreasService(
      store,
      new UpstreamClient({ retries: 0, timeoutMs: 2000 }),
      { atomBaseUrl: atom.baseUrl, etalabRoot: etalab.root, frGeoApiUrl: closed.baseUrl },
      dir,
    );
    await expect(offline.download({ country: 'FR', municipalities: ['Épinay-sur-Orge'] })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(offline.interrupted()).toBeNull();
    await expect(() => service.resume()).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
