import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { listOfflineAreas, removeOfflineArea } from '../../../core/store/offline-areas.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import type { ImportResult } from '../../../core/model/records.js';
import { SAMPLE_DIR, otherConstructionGml, parcelsGmlWithout, sampleParcelsGml, writeSegoviaZips, writeZip } from '../../helpers/catastro-zips.js';

/** Every stored parcel and building, as rows: what "the same copy" means. */
function contents(store: ParcelStore) {
  return {
    parcels: store.db
      .prepare(
        `SELECT country, ref, hex(geometry) AS geometry, centroid_lon, centroid_lat, area, municipio, provincia,
      clase, source, data_date FROM parcels ORDER BY country, ref`,
      )
      .all(),
    boxes: store.db.prepare('SELECT p.ref, r.min_lon, r.max_lon, r.min_lat, r.max_lat FROM parcels_rtree r JOIN parcels p USING (id) ORDER BY p.ref').all(),
    buildings: store.db.prepare('SELECT * FROM buildings ORDER BY ref').all(),
  };
}

let dir: string;
let zips: { parcels: string; buildings: string };
let fromZips: ParcelStore;
let fromLoose: ParcelStore;
let zipResults: ImportResult[];
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-zip-'));
  zips = await writeSegoviaZips(dir);
  fromZips = ParcelStore.open(path.join(dir, 'zips.sqlite'));
  zipResults = await importFiles(fromZips, [zips.parcels, zips.buildings]);
  // The same real data as loose files: the GML (with its metadata beside it) and the buildings GML.
  fromLoose = ParcelStore.open(path.join(dir, 'loose.sqlite'));
  await importFiles(
    fromLoose,
    ['A.ES.SDGC.CP.40146.cadastralparcel.gml.gz', 'A.ES.SDGC.BU.40146.building.gml.gz'].map((f) => path.join(SAMPLE_DIR, f)),
  );
});
afterAll(() => {
  fromZips?.close();
  fromLoose?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('import of the zips the Catastro publishes (A.ES.SDGC.CP/BU.NNNNN.zip)', () => {
  it('reads them in place into exactly the copy the loose GML gives', () => {
    const members = sampleParcelsGml().toString('utf8').split('<cp:CadastralParcel ').length - 1;
    expect(zipResults.map((r) => [r.kind, r.parcels, r.buildings])).toEqual([
      ['inspire-parcels', members, 0],
      ['inspire-buildings', 0, 246],
    ]);
    const [zipped, loose] = [contents(fromZips), contents(fromLoose)];
    expect(zipped.parcels).toHaveLength(members);
    expect(zipped).toEqual(loose);
  });

  it('names the municipality from the metadata inside the zip', () => {
    expect(fromZips.getParcel('ES', '000700100UL74F')).toMatchObject({ municipio: 'MELQUE DE CERCOS', provincia: 'Segovia' });
  });

  it("keeps the file's own date (the GML's timeStamp) as the data date of the import and of the area", () => {
    const timeStamp = /timeStamp="(\d{4}-\d{2}-\d{2})/.exec(sampleParcelsGml().toString('utf8', 0, 4096))![1];
    expect(timeStamp).toBe('2021-09-11');
    expect(zipResults[0].dataDate).toBe(timeStamp);
    expect(fromZips.db.prepare('SELECT data_date FROM imported_files WHERE name = ?').pluck().get('A.ES.SDGC.CP.40146.zip')).toBe(timeStamp);
    const [area] = listOfflineAreas(fromZips.db);
    expect(area).toMatchObject({
      id: 'ES.40146',
      code: '40146',
      name: 'MELQUE DE CERCOS',
      province: 'Segovia',
      dataDate: timeStamp,
      parcels: zipResults[0].parcels,
      buildings: 246,
      source: 'A.ES.SDGC.CP.40146.zip',
      buildingsSource: 'A.ES.SDGC.BU.40146.zip',
    });
    expect(area.bytes).toBe(readFileSync(zips.parcels).length + readFileSync(zips.buildings).length);
  });

  it('refuses a zip without parcels or buildings, naming what it holds, and changes nothing', async () => {
    const only = await writeZip(path.join(dir, 'A.ES.SDGC.BU.99999.zip'), { 'A.ES.SDGC.BU.40146.otherconstruction.gml': otherConstructionGml() });
    const before = contents(fromZips);
    await expect(importFiles(fromZips, [only])).rejects.toThrow(
      /holds no INSPIRE parcels, buildings or addresses GML \(only A\.ES\.SDGC\.BU\.40146\.otherconstruction\.gml \(OtherConstruction\)\)/,
    );
    expect(contents(fromZips)).toEqual(before);
  });

  it('refuses a truncated zip with a clear message and changes nothing', async () => {
    const truncated = path.join(dir, 'A.ES.SDGC.CP.40147.zip');
    const bytes = readFileSync(zips.parcels);
    writeFileSync(truncated, bytes.subarray(0, bytes.length >> 1));
    const before = contents(fromZips);
    await expect(importFiles(fromZips, [truncated])).rejects.toThrow(/nothing of it was kept: .*not a readable zip/);
    expect(contents(fromZips)).toEqual(before);
  });

  it('an update drops the parcels gone from the newer file, and remove takes exactly the area away', async () => {
    const store = ParcelStore.open(path.join(dir, 'update.sqlite'));
    try {
      // A live answer outside the area must survive both.
      store.upsertParcels([{ ...fromLoose.getParcel('ES', '000700100UL74F')!, ref: '9398516VK3799G', source: 'live' }]);
      const first = await writeSegoviaZips(mkdtempSync(path.join(dir, 'v1-')));
      await importFiles(store, [first.parcels, first.buildings]);
      const total = store.countParcels('ES');
      const newer = await writeSegoviaZips(mkdtempSync(path.join(dir, 'v2-')), parcelsGmlWithout('40146A00305023'));
      await importFiles(store, [newer.parcels]);
      expect(store.getParcel('ES', '40146A00305023')).toBeUndefined();
      expect(store.countParcels('ES')).toBe(total - 1);
      expect(store.db.prepare('SELECT count(*) FROM parcels_rtree').pluck().get()).toBe(total - 1);

      expect(removeOfflineArea(store.db, 'ES.40146')).toEqual({ parcels: total - 2 });
      expect(store.countParcels('ES')).toBe(1);
      expect(store.getParcel('ES', '9398516VK3799G')?.source).toBe('live');
      expect(store.db.prepare('SELECT count(*) FROM buildings').pluck().get()).toBe(0);
      expect(listOfflineAreas(store.db)).toEqual([]);
      expect(removeOfflineArea(store.db, 'ES.40146')).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
