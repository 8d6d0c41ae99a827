import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runImportCommand } from '../../../cli/import-command.js';
import { parseCadastralParcelXml } from '../../../core/formats/inspire-parcels.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { ensureSampleImported } from '../../../core/store/sample.js';
import { IMPORT_FORMATS } from '../../../core/countries/import-formats.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';

const RESOURCES = path.join(repoRoot, 'resources');
const count = (file: string, pattern: RegExp) => (gunzipSync(readFileSync(file)).toString('latin1').match(pattern) ?? []).length;
const SAMPLE_PARCELS = count(path.join(RESOURCES, 'sample/A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'), /<cp:CadastralParcel /g);
const SAMPLE_BUILDINGS = count(path.join(RESOURCES, 'sample/A.ES.SDGC.BU.40146.building.gml.gz'), /<bu-ext2d:Building /g);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-sample-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundled sample', () => {
  it('is byte for byte the vendored fixtures', () => {
    for (const name of ['A.ES.SDGC.CP.40146.cadastralparcel.gml.gz', 'A.ES.SDGC.BU.40146.building.gml.gz', 'A.ES.SDGC.CP.MD..40146.xml']) {
      expect(readFileSync(path.join(RESOURCES, 'sample', name)).equals(readFileSync(fixture(name)))).toBe(true);
    }
  });

  it('is imported on first run, parcels before buildings, and not again', async () => {
    const store = ParcelStore.open(path.join(dir, 'first-run.sqlite'));
    try {
      const results = await ensureSampleImported(store, RESOURCES, IMPORT_FORMATS);
      expect(results?.map((r) => [r.kind, r.parcels, r.buildings])).toEqual([
        ['inspire-parcels', SAMPLE_PARCELS, 0],
        ['inspire-buildings', 0, SAMPLE_BUILDINGS],
      ]);
      expect(store.countParcels('ES')).toBe(SAMPLE_PARCELS);
      expect(await ensureSampleImported(store, RESOURCES, IMPORT_FORMATS)).toBeNull();
    } finally {
      store.close();
    }
  });

  it('is imported into a copy that so far holds only live-cached parcels', async () => {
    const store = ParcelStore.open(path.join(dir, 'live-only.sqlite'));
    try {
      store.upsertParcels(
        parseCadastralParcelXml(readFileSync(fixture('es_catastro_wfs_getparcel_9398516VK3799G.gml'), 'utf8'), { ...CATASTRO_PARCELS, source: 'live' }),
      );
      expect(await ensureSampleImported(store, RESOURCES, IMPORT_FORMATS)).not.toBeNull();
      expect(store.countParcels('ES')).toBe(SAMPLE_PARCELS + 1);
      expect(store.getParcel('ES', '9398516VK3799G')?.source).toBe('live');
    } finally {
      store.close();
    }
  });

  it('is skipped when the resources have no sample folder', async () => {
    const store = ParcelStore.open(':memory:');
    expect(await ensureSampleImported(store, path.join(dir, 'no-resources'), IMPORT_FORMATS)).toBeNull();
    store.close();
  });
});

describe('catastro import <files…>', () => {
  it('imports, prints a count table and exits 0; a bad file exits 1 with a clear message and changes nothing', async () => {
    const dataDir = path.join(dir, 'cli');
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args) => {
      out.push(args.join(' '));
    });
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => {
      out.push(args.join(' '));
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await runImportCommand([fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')], { dataDir })).toBe(0);
      expect(out.join('\n')).toMatch(new RegExp(`A\\.ES\\.SDGC\\.CP\\.40146\\.cadastralparcel\\.gml\\.gz\\s+inspire-parcels\\s+${SAMPLE_PARCELS}\\b`));
      // The table counts records read, not what the copy gained (the line below it says that).
      expect(out[0]).toBe('Records read from each file (a parcel a file repeats counts each time; the copy keeps one):');
      expect(out.join('\n')).toContain(`The local copy now holds ${SAMPLE_PARCELS} parcels.`);

      const bad = path.join(dir, 'broken.gml');
      const text = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
      writeFileSync(bad, text.slice(0, 300_000)); // cut mid-file, as a broken download is
      out.length = 0;
      expect(await runImportCommand([bad], { dataDir })).toBe(1);
      expect(out.join('\n')).toMatch(/Import of broken\.gml failed, nothing of it was kept/);
    } finally {
      log.mockRestore();
      error.mockRestore();
      stderr.mockRestore();
    }
    const store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
    expect(store.countParcels()).toBe(SAMPLE_PARCELS);
    store.close();
  });
});
