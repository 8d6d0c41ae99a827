// An area's import marks the parcels the copy held of it, and removes at its end those the new file
// lacked. That removal is a DELETE over every parcel of the copy (SQLite has no index on
// offline_area), run even on an area's first import, where nothing was marked: the usual import
// of a published zip into a new copy, and a new municipality added to a large copy.
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { parcelsGmlWithout, writeSegoviaZips } from '../../helpers/catastro-zips.js';
import { tempDir } from '../../helpers/temp-dir.js';

const REMOVAL = /^DELETE FROM parcels WHERE offline_area/;

describe("an area's first import", () => {
  it('skips the removal of parcels gone from the file; a later import still removes them', async () => {
    const dir = tempDir('first-import-of-area-');
    // In memory: the import writes through the store's own connection, whose statements are watched.
    const store = ParcelStore.open(':memory:');
    try {
      const prepared = vi.spyOn(store.db, 'prepare');
      const statements = () => prepared.mock.calls.map(([sql]) => sql.trim());
      const first = await writeSegoviaZips(mkdtempSync(path.join(dir, 'v1-')));
      await importFiles(store, [first.parcels]);
      expect(store.countParcels('ES')).toBe(1443);
      expect(statements().filter((sql) => REMOVAL.test(sql))).toEqual([]);

      const newer = await writeSegoviaZips(mkdtempSync(path.join(dir, 'v2-')), parcelsGmlWithout('40146A00305023'));
      await importFiles(store, [newer.parcels]);
      expect(statements().filter((sql) => REMOVAL.test(sql))).toHaveLength(1);
      expect(store.getParcel('ES', '40146A00305023')).toBeUndefined();
      expect(store.countParcels('ES')).toBe(1442);
      expect(store.db.prepare('SELECT count(*) FROM parcels_rtree').pluck().get()).toBe(1442);
    } finally {
      store.close();
    }
  }, 60_000);
});
