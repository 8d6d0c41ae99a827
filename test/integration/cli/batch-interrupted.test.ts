import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir('catastro-cli-batch-stop-');
const input = path.join(dir, 'referencias.csv');
const output = path.join(dir, 'salida.csv');
// The bundled sample's references, five times over: rows the copy answers, enough to stop midway.
const refs = [
  ...sampleParcelsGml()
    .toString('utf8')
    .matchAll(/gml:id="ES\.SDGC\.CP\.(\w{14})"/g),
].map((m) => m[1]);
const rows = Array.from({ length: 5 }, () => refs).flat();
writeFileSync(input, `refcat\n${rows.join('\n')}\n`);

/** Runs the batch; `stopWith` is sent at its first progress line with rows done. */
function batch(stopWith?: NodeJS.Signals) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), 'batch', input, '-o', output, '--data', path.join(dir, 'data')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stopWith && /batch: [1-9]/.test(stderr)) {
      child.kill(stopWith);
      stopWith = undefined;
    }
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

// Only Ctrl-C was handled: SIGTERM ended the batch without its output or a word (the journal kept the rows).
describe('catastro batch stopped by SIGTERM', () => {
  it('writes what it has, keeps the journal and exits 2; the same command resumes and finishes', async () => {
    const stopped = await batch('SIGTERM');
    expect(stopped.code, stopped.stderr).toBe(2);
    expect(stopped.stderr).toContain('Stopping: rows in flight finish, the journal keeps the progress');
    const done = Number(/Stopped after (\d+) of (\d+) rows/.exec(stopped.stdout)?.[1]);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(rows.length);
    expect(existsSync(`${output}.journal`)).toBe(true);

    const resumed = await batch();
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`resuming, ${done} rows already answered`);
    expect(resumed.stdout).toContain(`${rows.length} found, 0 not found, 0 failed of ${rows.length} rows`);
    expect(readFileSync(output, 'utf8').trim().split('\n')).toHaveLength(rows.length + 1);
    expect(existsSync(`${output}.journal`)).toBe(false);
  }, 120_000);
});
