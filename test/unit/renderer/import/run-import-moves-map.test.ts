import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CopyExtent } from '../../../../core/model/index.js';
import { CatastroService } from '../../../../core/service.js';
import type { CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { runImport } from '../../../../renderer/import/run-import.js';
import { registerMapView } from '../../../../renderer/map/view-context.js';
import { countryFixture } from '../../../fake-upstream/countries/fake-server.js';
import { fakeClient } from '../../../helpers/fake-client.js';

// Issue #40 item 5: after importing a French commune the map stayed where it was (over Spain).
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'run-import-moves-map-'));
});
afterAll(() => {
  registerMapView(null);
  rmSync(dir, { recursive: true, force: true });
});

/** The real 91216 file saved as `fileName` and imported through the app's import into a fresh copy: what the map was shown, and the copy's areas. */
async function importEtalabFileAs(fileName: string): Promise<{ shown: CopyExtent[]; service: CatastroService }> {
  const folder = mkdtempSync(path.join(dir, 'copy-'));
  const service = await CatastroService.open({ dataDir: path.join(folder, 'data'), importSample: false });
  const file = path.join(folder, fileName);
  copyFileSync(countryFixture('fr_etalab_cadastre_parcelles_91216.json.gz'), file);
  const shown: CopyExtent[] = [];
  registerMapView({ centreLongitude: () => -4.47, refsInView: () => [], showArea: (area) => shown.push(area) });
  const client = fakeClient({ extents: async () => service.extents() }, {
    importFiles: () => service.importFiles([file]),
  } as unknown as Partial<CatastroClient>);
  await runImport(client);
  return { shown, service };
}

it("moves the map to the commune an Etalab file filled, and lists it among the copy's offline areas", async () => {
  // Under its published name, as a user downloads it from cadastre.data.gouv.fr.
  const { shown, service } = await importEtalabFileAs('cadastre-91216-parcelles.json.gz');
  try {
    expect(shown.map((area) => area.area)).toEqual(['FR.91216']);
    const [west, south, east, north] = shown[0].bbox;
    // Épinay-sur-Orge, Essonne.
    expect(west).toBeGreaterThan(2.2);
    expect(east).toBeLessThan(2.4);
    expect(south).toBeGreaterThan(48.6);
    expect(north).toBeLessThan(48.7);
    expect(service.offline.list().map((area) => area.id)).toEqual(['FR.91216']);
  } finally {
    service.close();
  }
});

it('knows the commune from the file itself: the same file renamed fills, lists and shows the same commune', async () => {
  // A user who saved the download as "epinay.json.gz" got the parcels (named) but no offline area
  // and no move: the area came from the published file name only.
  const { shown, service } = await importEtalabFileAs('epinay.json.gz');
  try {
    expect(shown.map((area) => area.area)).toEqual(['FR.91216']);
    expect(service.offline.list()).toEqual([expect.objectContaining({ id: 'FR.91216', country: 'FR', code: '91216', name: 'Épinay-sur-Orge' })]);
  } finally {
    service.close();
  }
});
