import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { parseCadastralParcelXml } from '../../../core/formats/inspire-parcels.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { fixture } from '../../helpers/paths.js';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';

const PARCELS = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
const live = (name: string) => parseCadastralParcelXml(readFileSync(fixture(name), 'utf8'), { ...CATASTRO_PARCELS, source: 'live', dataDate: '2026-11-23' });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-cache-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('live answers cached while a bulk import runs', () => {
  it('are neither blocked nor lost by an import in this process; they land when it commits', async () => {
    const store = ParcelStore.open(path.join(dir, 'in-process.sqlite'));
    try {
      let waitedMs = -1;
      // Parsed before: the import parses on its worker thread now, so a first parse here would run
      // cold (JIT, CRS set-up) and be timed as if it were waiting on the import.
      const answer = live('es_catastro_wfs_getparcel_9398516VK3799G.gml');
      await importFiles(store, [PARCELS], () => {
        if (waitedMs >= 0) return;
        const started = Date.now();
        store.upsertParcels(answer);
        waitedMs = Date.now() - started;
      });
      expect(waitedMs).toBeGreaterThanOrEqual(0);
      expect(waitedMs).toBeLessThan(100);
      expect(store.getParcel('ES', '9398516VK3799G')?.source).toBe('live');
      expect(store.countParcels('ES')).toBe(1443 + 1);
    } finally {
      store.close();
    }
  });

  it('survive the rollback of a failed import sharing their connection (:memory:)', async () => {
    const truncated = path.join(dir, 'truncated.gml');
    writeFileSync(truncated, gunzipSync(readFileSync(PARCELS)).subarray(0, 400_000));
    const store = ParcelStore.open(':memory:');
    try {
      let written = false;
      await expect(
        importFiles(store, [truncated], () => {
          if (!written) {
            store.upsertParcels(live('es_catastro_wfs_getparcel_8429105VK1882N.gml'));
            written = true;
          }
        }),
      ).rejects.toThrow(/nothing of it was kept/);
      expect(written).toBe(true);
      expect(store.countParcels()).toBe(1);
      expect(store.getParcel('ES', '8429105VK1882N')?.source).toBe('live');
    } finally {
      store.close();
    }
  });

  it('wait only briefly for a lock another process holds, and are written at the next chance', () => {
    const file = path.join(dir, 'other-process.sqlite');
    const store = ParcelStore.open(file);
    const importer = new Database(file);
    try {
      importer.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      store.upsertParcels(live('es_catastro_wfs_getparcel_9398516VK3799G.gml'));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(store.getParcel('ES', '9398516VK3799G')).toBeUndefined();
      importer.exec('COMMIT');
      store.upsertParcels(live('es_catastro_wfs_getparcel_8429105VK1882N.gml'));
      expect(store.getParcel('ES', '9398516VK3799G')?.source).toBe('live');
      expect(store.getParcel('ES', '8429105VK1882N')?.source).toBe('live');
    } finally {
      importer.close();
      store.close();
    }
  });
});

describe('imports into one store', () => {
  it('started together run one after the other, both complete', async () => {
    const store = ParcelStore.open(path.join(dir, 'together.sqlite'));
    try {
      const results = await Promise.all([importFiles(store, [PARCELS]), importFiles(store, [fixture('A.ES.SDGC.BU.40146.building.gml.gz')])]);
      expect(results.map(([r]) => r.kind)).toEqual(['inspire-parcels', 'inspire-buildings']);
      expect(store.countParcels()).toBe(1443);
    } finally {
      store.close();
    }
  });

  it('refuse clearly to start while another process holds the write lock', async () => {
    const file = path.join(dir, 'locked.sqlite');
    const store = ParcelStore.open(file);
    const other = new Database(file);
    try {
      other.pragma('busy_timeout = 0');
      other.exec('BEGIN IMMEDIATE');
      await expect(importFiles(store, [fixture('es_catastro_wfs_getparcel_8429105VK1882N.gml')])).rejects.toThrow(
        /did not start: another process is writing to the local copy/,
      );
      other.exec('ROLLBACK');
      await importFiles(store, [fixture('es_catastro_wfs_getparcel_8429105VK1882N.gml')]);
      expect(store.countParcels()).toBe(1);
    } finally {
      other.close();
      store.close();
    }
  }, 20_000);
});
