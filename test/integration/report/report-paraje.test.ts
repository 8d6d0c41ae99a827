import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rusticLine } from '../../../core/countries/es/address-line.js';
import { gatherReport, type ReportSources } from '../../../core/report/gather-report.js';
import { renderReport } from '../../../core/report/render-report.js';
import { CatastroService } from '../../../core/service.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

// Issue #40 item 4: a rustic parcel's report lacked its paraje (the place name farmers know it
// by). The copy's INSPIRE parcels have none; a live answer carries it in its rustic location
// (lorus: cpp/cpo polígono, cpp/cpa parcela, npa paraje; SOURCES.md), read back from the address line.
const RUSTIC = '40146A00405051';
const dir = tempDir('catastro-report-paraje-');
let service: CatastroService;
beforeAll(async () => {
  service = await CatastroService.open({ dataDir: path.join(dir, 'data') });
});
afterAll(() => service?.close());

async function reportText(direccion: string | undefined, language: 'es' | 'en'): Promise<string> {
  const copied = await service.parcel(RUSTIC);
  const parcel = { ...copied, direccion, dataSource: 'catastro' as const };
  const sources: ReportSources = {
    parcel: async () => parcel,
    parcelsInBBox: () => [],
    capabilities: () => ['units', 'rusticParcel'],
    solarIfCached: () => undefined,
    terrain: (p) => service.analyses.terrain(p),
    groundMotion: (p) => service.analyses.groundMotion(p),
    viewerUrl: () => undefined,
    version: 'test',
  };
  const file = path.join(dir, `${language}-${direccion ? 'paraje' : 'none'}.pdf`);
  writeFileSync(file, await renderReport(await gatherReport(sources, language), path.join(repoRoot, 'resources', 'fonts')));
  return spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
}

it("prints a rustic parcel's paraje beside polígono and parcela, in the language asked, and no row where the source gives none", async () => {
  const direccion = rusticLine({ cpp: { cpo: '004', cpa: '05051' }, npa: 'LAS ERAS' });
  expect(await reportText(direccion, 'es')).toMatch(/Polígono \/ parcela polígono 4, parcela 5051 .*Paraje LAS ERAS/);
  expect(await reportText(direccion, 'en')).toContain('Place name (paraje) LAS ERAS');
  expect(await reportText(rusticLine({ cpp: { cpo: '004', cpa: '05051' } }), 'en')).not.toContain('paraje');
});
