import { describe, expect, it } from 'vitest';
import { poolSizeFor } from '../../../core/store/postgres/connection.js';
import { postgresSkipReason } from '../../helpers/postgres-cluster.js';
import { replicatedTeamStore, SEGOVIA_REFS as REFS, sql } from '../../helpers/team-store.js';

/**
 * Issue #41 item 5: `serve --store-read <replica>` keeps answering when the replica fails. Lookups
 * then read the primary (an update the stopped replica never received is in the answers), the
 * status says so, and once the replica is back and has caught up, lookups read it again. Each
 * server process's pool is sized to the processes sharing the cores (`poolSizeFor`), not 10.
 */
const WORKERS = 2;

type StoreStatus = { status: string; store?: { health: string; replica?: { health: string } } };
const status = async (url: string) => ((await (await fetch(`${url}/api/status`)).json()) as { data: StoreStatus }).data;
const area = async (url: string, ref: string) => {
  const response = await fetch(`${url}/api/catastro/${ref}`);
  return { status: response.status, area: ((await response.json()) as { data?: { superficieParcela: number } }).data?.superficieParcela };
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(postgresSkipReason !== undefined)(
  `team server whose read replica fails${postgresSkipReason ? ` — skipped: ${postgresSkipReason}` : ''}`,
  () => {
    const team = replicatedTeamStore('catastro-replica-fallback-');

    it('reads the primary while the replica is down, says so on the status page, and reads the replica again once it is back', async () => {
      const { primary, standby } = team;
      const server = await team.serveReadingReplica(['--workers', String(WORKERS), '--auth', 'off']);
      const url = server.url;
      expect((await status(url)).store).toEqual({ health: 'up', replica: { health: 'up' } });
      const [{ area: before }] = await sql<{ area: number }>(primary, 'SELECT area FROM parcels WHERE country = $1 AND ref = $2', ['ES', REFS[0]]);

      await standby.halt();
      // Only the primary holds this change: the replica was down when it was made.
      await sql(primary, 'UPDATE parcels SET area = area + 1000 WHERE country = $1 AND ref = $2', ['ES', REFS[0]]);
      // 15 calls at a time (a server bounds the connections of one address), every process asked.
      const answers: Awaited<ReturnType<typeof area>>[] = [];
      for (let wave = 0; wave < 6; wave++) answers.push(...(await Promise.all(Array.from({ length: 15 }, (_, i) => area(url, REFS[i % REFS.length])))));
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      // Waves of 15: the changed parcel is every third answer.
      expect(new Set(answers.filter((_, i) => i % REFS.length === 0).map((answer) => answer.area))).toEqual(new Set([before + 1000]));

      const down = await status(url);
      expect(down).toMatchObject({ status: 'degraded', store: { health: 'up', replica: { health: 'down' } } });
      const page = await (await fetch(`${url}/status`)).text();
      expect(page).toContain('degraded: the read replica does not answer, so lookups read the primary');
      expect(server.output()).toMatch(/The read replica 127\.0\.0\.1:\d+\/team does not answer .*lookups read the primary/);

      // The pool: each process holds its share of the cores' backends plus its listening connection.
      const backends = await sql<{ n: string }>(primary, `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'catastro'`);
      expect(Number(backends[0].n)).toBeLessThanOrEqual(WORKERS * (poolSizeFor(WORKERS) + 1));

      await standby.resume();
      // Each process tries the replica again every second: both say so (the status calls alternate between them).
      const bothUp = async () => (await status(url)).store?.replica?.health === 'up' && (await status(url)).store?.replica?.health === 'up';
      let up = await bothUp();
      for (let tries = 0; !up && tries < 60; tries++) {
        await pause(500);
        up = await bothUp();
      }
      expect(up).toBe(true);
      expect((await status(url)).store).toEqual({ health: 'up', replica: { health: 'up' } });

      // Reads are back on the replica: with its replay paused, a parcel changed on the primary and
      // never asked before answers the replica's row.
      const [{ ref: other, area: otherBefore }] = await sql<{ ref: string; area: number }>(
        primary,
        `SELECT ref, area FROM parcels WHERE country = 'ES' AND NOT ref = ANY($1::text[]) ORDER BY ref LIMIT 1`,
        [REFS],
      );
      await standby.pauseReplay();
      await sql(primary, 'UPDATE parcels SET area = area + 1000 WHERE country = $1 AND ref = $2', ['ES', other]);
      const fromReplica = await Promise.all(Array.from({ length: 4 }, () => area(url, other)));
      expect(fromReplica).toEqual(Array(4).fill({ status: 200, area: otherBefore }));
    }, 240_000);
  },
);
