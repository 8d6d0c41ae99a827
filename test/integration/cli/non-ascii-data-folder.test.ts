// A data folder and user files under names with spaces and accents, as Windows and macOS users
// have them (C:\Users\José María\…): import, export (a batch's KML), the PDF report and the
// problem report, through the command line on the same copy.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { DATA_FOLDER_MARK, supportReport } from '../../../core/desktop/support-report.js';
import { CatastroService } from '../../../core/service.js';
import { removeTempExports, writeTempExport } from '../../../electron/export-files.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const run = promisify(execFile);
const home = path.join(tempDir('catastro-non-ascii-'), 'José María');
const dataDir = path.join(home, 'Datos catastro');
const downloads = path.join(home, 'Descargas ñ');
mkdirSync(downloads, { recursive: true });

async function catastro(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), ...args, '--data', dataDir], { cwd: home, timeout: 60_000 });
  return stdout;
}

describe(`a data folder at …/José María/Datos catastro`, () => {
  it('imports, exports, drags out, reports and gathers a problem report', async () => {
    const gml = path.join(downloads, 'parcelas Segovia ü.gml');
    copyFileSync(path.join(repoRoot, 'test/fixtures/store-schemas/A.ES.SDGC.CP.40146.cadastralparcel.gml'), gml);
    expect(await catastro('import', gml)).toMatch(/5/);
    expect(existsSync(path.join(dataDir, 'catastro.sqlite'))).toBe(true);

    const refs = path.join(downloads, 'referencias año.csv');
    writeFileSync(refs, 'refcat\n000700100UL74F\n001300100UL74F\n');
    const kml = path.join(home, 'Exportaciones', 'parcelas señaladas.kml');
    mkdirSync(path.dirname(kml));
    await catastro('batch', refs, '--output', kml);
    const written = readFileSync(kml, 'utf8');
    expect(written).toContain('000700100UL74F');
    expect(written).toContain('001300100UL74F');

    const pdf = path.join(home, 'Informes', 'informe José.pdf');
    mkdirSync(path.dirname(pdf));
    expect(await catastro('report', '000700100UL74F', '-o', pdf)).toContain(pdf);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');

    const service = await CatastroService.open({ dataDir, importSample: false, sources: {} });
    try {
      const logFile = path.join(dataDir, 'logs', 'main.log');
      mkdirSync(path.dirname(logFile));
      writeFileSync(logFile, `[info] imported ${gml}\n[info] report written to ${path.join(dataDir, 'informe.pdf')}\n`);
      const report = supportReport({ appVersion: '0.1.0', runtime: {}, dataDir, status: service.status(), logFile });
      expect(report).toContain(`Data folder: ${DATA_FOLDER_MARK}`);
      expect(report).toContain(`report written to ${DATA_FOLDER_MARK}/informe.pdf`);
      // The five imported, beside the bundled sample the commands import on a first run.
      expect(service.status().parcels).toBeGreaterThanOrEqual(5);
      expect(report).toContain(`Local copy: ${service.status().parcels} parcels`);
      expect(report).not.toContain('José');
      expect(report).not.toContain('Descargas');

      // Drag-out: the file the system drag carries, in the user's temp folder (C:\Users\José María\AppData\Local\Temp).
      const temp = path.join(home, 'AppData', 'Local', 'Temp');
      mkdirSync(temp, { recursive: true });
      vi.spyOn(os, 'tmpdir').mockReturnValue(temp);
      const dragged = await writeTempExport(service, ['000700100UL74F'], 'kml');
      expect(path.dirname(path.dirname(dragged))).toBe(temp);
      expect(path.basename(dragged)).toBe('000700100UL74F.kml');
      expect(readFileSync(dragged, 'utf8')).toContain('000700100UL74F');
      removeTempExports();
      expect(existsSync(dragged)).toBe(false);
    } finally {
      vi.restoreAllMocks();
      service.close();
    }
  }, 180_000);
});
