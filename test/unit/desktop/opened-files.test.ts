// Files the system hands the app (a double-click on a cadastral file): from a second instance's
// arguments and its working folder, in folders with spaces and accents as on Windows and macOS.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importQuestion, openedFiles } from '../../../core/desktop/opened-files.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('opened files', () => {
  it('keeps the cadastral files that exist, resolved from the working folder, and nothing else', () => {
    const folder = path.join(tempDir('catastro-opened-'), 'José María', 'Datos catastro');
    mkdirSync(path.join(folder, 'carpeta.gml'), { recursive: true });
    for (const name of ['A.ES.SDGC.CP.40146.zip', 'parcelas Segovia.gml', '40146.CAT', 'notas.txt']) writeFileSync(path.join(folder, name), 'x');
    const argv = [
      'C:\\Program Files\\Catastro Desktop\\Catastro Desktop.exe',
      '--allow-file-access-from-files',
      `--data=${folder}`,
      'A.ES.SDGC.CP.40146.zip',
      path.join(folder, 'parcelas Segovia.gml'),
      '40146.CAT',
      'notas.txt',
      'carpeta.gml',
      'falta.zip',
    ];
    expect(openedFiles(argv, folder)).toEqual([
      path.join(folder, 'A.ES.SDGC.CP.40146.zip'),
      path.join(folder, 'parcelas Segovia.gml'),
      path.join(folder, '40146.CAT'),
    ]);
  });

  it('asks before importing, naming the files', () => {
    expect(importQuestion(['/x/José María/parcelas Segovia.gml'])).toEqual({
      message: 'Import parcelas Segovia.gml?',
      detail: "parcelas Segovia.gml\n\nInto this computer's local copy. Parcels already in the copy are replaced by the file's.",
    });
    expect(importQuestion(['/a/1.zip', '/a/2.cat']).message).toBe('Import 2 files?');
  });
});
