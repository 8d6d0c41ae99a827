import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_MONTHLY_QUOTA } from '../../../core/auth/tiers.js';
import { postgresSkipReason, startTestCluster, type TestCluster } from '../../helpers/postgres-cluster.js';
import { startServe } from '../../helpers/serve-process.js';
import { runCatastroOffline as cli, SEGOVIA_PARCELS as PARCELS, SEGOVIA_REFS as REFS, stopServe, UNRESOLVABLE_SOURCES_ENV } from '../../helpers/team-store.js';

/**
 * Issue #18: the team server for real. Two `catastro serve --store postgres://…` processes on one
 * throwaway PostgreSQL/PostGIS cluster share the copy, the keys and the quota counters; then the
 * cluster is shut down (503 naming the database, never its password, never 500) and started again.
 * The CLI runs as shipped (bin/catastro.js: dist/app after `npm run build:app`, else the sources).
 */
const PASSWORD = 's3cret-team-pw';
interface Server {
  url: string;
  child: ChildProcess;
  data: string;
  output: () => string;
}

async function serve(store: string | undefined, auth: 'keys' | 'off', more: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const data = mkdtempSync(path.join(os.tmpdir(), 'catastro-team-serve-'));
  const { child, url, output } = await startServe(
    ['--host', '127.0.0.1', '--port', '0', '--data', data, ...(store ? ['--store', store] : []), '--auth', auth, '--status-interval', '0', ...more],
    { ...process.env, ...UNRESOLVABLE_SOURCES_ENV, ...env },
  );
  return { url, child, data, output };
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(name)] : [];
      } catch {
        return []; // ended meanwhile
      }
    });
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  await stopServe(server);
  rmSync(server.data, { recursive: true, force: true });
}

async function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { success: boolean; code?: string; error?: string; data?: { refCatastral?: string; superficieParcela?: number } } }> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.json() };
}

describe.skipIf(postgresSkipReason !== undefined)(
  `team server: two serve processes on one PostgreSQL/PostGIS database${postgresSkipReason ? ` — skipped: ${postgresSkipReason}` : ''}`,
  () => {
    let cluster: TestCluster;
    let store: string;
    const servers: Server[] = [];

    beforeAll(async () => {
      cluster = await startTestCluster();
      store = (await cluster.createDatabase('team')).replace('postgres@', `postgres:${PASSWORD}@`);
      const imported = await cli(['import', '--store', store, PARCELS]);
      expect(imported.code, imported.out).toBe(0);
    }, 180_000);
    afterAll(async () => {
      for (const server of servers) await stopServer(server);
      await cluster?.stop();
    }, 60_000);

    it("counts a key's quota exactly across both processes: concurrent calls beyond it answer 429 KEY_AUTH_004", async () => {
      const created = await cli(['keys', 'create', '--tier', 'free', '--label', 'race', '--store', store]);
      expect(created.code, created.out).toBe(0);
      const key = /key:\s+(\S+)/.exec(created.out)![1];
      const keyId = /id:\s+(\S+)/.exec(created.out)![1];
      const quota = TIER_MONTHLY_QUOTA.free;
      servers.push(...(await Promise.all([serve(store, 'keys'), serve(store, 'keys')])));
      const [a, b] = servers;

      const calls = quota + 60;
      const answers = await Promise.all(
        Array.from({ length: calls }, (_, i) => {
          const server = i % 2 === 0 ? a : b;
          return get(`${server.url}/api/catastro/${REFS[i % REFS.length]}`, { 'x-api-key': key }).then((answer) => ({ ...answer, server }));
        }),
      );

      const admitted = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(admitted).toHaveLength(quota);
      expect(refused).toHaveLength(calls - quota);
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(answer.body.code).toBe('KEY_AUTH_004');
      }
      for (const answer of admitted) expect(REFS).toContain(answer.body.data!.refCatastral);
      // Both processes admitted calls: the count was shared, not kept per process.
      expect(admitted.filter((answer) => answer.server === a).length).toBeGreaterThan(0);
      expect(admitted.filter((answer) => answer.server === b).length).toBeGreaterThan(0);

      const db = new pg.Client({ connectionString: store });
      await db.connect();
      try {
        const { rows } = await db.query<{ subject: string; used: string }>('SELECT subject, used FROM api_usage');
        expect(rows).toHaveLength(1);
        expect(rows[0].subject).toContain(keyId);
        expect(Number(rows[0].used)).toBe(quota);
      } finally {
        await db.end();
      }
      // One more, after the race, on either process: still refused, and nothing counted.
      expect((await get(`${b.url}/api/catastro/${REFS[0]}`, { 'x-api-key': key })).body.code).toBe('KEY_AUTH_004');
    }, 180_000);

    it("answers a plain 503 SERVICE_UNAVAILABLE while it is down (which database, and why, in the server's output only), the status says so, and 200 again when it is back", async () => {
      const open = await serve(store, 'off');
      servers.push(open);
      const before = await get(`${open.url}/api/catastro/${REFS[0]}`);
      expect(before.status).toBe(200);

      await cluster.halt();
      const where = `127.0.0.1:${cluster.port}/team`;
      const whileDown = [
        await get(`${open.url}/api/catastro/${REFS[0]}`),
        await get(`${open.url}/api/catastro/${REFS[1]}`),
        // A keyed process: the key itself is looked up in the database.
        await get(`${servers[0].url}/api/catastro/${REFS[1]}`, { 'x-api-key': 'ck_live_0000000000000000000000000000' }),
      ];
      // Still 503 a while later (the process's reconnection attempts fail meanwhile).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      whileDown.push(await get(`${open.url}/api/catastro/${REFS[0]}`));
      for (const answer of whileDown) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', error: 'The team database does not answer; try again when it is back.' });
      }
      // Issue #38: the answer named the database's host, port and socket error to any caller, even
      // one with an invalid key, and the status said `ok` meanwhile.
      const statusWhileDown = (await get(`${open.url}/api/status`)) as unknown as { body: { data: { status: string; store?: { health: string } } } };
      expect(statusWhileDown.body.data).toMatchObject({ status: 'degraded', store: { health: 'down' } });
      expect(open.output()).toContain(`The team database ${where} does not answer (`);
      expect(open.output()).not.toContain(PASSWORD);

      await cluster.resume();
      let after = await get(`${open.url}/api/catastro/${REFS[1]}`);
      for (let tries = 0; after.status !== 200 && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        after = await get(`${open.url}/api/catastro/${REFS[1]}`);
      }
      expect(after.status).toBe(200);
      expect(after.body.data!.refCatastral).toBe(REFS[1]);
      expect((await get(`${open.url}/api/catastro/${REFS[0]}`)).body).toEqual(before.body);
      const statusAfter = async () =>
        ((await get(`${open.url}/api/status`)) as unknown as { body: { data: { store?: { health: string } } } }).body.data.store?.health;
      let health = await statusAfter();
      for (let tries = 0; health !== 'up' && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        health = await statusAfter();
      }
      expect(health).toBe('up');

      // The process listens for changes again (its answers kept in memory follow the database):
      // a change committed by anyone else reaches it once it has reconnected (it retries every second).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const db = new pg.Client({ connectionString: store });
      await db.connect();
      try {
        await db.query('UPDATE parcels SET area = area + 1 WHERE country = $1 AND ref = $2', ['ES', REFS[0]]);
      } finally {
        await db.end();
      }
      const area = before.body.data!.superficieParcela!;
      let changed = await get(`${open.url}/api/catastro/${REFS[0]}`);
      for (let tries = 0; changed.body.data!.superficieParcela === area && tries < 25; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        changed = await get(`${open.url}/api/catastro/${REFS[0]}`);
      }
      expect(changed.body.data!.superficieParcela).toBe(area + 1);
    }, 120_000);

    // Issue #38: these ended in a stack trace (no such database) or a line without its code (no such role).
    it.each([
      [
        'keys list, a database that does not exist',
        (url: string) => ['keys', 'list', '--store', url.replace(/\/team$/, '/no_such_db')],
        /database "no_such_db" does not exist/,
      ],
      [
        'import, a role that does not exist',
        (url: string) => ['import', '--store', url.replace(/\/\/[^@]*@/, '//nobody@'), PARCELS],
        /role "nobody" does not exist/,
      ],
    ])(
      '%s: one line led by the code, naming the database and why, exit 1',
      async (_name, args, why) => {
        const { code, out } = await cli(args(store));
        expect(code).toBe(1);
        const lines = out.trim().split('\n');
        expect(lines, out).toHaveLength(1);
        expect(lines[0]).toMatch(new RegExp(`^SERVICE_UNAVAILABLE: The team database refuses this server's connection; .*\\(127\\.0\\.0\\.1:${cluster.port}/`));
        expect(lines[0]).toMatch(why);
      },
      60_000,
    );

    // Issue #38: `serve --workers 2 --store postgres://user:password@…` put the password in every
    // worker's argv, which any local user reads in the process list.
    it("keeps the store URL out of the workers' command lines, and CATASTRO_STORE serves without --store", async () => {
      const clustered = await serve(store, 'off', ['--workers', '2']);
      servers.push(clustered);
      const workers = childrenOf(clustered.child.pid!);
      expect(workers).toHaveLength(2);
      for (const worker of workers) {
        const argv = readFileSync(`/proc/${worker}/cmdline`, 'utf8').split('\0');
        expect(argv).toContain('serve');
        expect(argv.join(' ')).not.toContain(PASSWORD);
        expect(argv).not.toContain('--store');
      }
      for (let i = 0; i < 4; i++) expect((await get(`${clustered.url}/api/catastro/${REFS[i % REFS.length]}`)).status).toBe(200);

      const fromEnvironment = await serve(undefined, 'off', [], { CATASTRO_STORE: store });
      servers.push(fromEnvironment);
      const status = (await get(`${fromEnvironment.url}/api/status`)) as unknown as { body: { data: { store?: { health: string } } } };
      expect(status.body.data.store).toEqual({ health: 'up' });
      expect((await get(`${fromEnvironment.url}/api/catastro/${REFS[1]}`)).body.data!.refCatastral).toBe(REFS[1]);
    }, 120_000);
  },
);
