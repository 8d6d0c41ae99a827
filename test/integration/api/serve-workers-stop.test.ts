import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { spawnServe, startServe } from '../../helpers/serve-process.js';
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

const serveArgs = (port: string) => ['--workers', '2', '--host', '127.0.0.1', '--port', port, '--auth', 'off', '--status-interval', '0', '--data', data];

const startWorkers = () => startServe(serveArgs('0'));

/** The primary's child processes (Linux lists them in /proc), once `done` holds of them (or after 60 s). */
async function waitForWorkers(primary: number, done: (pids: number[]) => boolean): Promise<number[]> {
  const children = () => readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  for (let waited = 0; !done(children()) && waited < 60_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  return children();
}

describe('serve --workers 2', () => {
  it('answers, and on SIGTERM exits 0 only after both workers have exited', async () => {
    const { child, url, output } = await startWorkers();
    expect((await fetch(`${url}/api/catastro/000700100UL74F`)).status).toBe(200);
    const workers = await waitForWorkers(child.pid!, (pids) => pids.length === 2);
    expect(workers, output()).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
    expect(output()).not.toMatch(/EPIPE|Error/);
  }, 120_000);

  it('replaces a worker that dies once the port serves, and keeps answering', async () => {
    const { child, url, output } = await startWorkers();
    // "Listening on" comes once both workers serve.
    const [lost, kept] = await waitForWorkers(child.pid!, (pids) => pids.length === 2);
    process.kill(lost, 'SIGKILL');
    for (let waited = 0; !/A new server process serves \(2 of 2\)/.test(output()) && waited < 60_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output()).toMatch(/A server process ended \(signal SIGKILL\): starting another\.\nA new server process serves \(2 of 2\)/);
    const workers = await waitForWorkers(child.pid!, (pids) => pids.length === 2 && !pids.includes(lost));
    expect(workers, output()).toContain(kept);
    expect(
      workers.filter((pid) => pid !== lost),
      output(),
    ).toHaveLength(2);
    for (let i = 0; i < 8; i++) expect((await fetch(`${url}/api/catastro/000700100UL74F`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
  }, 120_000);

  it('exits 1 with one line naming the port when its workers cannot start (port taken)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { child, output } = spawnServe(serveArgs(String(port)));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, output()).toBe(1);
      // The workers' refusal once, said by the primary (each worker printed its stack trace before).
      expect(output().match(/^VALIDATION_ERROR: .*$/gm), output()).toEqual([
        `VALIDATION_ERROR: Port ${port} on 127.0.0.1 is already in use by another program: give another --port (e.g. --port ${port + 1}, or --port 0 for any free one) or stop the program using it.`,
      ]);
      expect(output()).not.toMatch(/\n\s+at |could not start/);
      expect(output()).not.toMatch(/Listening on/);
    } finally {
      taken.close();
    }
  }, 120_000);
});
