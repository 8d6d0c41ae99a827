import { beforeAll, describe, expect, it } from 'vitest';
import { TIER_MONTHLY_QUOTA } from '../../../core/auth/tiers.js';
import { postgresSkipReason } from '../../helpers/postgres-cluster.js';
import { replicatedTeamStore, runCatastroOffline as cli, SEGOVIA_REFS as REFS, sql } from '../../helpers/team-store.js';

/**
 * Issue #41 item 5: `serve --store <primary> --store-read <replica>` against a real streaming
 * replica (`pg_basebackup -R` of a throwaway cluster, replaying its WAL). Replay is paused to make
 * the replica lag for certain: lookups (by reference and by point) answer the replica's rows,
 * while keys and quota charges stay on the primary (a key created during the lag is known, and
 * admitted exactly its quota), and once the replica has replayed the change, answers kept in memory during the lag are dropped.
 */
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
  const team = replicatedTeamStore('catastro-replica-serve-');
  beforeAll(async () => {
    expect(await sql(team.replica, 'SELECT pg_is_in_recovery() AS standby')).toEqual([{ standby: true }]);
  });

  it('reads lookups from the lagging replica, keys and exact quota charges from the primary, and drops answers kept during the lag once it has replayed', async () => {
    const { primary, replica, standby } = team;
    const server = await team.serveReadingReplica(['--workers', '2', '--auth', 'keys']);
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
    for (let wave = 0; answers.length < quota + 40; wave++) answers.push(...(await Promise.all(Array.from({ length: 16 }, () => area(server.url, racing)))));
    const admitted = answers.filter((answer) => answer.status === 200);
    expect(admitted).toHaveLength(quota);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer).toEqual({ status: 429, code: 'KEY_AUTH_004', area: undefined });
    // Every admitted lookup read the replica's row, from before the update it has not replayed.
    for (const answer of admitted) expect(answer.area).toBe(before);
    expect((await sql<{ used: string }>(primary, 'SELECT used FROM api_usage')).map((row) => Number(row.used))).toEqual([quota]);
    expect(await sql(replica, 'SELECT used FROM api_usage')).toEqual([]);

    // Point→parcel reads the replica too: the parcel moved away on the primary is still at the point there.
    const [inside] = await sql<{ lon: number; lat: number }>(
      primary,
      'SELECT ST_X(p) AS lon, ST_Y(p) AS lat FROM (SELECT ST_PointOnSurface(geom) AS p FROM parcels WHERE country = $1 AND ref = $2) s',
      ['ES', REFS[1]],
    );
    await sql(primary, 'UPDATE parcels SET geom = ST_Translate(geom, 1, 0) WHERE country = $1 AND ref = $2', ['ES', REFS[1]]);
    const byPoint = await fetch(`${server.url}/api/search/coordinates`, {
      method: 'POST',
      headers: { 'x-api-key': watching, 'content-type': 'application/json' },
      body: JSON.stringify({ latitude: inside.lat, longitude: inside.lon }),
    });
    expect(byPoint.status).toBe(200);
    expect(((await byPoint.json()) as { data: { refCat14: string } }).data.refCat14).toBe(REFS[1]);

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
    const { code, out } = await cli(['serve', '--port', '0', '--data', team.data, '--store-read', team.replica]);
    expect(code).toBe(1);
    expect(out).toMatch(/--store-read .*--store/);
  }, 60_000);
});
