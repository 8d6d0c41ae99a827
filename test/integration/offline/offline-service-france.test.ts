import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OfflineAreasService } from '../../../core/offline/offline-areas-service.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../../fake-upstream/catastro-atom.js';
import { startFakeEtalabCadastre, type FakeEtalabCadastre } from '../../fake-upstream/etalab-cadastre.js';

// The app's offline areas offered Spain only, and its Update of a French area (one the command
// line had downloaded) asked the Catastro's feeds for commune 91216 and failed.
let atom: FakeCatastroAtom;
let etalab: FakeEtalabCadastre;
let dir: string;
let store: ParcelStore;
let service: OfflineAreasService;

beforeAll(async () => {
  [atom, etalab] = await Promise.all([startFakeCatastroAtom(), startFakeEtalabCadastre()]);
});
afterAll(async () => {
  store?.close();
  await Promise.all([atom?.close(), etalab?.close()]);
});
beforeEach(() => {
  store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-offline-service-fr-'));
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
  service = new OfflineAreasService(store, new UpstreamClient({ retries: 0, timeoutMs: 5000 }), { atomBaseUrl: atom.baseUrl, etalabRoot: etalab.root }, dir);
  atom.requests.length = 0;
  etalab.requests.length = 0;
});

describe('France in the app\'s offline areas (Etalab files, the real 91216 file behind a fake host)', () => {
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
    [{ country: 'FR', bbox: [2.3, 48.6, 2.4, 48.7] }, /France is downloaded by commune \(INSEE code\) or département, not by map view/],
    [{ country: 'FR', municipalities: ['Épinay-sur-Orge'] }, /"Épinay-sur-Orge" is neither a French commune \(INSEE code, e\.g\. 91216 or 2A004\) nor a département/],
    [{ country: 'FR' }, /communes \(INSEE codes, e\.g\. 91216\) or départements/],
    [{ country: 'DE', municipalities: ['Berlin'] }, /country must be one of ES, FR/],
  ])('refuses %j with VALIDATION_ERROR before anything is fetched', async (choice, message) => {
    expect(() => service.download(choice)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.stringMatching(message) }));
    expect(etalab.requests).toEqual([]);
    expect(service.interrupted()).toBeNull();
  });
});
