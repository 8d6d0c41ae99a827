import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * `catastro serve --workers N` stops as a whole: on SIGTERM the primary waits for its workers to
 * close their servers and stores before it exits. Exiting at once cut their IPC channel and pipes
 * mid-shutdown, and now and then a worker died on an unhandled EPIPE (seen in bench-http runs).
 */
const data = tempDir('catastro-serve-workers-');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('serve --workers 2', () => {
  it('answers, and on SIGTERM exits 0 only after both workers have exited', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), 'serve', '--workers', '2', '--host', '127.0.0.1',
      '--port', '0', '--auth', 'off', '--status-interval', '0', '--data', data], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start in 90 s:\n${output}`)), 90_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Listening on (http:\/\/\S+)/.exec(output);
        if (match) { clearTimeout(timer); resolve(match[1]); }
      });
      child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited with ${code}:\n${output}`)); });
    });
    expect((await fetch(`${url}/api/catastro/000700100UL74F`)).status).toBe(200);
    // Linux lists a process's children here; the primary's are its two workers ("Listening on"
    // comes with the first one up, the second may still be starting).
    const children = () => readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    for (let waited = 0; children().length < 2 && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    const workers = children();
    expect(workers).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
    expect(output).not.toMatch(/EPIPE|Error/);
  }, 120_000);
});
