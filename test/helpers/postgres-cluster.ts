import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL + PostGIS cluster from the Debian packages (`postgresql`,
 * `postgresql-NN-postgis-3`), started for real in a temporary folder on a free port and removed
 * afterwards. initdb refuses to run as root, so as root the cluster belongs to the `postgres`
 * user the package creates.
 */
export interface TestCluster {
  /** postgres://… of a fresh database (`createDatabase`). */
  createDatabase(name: string): Promise<string>;
  readonly port: number;
  /** Shuts the server down and keeps its data: the database stops answering until `resume()`. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port and data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const ROOTS = ['/usr/lib/postgresql'];

/** The bin folder of the newest PostgreSQL that has PostGIS beside it, or why there is none. */
export function findPostgres(): { bin: string } | { missing: string } {
  for (const root of ROOTS) {
    if (!existsSync(root)) continue;
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = path.join(root, version, 'bin');
      if (!existsSync(path.join(bin, 'initdb'))) continue;
      if (!existsSync(`/usr/share/postgresql/${version}/extension/postgis.control`)) {
        return { missing: `PostgreSQL ${version} is installed without PostGIS (apt-get install postgresql-${version}-postgis-3)` };
      }
      return { bin };
    }
  }
  return { missing: 'PostgreSQL binaries are absent (apt-get install postgresql postgresql-15-postgis-3)' };
}

/** Why the PostgreSQL tests skip here, or undefined when they run. */
export const postgresSkipReason = (() => {
  const found = findPostgres();
  return 'missing' in found ? found.missing : undefined;
})();

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program as the cluster's owner. */
function asOwner(program: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode}): ${log()}`);
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within 60 s: ${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Starts a cluster (initdb + postgres); `stop()` ends it and removes its folder. */
export async function startTestCluster(): Promise<TestCluster> {
  const found = findPostgres();
  if ('missing' in found) throw new Error(found.missing);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot()) spawnSync('chown', ['postgres:postgres', dir]);
  const [initProgram, initArgs] = asOwner(path.join(found.bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const init = spawnSync(initProgram, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const [program, args] = asOwner(path.join(found.bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    // A test cluster: nothing to keep after a crash, so no fsync; small buffers on a shared machine.
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'shared_buffers=64MB',
    '-c',
    'max_connections=60',
  ]);
  let child: ChildProcess | undefined;
  let exited = Promise.resolve();
  const launch = async () => {
    const server = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout!.on('data', (chunk) => {
      output = (output + chunk).slice(-4000);
    });
    server.stderr!.on('data', (chunk) => {
      output = (output + chunk).slice(-4000);
    });
    exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    child = server;
    await waitReady(port, server, () => output);
  };
  const halt = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      // pg_ctl's fast shutdown, waited for: a signal to runuser (as root) does not reach postgres,
      // which then outlived the test.
      const [ctlProgram, ctlArgs] = asOwner(path.join(found.bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '30']);
      const stopped = spawnSync(ctlProgram, ctlArgs, { encoding: 'utf8' });
      if (stopped.status !== 0) child.kill('SIGKILL');
      await exited;
    }
  };
  const stop = async () => {
    await halt();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await launch();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    async createDatabase(name) {
      const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    halt,
    resume: launch,
    stop,
  };
}
