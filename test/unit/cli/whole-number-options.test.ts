import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wholeNumber } from '../../../core/cli-numbers.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('whole-number options of the command line', () => {
  it('take whole numbers in range and refuse the rest', () => {
    const port = wholeNumber(0, 65535);
    expect([port('0'), port('8787'), port(' 65535 ')]).toEqual([0, 8787, 65535]);
    for (const typo of ['abc', '', '-1', '1.5', '1e3', '0x10', '65536', '99999']) expect(() => port(typo), typo).toThrow(/whole number|must be/);
    expect(wholeNumber(1)('123456')).toBe(123456);
    expect(() => wholeNumber(1)('0')).toThrow('It must be from 1 up.');
  });

  it('a typo ends `catastro serve` before it starts, with one line and exit 1 (it ran one process, or ended in a stack trace)', () => {
    const data = tempDir('catastro-cli-numbers-');
    for (const [option, value] of [['--workers', 'abc'], ['--port', '99999'], ['--status-interval', '-1'], ['--free-per-ip', 'x']]) {
      const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), 'serve', '--port', '0', '--data', data, option, value],
        { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr.trim().split('\n'), run.stderr).toEqual([expect.stringContaining(`option '${option}`)]);
      expect(run.stderr).toContain(`argument '${value}' is invalid`);
      expect(run.stdout).not.toMatch(/Listening/);
    }
  }, 120_000);
});
