import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const run = promisify(execFile);
const cli = path.join(repoRoot, 'bin/catastro.js');
// Spaces and letters beyond ASCII in every path, as users' folders have them.
const dir = path.join(tempDir('catastro-cli-files-'), 'probe ñandú');
const dataDir = path.join(dir, 'datos copia');
mkdirSync(dir, { recursive: true });
const missingFolder = path.join(dir, 'no such folder');
const refs = path.join(dir, 'referencias ü.csv');
writeFileSync(refs, 'refcat\n40146A00100001\n');

async function catastro(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return catastroIn(dataDir, ...args);
}

async function catastroIn(data: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args, '--data', data], { cwd: repoRoot, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string; killed?: boolean };
    if (failed.killed) throw new Error(`catastro ${args.join(' ')} did not end (killed after 30 s)`);
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const parcelsIn = (data: string) => {
  const store = ParcelStore.open(path.join(data, 'catastro.sqlite'));
  try {
    return store.countParcels();
  } finally {
    store.close();
  }
};

// Each ended with Node's own error, code doubled or path missing ("ENOENT: ENOENT: no such file
// or directory, open …", "EISDIR: illegal operation on a directory, read"), a report only after
// it had been made; an import of several files imported those before the typo.
describe('files named on the command line are checked before any work, in plain words', () => {
  it.each([
    [
      'report -o in a missing folder',
      ['report', '40146A00100001', '-o', path.join(missingFolder, 'informe.pdf')],
      `VALIDATION_ERROR: Output ${path.join(missingFolder, 'informe.pdf')} cannot be written: the folder ${missingFolder} does not exist.`,
    ],
    ['report -o a folder', ['report', '40146A00100001', '-o', dir], `VALIDATION_ERROR: Output ${dir} is a folder; name a file in it.`],
    [
      'report -o under a file',
      ['report', '40146A00100001', '-o', path.join(refs, 'informe.pdf')],
      `VALIDATION_ERROR: Output ${path.join(refs, 'informe.pdf')} cannot be written: ${refs} is not a folder.`,
    ],
    [
      'batch of a missing CSV',
      ['batch', path.join(dir, 'nada.csv'), '-o', path.join(dir, 'salida.csv')],
      `VALIDATION_ERROR: Input ${path.join(dir, 'nada.csv')} does not exist.`,
    ],
    ['batch of a folder', ['batch', dir, '-o', path.join(dir, 'salida.csv')], `VALIDATION_ERROR: Input ${dir} is a folder, not a file.`],
    [
      'batch -o in a missing folder',
      ['batch', refs, '-o', path.join(missingFolder, 'salida.csv')],
      `VALIDATION_ERROR: Output ${path.join(missingFolder, 'salida.csv')} cannot be written: the folder ${missingFolder} does not exist.`,
    ],
    ['import of a folder', ['import', dir], `VALIDATION_ERROR: File ${dir} is a folder, not a file. Nothing was imported.`],
    [
      'import-layers of a missing file',
      ['import-layers', '--protected-areas', path.join(dir, 'natura 2000.geojson')],
      `VALIDATION_ERROR: Layer ${path.join(dir, 'natura 2000.geojson')} does not exist. Nothing was imported.`,
    ],
  ])('%s: one line naming the file, exit 1, nothing written', async (_name, args, message) => {
    const { code, stdout, stderr } = await catastro(...args);
    expect(code, stderr).toBe(1);
    expect(stderr.trim()).toBe(message);
    expect(stdout).toBe('');
    expect(existsSync(path.join(dir, 'salida.csv'))).toBe(false);
  });

  it('import of a real file and a missing one imports neither (the first was imported before the typo was found)', async () => {
    const missing = path.join(dir, 'Segovia münster.gml');
    const fresh = path.join(dir, 'copia nueva');
    // The buildings of 40146 first: the copy holds something, parcels none.
    expect((await catastroIn(fresh, 'import', fixture('A.ES.SDGC.BU.40146.building.gml.gz'))).code).toBe(0);
    const { code, stderr } = await catastroIn(fresh, 'import', fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'), missing);
    expect(code, stderr).toBe(1);
    expect(stderr.trim()).toBe(`VALIDATION_ERROR: File ${missing} does not exist. Nothing was imported.`);
    expect(parcelsIn(fresh)).toBe(0);
  });
});
