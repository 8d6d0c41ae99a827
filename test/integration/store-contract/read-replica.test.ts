import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_MONTHLY_QUOTA } from '../../../core/auth/tiers.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { postgresSkipReason, startTestCluster, type TestCluster, type TestStandby } from '../../helpers/postgres-cluster.js';
import { startServe } from '../../helpers/serve-process.js';

/**
 * Issue #41 item 5: `serve --store <primary> --store-read <replica>` against a real streaming
 * replica (`pg_basebackup -R` of a throwaway cluster, replaying its WAL). Replay is paused to make
 * the replica lag for certain: lookups answer the replica's rows, while keys and quota charges
 * stay on the primary (a key created during the lag is known, and admitted exactly its quota),
 * and once the replica has replayed the change, answers kept in memory during the lag are dropped.
 */
const CLI = path.join(repoRoot, 'bin/catastro.js');
const PARCELS = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
const REFS = ['000700100UL74F', '40146A00305023', '40146A00800043'];
// No live source is needed (every lookup is in the copy): hosts that never resolve (RFC 6761).
const OFFLINE_ENV = {
  CATASTRO_ES_OVC_URL: 'http://ovc.catastro.invalid/OVCServWeb/OVCWcfCallejero',
  CATASTRO_ES_WFS_URL: 'http://ovc.catastro.invalid/INSPIRE/wfsCP.aspx',
  CATASTRO_CARTOCIUDAD_URL: 'http://www.cartociudad.invalid',
  CATASTRO_CALLEJERO_URL: 'http://ovc.catastro.invalid',
};

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...OFFLINE_ENV } });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

async function sql<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function area(url: string, key: string): Promise<{ status: number; area?: number; code?: string }> {
  const response = await fetch(`${url}/api/catastro/${REFS[0]}`, { headers: { 'x-api-key': key } });
  const body = (await response.json()) as { code?: string; data?: { superficieParcela: number } };
  return { status: response.status, area: body.data?.superficieParcela, code: body.code };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createKey(primary: string): Promise<string> {
  const created = await cli(['keys', 'create', '--tier', 'free', '--label', 'replica', '--store', primary]);
  expect(created.code, created.out).toBe(0);
  return /key:\s+(\S+)/.exec(created.out)![1];
}

describe.skipIf(postgresSkipReason !== undefined)(`team server with a read replica${postgresSkipReason ? ` — skipped: ${postgresSkipReason}` : ''}`, () => {
  let cluster: TestCluster;
  let standby: TestStandby;
  let primary: string;
  let replica: string;
  let server: { child: ChildProcess; url: string; output: () => string } | undefined;
  const data = mkdtempSync(path.join(os.tmpdir(), 'catastro-replica-serve-'));

  beforeAll(async () => {
    cluster = await startTestCluster();
    primary = await cluster.createDatabase('team');
    const imported = await cli(['import', '--store', primary, PARCELS]);
    expect(imported.code, imported.out).toBe(0);
    standby = await cluster.standby();
    replica = standby.url('team');
    expect(await sql(replica, 'SELECT pg_is_in_recovery() AS standby')).toEqual([{ standby: true }]);
  }, 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await standby?.stop();
    await cluster?.stop();
    rmSync(data, { recursive: true, force: true });
  }, 60_000);

  it('reads lookups from the lagging replica, keys and exact quota charges from the primary, and drops answers kept during the lag once it has replayed', async () => {
    server = await startServe(
      ['--port', '0', '--data', data, '--store', primary, '--store-read', replica, '--workers', '2', '--auth', 'keys', '--status-interval', '0'],
      { ...process.env, ...OFFLINE_ENV },
    );
    const opened = await sql<{ n: string }>(replica, `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'catastro'`);
    expect(Number(opened[0].n)).toBeGreaterThan(0);

    await standby.pauseReplay();
    const [{ area: before }] = await sql<{ area: number }>(primary, 'SELECT area FROM parcels WHERE country = $1 AND ref = $2', ['ES', REFS[0]]);
    await sql(primary, 'UPDATE parcels SET area = area + 1000 WHERE country = $1 AND ref = $2', ['ES', REFS[0]]);
    // Keys made while the replica lags: only the primary holds them.
    const racing = await createKey(primary);
    const watching = await createKey(primary);
    expect(await sql(replica, 'SELECT id FROM api_keys')).toEqual([]);

    const quota = TIER_MONTHLY_QUOTA.free;
    // 16 calls at a time (a server bounds the connections of one address).
    const answers: Awaited<ReturnType<typeof area>>[] = [];
    for (let wave = 0; answers.length < quota + 40; wave++) answers.push(...(await Promise.all(Array.from({ length: 16 }, () => area(server!.url, racing)))));
    const admitted = answers.filter((answer) => answer.status === 200);
    expect(admitted).toHaveLength(quota);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer).toEqual({ status: 429, code: 'KEY_AUTH_004', area: undefined });
    // Every admitted lookup read the replica's row, from before the update it has not replayed.
    for (const answer of admitted) expect(answer.area).toBe(before);
    expect((await sql<{ used: string }>(primary, 'SELECT used FROM api_usage')).map((row) => Number(row.used))).toEqual([quota]);
    expect(await sql(replica, 'SELECT used FROM api_usage')).toEqual([]);

    // Asked again while it lags: each process keeps the answer (from its second ask).
    for (let ask = 0; ask < 6; ask++) expect((await area(server.url, watching)).area).toBe(before);
    await standby.resumeReplay();
    let seen = await area(server.url, watching);
    for (let tries = 0; seen.area === before && tries < 60; tries++) {
      await pause(300);
      seen = await area(server.url, watching);
    }
    expect(seen).toEqual({ status: 200, area: before + 1000, code: undefined });
  }, 180_000);

  it('refuses --store-read without --store, before serving', async () => {
    const { code, out } = await cli(['serve', '--port', '0', '--data', data, '--store-read', replica]);
    expect(code).toBe(1);
    expect(out).toMatch(/--store-read .*--store/);
  }, 60_000);
});
