import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir('catastro-cli-batch-style-');
const [reference] = [
  ...sampleParcelsGml()
    .toString('utf8')
    .matchAll(/gml:id="ES\.SDGC\.CP\.(\w{14})"/g),
].map((m) => m[1]);

/** Runs the real CLI on a CSV written as `text`; returns the output file's bytes. */
function batchOutput(name: string, text: string): Buffer {
  const input = path.join(dir, `${name}.csv`);
  const output = path.join(dir, `${name}-salida.csv`);
  writeFileSync(input, text);
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), 'batch', input, '-o', output, '--data', path.join(dir, 'data')], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(output);
}

// The CLI wrote a comma-separated UTF-8 CSV with no BOM whatever the input was, while the app's
// result files follow the input: a Spanish Excel showed the CLI's answers in one column.
describe('catastro batch writes its CSV the way the input was written', () => {
  it('a semicolon input with decimal commas gets semicolons, decimal commas and a BOM back', () => {
    const bytes = batchOutput('excel-es', `referencia;superficie declarada;nota\n${reference};1234,5;Añadida en campaña\n`);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, row] = parse(bytes.toString('utf8').slice(1), { delimiter: ';' }) as string[][];
    expect(header).toContain('in_nota');
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('status')).toBe('found');
    expect(cell('in_nota')).toBe('Añadida en campaña');
    expect(cell('in_superficie declarada')).toBe('1234,5');
    expect(cell('latitud')).toMatch(/^\d+,\d+$/);
    expect(cell('superficie_ha')).toMatch(/^\d+(,\d+)?$/);
  }, 180_000);

  it('a comma input still gets plain RFC 4180 back, no BOM, decimal points', () => {
    const text = batchOutput('plain', `referencia,nota\n${reference},x\n`).toString('utf8');
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const [header, row] = parse(text) as string[][];
    expect(row[header.indexOf('status')]).toBe('found');
    expect(row[header.indexOf('latitud')]).toMatch(/^\d+\.\d+$/);
  }, 180_000);
});
