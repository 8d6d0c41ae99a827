import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const run = promisify(execFile);
const cli = path.join(repoRoot, 'bin/catastro.js');
const dir = tempDir('catastro-cli-data-');
const aFile = path.join(dir, 'notas ñ.txt');
writeFileSync(aFile, 'not a folder\n');
const notADatabase = path.join(dir, 'copia rota');
mkdirSync(notADatabase);
writeFileSync(path.join(notADatabase, 'catastro.sqlite'), 'not a database\n');
const databaseIsAFolder = path.join(dir, 'copia carpeta');
mkdirSync(path.join(databaseIsAFolder, 'catastro.sqlite'), { recursive: true });

async function catastro(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [cli, ...args], { cwd: repoRoot, timeout: 20_000 });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string; killed?: boolean };
    if (failed.killed) throw new Error(`catastro ${args.join(' ')} did not end (killed after 20 s)`);
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

// Each ended in a stack trace from mkdir or SQLite ("EEXIST: file already exists", "file is not
// a database"); under /proc every command hung (Node's recursive mkdir never returns there).
describe('a --data folder that cannot be used is refused in one line naming the cause', () => {
  const parcels = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
  it.each([
    [
      '--data naming a file (import)',
      ['import', parcels, '--data', aFile],
      `VALIDATION_ERROR: The data folder ${aFile} cannot be used: ${aFile} is a file, not a folder.`,
    ],
    [
      '--data under a file (areas)',
      ['areas', '--data', path.join(aFile, 'sub')],
      `VALIDATION_ERROR: The data folder ${path.join(aFile, 'sub')} cannot be used: ${aFile} is a file, not a folder.`,
    ],
    [
      '--data under a file (keys list)',
      ['keys', 'list', '--data', path.join(aFile, 'sub')],
      `VALIDATION_ERROR: The data folder ${path.join(aFile, 'sub')} cannot be used: ${aFile} is a file, not a folder.`,
    ],
    [
      'a catastro.sqlite that is no database (report)',
      ['report', '40146A00100001', '-o', path.join(dir, 'informe.pdf'), '--data', notADatabase],
      `VALIDATION_ERROR: ${path.join(notADatabase, 'catastro.sqlite')} cannot be opened as the data folder's database (file is not a database); move it away or choose another --data folder.`,
    ],
    [
      'a catastro.sqlite that is a folder (import)',
      ['import', parcels, '--data', databaseIsAFolder],
      `VALIDATION_ERROR: ${path.join(databaseIsAFolder, 'catastro.sqlite')} cannot be opened as the data folder's database (unable to open database file); move it away or choose another --data folder.`,
    ],
    ...(process.platform === 'linux'
      ? [
          [
            '--data under /proc (import)',
            ['import', parcels, '--data', '/proc/catastro-probe'],
            'VALIDATION_ERROR: The data folder /proc/catastro-probe cannot be made: /proc/catastro-probe cannot be created there.',
          ] as [string, string[], string],
        ]
      : []),
  ])('%s', async (_name, args, message) => {
    const { code, stderr } = await catastro(...args);
    expect(code, stderr).toBe(1);
    expect(stderr.trim()).toBe(message);
  });

  it('leaves a file that is no database as it was', () => {
    expect(readFileSync(path.join(notADatabase, 'catastro.sqlite'), 'utf8')).toBe('not a database\n');
  });
});
