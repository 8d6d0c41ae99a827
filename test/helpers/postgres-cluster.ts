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
  /** A streaming replica of this cluster (every database), started now. */
  standby(): Promise<TestStandby>;
}

/** A hot standby replaying a TestCluster's WAL: read-only, it lags by what it has not replayed yet. */
export interface TestStandby {
  readonly port: number;
  /** postgres://… of a database (as created on the primary). */
  url(name: string): string;
  /** Stops replaying the WAL (it keeps receiving it): the replica lags until `resumeReplay`. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Shuts the standby down and keeps its data: it stops answering until `resume()`. */
  halt(): Promise<void>;
  /** Starts the halted standby again on the same port and data: it streams and replays again. */
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

/** A server on a data folder of its own, started on a free port; `halt`, `resume` and `stop` as TestCluster's. */
async function runServer(bin: string, dir: string): Promise<Omit<TestCluster, 'createDatabase' | 'standby'>> {
  const data = path.join(dir, 'data');
  const port = await freePort();
  const [program, args] = asOwner(path.join(bin, 'postgres'), [
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
      const [ctlProgram, ctlArgs] = asOwner(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '30']);
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
  return { port, halt, resume: launch, stop };
}

/** A folder for a cluster's data, owned by the user its server runs as. */
function clusterFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-pg-'));
  if (isRoot()) spawnSync('chown', ['postgres:postgres', dir]);
  return dir;
}

const databaseUrl = (port: number, name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;

/**
 * A hot standby of the cluster on `primaryPort`, as a team server's read replica is made:
 * `pg_basebackup -R` (the base backup, and standby.signal with the primary's address), then a
 * server of its own that streams and replays the primary's WAL.
 */
async function startStandby(bin: string, primaryPort: number): Promise<TestStandby> {
  const dir = clusterFolder();
  const [program, args] = asOwner(path.join(bin, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    path.join(dir, 'data'),
    '-R',
    '-X',
    'stream',
    // The checkpoint at once: the default spreads it over most of checkpoint_timeout (minutes).
    '--checkpoint=fast',
    '--no-sync',
  ]);
  const backup = spawnSync(program, args, { encoding: 'utf8' });
  if (backup.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pg_basebackup failed: ${backup.stderr || backup.stdout}`);
  }
  const server = await runServer(bin, dir);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl(server.port, 'postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    port: server.port,
    url: (name) => databaseUrl(server.port, name),
    pauseReplay: () => admin('SELECT pg_wal_replay_pause()'),
    resumeReplay: () => admin('SELECT pg_wal_replay_resume()'),
    halt: server.halt,
    resume: server.resume,
    stop: server.stop,
  };
}

/** Starts a cluster (initdb + postgres); `stop()` ends it and removes its folder. */
export async function startTestCluster(): Promise<TestCluster> {
  const found = findPostgres();
  if ('missing' in found) throw new Error(found.missing);
  const dir = clusterFolder();
  const data = path.join(dir, 'data');
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
  const server = await runServer(found.bin, dir);
  return {
    ...server,
    async createDatabase(name) {
      const admin = new pg.Client({ host: '127.0.0.1', port: server.port, user: 'postgres', database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await admin.end();
      }
      return databaseUrl(server.port, name);
    },
    standby: () => startStandby(found.bin, server.port),
  };
}
