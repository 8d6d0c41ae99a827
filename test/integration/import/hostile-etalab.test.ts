import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { countryFixture } from '../../fake-upstream/countries/fake-server.js';
import { expectImportRefusedWhole } from '../../helpers/refused-import.js';

/** The real Etalab file of 91216 with its first parcel's outline damaged, each way a file can be. */
const ETALAB = countryFixture('fr_etalab_cadastre_parcelles_91216.json.gz');
const text = gunzipSync(readFileSync(ETALAB)).toString('utf8');
const FIRST_RING = /"coordinates":\[\[(\[[^\]]*\],?)+\]\]/;
const withFirstRing = (ring: string) => text.replace(FIRST_RING, `"coordinates":[[${ring}]]`);

let dir: string;
let store: ParcelStore;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-etalab-'));
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an Etalab file with an outline that cannot be a parcel', () => {
  it.each([
    // Lambert-93 metres where WGS84 degrees belong: the whole file was kept, one parcel at longitude 652,000.
    [
      'metres, not degrees',
      '[652000,6860000],[652010,6860000],[652010,6860010],[652000,6860000]',
      /Parcel 91216000[A-Z]{2}\d{4}: .*outside the world.*longitude 652000, latitude 6860000/,
    ],
    // JSON reads 1e309 as Infinity.
    ['an infinite longitude', '[1e309,48.67],[2.32,48.68],[2.33,48.68],[1e309,48.67]', /Parcel 91216000[A-Z]{2}\d{4}: .*outside the world/],
    // Two positions make no ring: it was kept, an outline of no area.
    ['a ring of two points', '[2.3264631,48.679716],[2.3260107,48.6795177]', /Parcel 91216000[A-Z]{2}\d{4}: .*at least three distinct points/],
  ])('%s: refused naming the parcel, the copy unchanged', async (_name, ring, reason) => {
    const file = path.join(dir, 'cadastre-91216-parcelles.json');
    writeFileSync(file, withFirstRing(ring));
    await expectImportRefusedWhole(store, file, reason);
  });

  it('the undamaged file still imports (the pattern above damages only the first outline)', async () => {
    expect(FIRST_RING.test(text)).toBe(true);
    const file = path.join(dir, 'cadastre-91216-parcelles.json');
    writeFileSync(file, text);
    const [result] = await importFiles(store, [file]);
    expect(result.parcels).toBeGreaterThan(4000);
  });
});
