import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatastroService } from '../../../core/service.js';
import { IMPORTABLE_EXTENSIONS } from '../../../core/model/index.js';
import { removeTempExports, writeTempExport } from '../../../electron/export-files.js';
import { writeSegoviaZips } from '../../helpers/catastro-zips.js';
import { fixture, repoRoot } from '../../helpers/paths.js';

/** Issue #10 (low): drag-out folders were never deleted; the import dialog offered what the importer refused. */
let dataDir: string;
let service: CatastroService;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-desktop-files-'));
  service = await CatastroService.open({ dataDir });
});
afterAll(() => {
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('drag-out files', () => {
  it('are deleted when the app quits; ones a crashed session left are deleted at the next start once stale', async () => {
    const file = await writeTempExport(service, ['000700100UL74F'], 'kml');
    expect(existsSync(file)).toBe(true);
    const leftover = path.join(os.tmpdir(), `catastro-drag-crashed-${process.pid}`);
    const recent = path.join(os.tmpdir(), `catastro-drag-recent-${process.pid}`);
    mkdirSync(leftover, { recursive: true });
    mkdirSync(recent, { recursive: true });
    const twoDaysAgo = (Date.now() - 2 * 86_400_000) / 1000;
    utimesSync(leftover, twoDaysAgo, twoDaysAgo);

    removeTempExports({ staleAfterMs: 86_400_000 });
    expect(existsSync(path.dirname(file))).toBe(false);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(recent)).toBe(true); // another running session's, maybe: kept
    rmSync(recent, { recursive: true, force: true });
  });
});

describe('the import dialog', () => {
  it('offers only endings the importer reads: a real file of each imports', async () => {
    const dir = mkdtempSync(path.join(dataDir, 'picks-'));
    const zips = await writeSegoviaZips(dir);
    const gml = fixture('es_catastro_wfs_getparcel_9398516VK3799G.gml');
    const asXml = path.join(dir, 'getparcel.xml');
    copyFileSync(gml, asXml);
    const byExtension: Record<(typeof IMPORTABLE_EXTENSIONS)[number], string> = {
      gml,
      xml: asXml,
      gz: fixture('A.ES.SDGC.BU.40146.building.gml.gz'),
      zip: zips.parcels,
      cat: path.join(repoRoot, 'test/unit/store/fixtures/two-fincas.handwritten.cat'),
    };
    expect(Object.keys(byExtension).sort()).toEqual([...IMPORTABLE_EXTENSIONS].sort());
    for (const [extension, file] of Object.entries(byExtension)) {
      const [result] = await service.importFiles([file]);
      expect(result.parcels + result.buildings + result.units, extension).toBeGreaterThan(0);
    }
  }, 60_000);
});
