import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { fixture, repoRoot } from './paths.js';
import { startTestCluster, type TestCluster, type TestStandby } from './postgres-cluster.js';
import { startServe, type ServeProcess } from './serve-process.js';

/** Segovia's parcels (municipality 40146) as the team tests import them, and three of their references. */
export const SEGOVIA_PARCELS = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
export const SEGOVIA_REFS = ['000700100UL74F', '40146A00305023', '40146A00800043'];

/** No live source is needed (every lookup is in the copy): hosts that never resolve (RFC 6761). */
export const UNRESOLVABLE_SOURCES_ENV = {
  CATASTRO_ES_OVC_URL: 'http://ovc.catastro.invalid/OVCServWeb/OVCWcfCallejero',
  CATASTRO_ES_WFS_URL: 'http://ovc.catastro.invalid/INSPIRE/wfsCP.aspx',
  CATASTRO_CARTOCIUDAD_URL: 'http://www.cartociudad.invalid',
  CATASTRO_CALLEJERO_URL: 'http://ovc.catastro.invalid',
  CATASTRO_PVGIS_URL: 'http://re.jrc.ec.invalid',
  CATASTRO_SIGPAC_URL: 'http://sigpac.mapa.invalid',
};

/** Runs `catastro <args>` (bin/catastro.js) with the unresolvable sources; its exit code and all it wrote. */
export function runCatastroOffline(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...UNRESOLVABLE_SOURCES_ENV },
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** The rows of one query on its own connection. */
export async function sql<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Stops a `catastro serve` process with SIGTERM and waits for it to exit (nothing when it has already). */
export async function stopServe(server: ServeProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export interface ReplicatedTeamStore {
  cluster: TestCluster;
  standby: TestStandby;
  /** postgres://… of the primary's `team` database, holding SEGOVIA_PARCELS. */
  primary: string;
  /** postgres://… of the same database on the hot standby. */
  replica: string;
  /** The serve processes' data folder. */
  data: string;
  /**
   * Starts `catastro serve` with the unresolvable sources on any free port, the data folder, the
   * primary as its store, the replica as its read store, no status interval, and `more` options;
   * stopped after the describe.
   */
  serveReadingReplica(more: string[]): Promise<ServeProcess>;
}

/**
 * Inside a describe: a throwaway cluster whose `team` database holds SEGOVIA_PARCELS (imported by
 * the CLI as shipped), a hot standby replaying it, and a data folder; the servers started by
 * `serveReadingReplica`, the standby, the cluster and the folder are all removed after the describe. The
 * fields are set once the describe's beforeAll has run.
 */
export function replicatedTeamStore(dataPrefix: string): ReplicatedTeamStore {
  const servers: ServeProcess[] = [];
  const team: ReplicatedTeamStore = {
    data: mkdtempSync(path.join(os.tmpdir(), dataPrefix)),
    serveReadingReplica: async (more) => {
      const args = ['--port', '0', '--data', team.data, '--store', team.primary, '--store-read', team.replica, '--status-interval', '0', ...more];
      const server = await startServe(args, { ...process.env, ...UNRESOLVABLE_SOURCES_ENV });
      servers.push(server);
      return server;
    },
  } as ReplicatedTeamStore;
  beforeAll(async () => {
    team.cluster = await startTestCluster();
    team.primary = await team.cluster.createDatabase('team');
    const imported = await runCatastroOffline(['import', '--store', team.primary, SEGOVIA_PARCELS]);
    expect(imported.code, imported.out).toBe(0);
    team.standby = await team.cluster.standby();
    team.replica = team.standby.url('team');
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) await stopServe(server);
    await team.standby?.stop();
    await team.cluster?.stop();
    rmSync(team.data, { recursive: true, force: true });
  }, 60_000);
  return team;
}
