// `npm run bench -- --store postgres` (issue #18): the team store on PostgreSQL/PostGIS measured
// side by side with the embedded SQLite copy and with GDAL, in one run on one machine (figures,
// not a test). A throwaway PostGIS cluster is started as the tests start it
// (test/helpers/postgres-cluster.ts: fsync off, 64 MB shared buffers; the same for every
// contender, so only the ratios carry over to a real server).
//   1. import: the real Segovia (40146) parcels file as COPIES shifted copies with distinct
//      references (one GML), imported by `catastro import --store postgres://…` (COPY, one
//      transaction), by `catastro import --data …` (SQLite) and by `ogr2ogr -f PostgreSQL`
//      (reprojected to EPSG:4326, GiST index, after a warm-up that writes the .gfs), in turn,
//      each under /usr/bin/time -v into a fresh database; medians, ratio, disk per parcel
//      (pg_total_relation_size);
//   2. HTTP: `catastro serve --workers 2` (two server processes) on the PostGIS database, then on
//      the SQLite copy, each loaded by wrk with reference lookups (every request a different
//      parcel, so each one reads the store) and point→parcel calls (a point inside a parcel), with
//      the CPU time each answer cost the serve processes and, on PostgreSQL, the backends serving
//      them (/proc, scripts/process-cpu.ts); a round where a store answered more requests than it
//      had parcels (repeats) gives no ratio.
//   With BENCH_TEAM_COMPARE=<another checkout, built>, that checkout's server on the same
//   PostgreSQL database is measured in each round too, beside this one: a change's before and after.
// Environment: BENCH_TEAM_COPIES (default 40), BENCH_TEAM_RUNS (3), BENCH_TEAM_SECONDS (8), BENCH_TEAM_ROUNDS (3), BENCH_TEAM_COMPARE.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PostgisStore } from '../core/store/postgres/postgis-store.js';
import { postgresSkipReason, startTestCluster } from '../test/helpers/postgres-cluster.js';
import { shiftedCopies } from '../test/helpers/segovia-copies.js';
import { median, timed, type Measured } from './bench-import-data.js';
import { startListening, type BenchServer } from './bench-server.js';
import { cpuSince, cpuSnapshot, withChildren } from './process-cpu.js';
import { hasWrk, loadWithWrk, type LoadRequest, type LoadResult } from './wrk-load.js';
import { loadAverages } from './load-average.js';

const COPIES = Number(process.env.BENCH_TEAM_COPIES ?? 40);
const RUNS = Number(process.env.BENCH_TEAM_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_TEAM_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_TEAM_ROUNDS ?? 3);
const CONNECTIONS = 64;
const COMPARE = process.env.BENCH_TEAM_COMPARE && path.resolve(process.env.BENCH_TEAM_COMPARE, 'dist/app/cli/main.js');
// The CLI as the app ships it, built at the start of the run and run directly (bin/catastro.js
// would fall back to the TypeScript sources, and their slower start, when a source is edited meanwhile).
const CLI = path.resolve('dist/app/cli/main.js');
// Every answer comes from the store; live sources are never asked (hosts that never resolve, RFC 6761).
const OFFLINE_ENV = {
  CATASTRO_ES_OVC_URL: 'http://ovc.catastro.invalid/OVCServWeb/OVCWcfCallejero',
  CATASTRO_ES_WFS_URL: 'http://ovc.catastro.invalid/INSPIRE/wfsCP.aspx',
  CATASTRO_CARTOCIUDAD_URL: 'http://www.cartociudad.invalid',
  CATASTRO_CALLEJERO_URL: 'http://ovc.catastro.invalid',
};

if (COMPARE && !existsSync(COMPARE)) throw new Error(`BENCH_TEAM_COMPARE: ${COMPARE} is not built (npm run build:app there)`);
if (postgresSkipReason || !existsSync('/usr/bin/time')) {
  console.log(`team store bench skipped: ${postgresSkipReason ?? '/usr/bin/time is not installed (Debian package "time")'}`);
  process.exit(0);
}
console.log('building the app (npm run build:app)…');
if (spawnSync('npm', ['run', '--silent', 'build:app'], { stdio: 'inherit' }).status !== 0) throw new Error('npm run build:app failed');
const hasGdal = spawnSync('ogr2ogr', ['--version']).status === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-bench-team-'));

async function sql<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

const serve = (args: string[], cli = CLI): Promise<BenchServer> =>
  startListening([cli, 'serve', '--port', '0', '--workers', '2', '--auth', 'off', '--status-interval', '0', ...args], {
    env: { ...process.env, ...OFFLINE_ENV },
  });

/** A mix's answers, and the CPU each cost the server processes and, on the team store, its PostgreSQL backends. */
interface Mix extends LoadResult {
  serverMs: number;
  backendMs: number;
}

const describeLoad = (r: Mix) =>
  `${r.perSecond.toLocaleString('en')}/s (p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, ${r.answers.toLocaleString('en')} answers, ${r.failed} failed); CPU per answer: server ${r.serverMs.toFixed(2)} ms` +
  (r.backendMs ? ` + PostgreSQL ${r.backendMs.toFixed(2)} ms` : '');

const cluster = await startTestCluster();
try {
  console.log(`PostgreSQL/PostGIS team store vs SQLite and GDAL: ${COPIES} shifted copies of the Segovia parcels, ${RUNS} runs each, in turn`);
  const { file, parcels } = await shiftedCopies(dir, COPIES);
  console.log(`  file: ${parcels.toLocaleString('en')} parcels, ${Math.round(statSync(file).size / 1e6)} MB of GML`);

  // 1. Import, each contender into a fresh database (the schema made beforehand, untimed).
  const ogrTarget = (db: string) => `PG:host=127.0.0.1 port=${cluster.port} user=postgres dbname=${db}`;
  const gdalArgs = (db: string) => [
    '-f',
    'PostgreSQL',
    ogrTarget(db),
    file,
    '-t_srs',
    'EPSG:4326',
    '-nln',
    'parcels',
    '-lco',
    'GEOMETRY_NAME=geom',
    '-lco',
    'SPATIAL_INDEX=GIST',
    '--config',
    'PG_USE_COPY',
    'YES',
    '-overwrite',
  ];
  const gdalDatabase = async (name: string) => {
    const url = await cluster.createDatabase(name);
    await sql(url, 'CREATE EXTENSION postgis');
    return url;
  };
  if (hasGdal) {
    await gdalDatabase('gdal_warmup');
    timed('ogr2ogr', gdalArgs('gdal_warmup')); // writes the .gfs GDAL then reuses
  }
  const ours: Measured[] = [];
  const sqlite: Measured[] = [];
  const gdal: Measured[] = [];
  let oursUrl = '';
  let gdalUrl = '';
  let sqliteDir = '';
  for (let run = 0; run < RUNS; run++) {
    oursUrl = await cluster.createDatabase(`ours_${run}`);
    await (await PostgisStore.open(oursUrl)).close(); // migrations, as `serve` or a first import would
    ours.push(timed(process.execPath, [CLI, 'import', '--store', oursUrl, file]));
    sqliteDir = mkdtempSync(path.join(dir, `sqlite-${run}-`));
    sqlite.push(timed(process.execPath, [CLI, 'import', '--data', sqliteDir, file]));
    if (hasGdal) {
      gdalUrl = await gdalDatabase(`gdal_${run}`);
      gdal.push(timed('ogr2ogr', gdalArgs(`gdal_${run}`)));
    }
  }
  const rate = (m: Measured[]) => Math.round(parcels / median(m.map((x) => x.wallS)));
  const figures = (m: Measured[]) =>
    `median wall ${median(m.map((x) => x.wallS)).toFixed(2)} s, CPU ${median(m.map((x) => x.cpuS)).toFixed(2)} s, peak ${Math.max(...m.map((x) => x.peakMiB)).toFixed(0)} MiB`;
  console.log(`  import, catastro --store postgres: ${rate(ours).toLocaleString('en')} parcels/s (${figures(ours)})`);
  console.log(`  import, catastro (SQLite):         ${rate(sqlite).toLocaleString('en')} parcels/s (${figures(sqlite)})`);
  const [{ count, bytes }] = await sql<{ count: string; bytes: string }>(
    oursUrl,
    `SELECT count(*) AS count, pg_total_relation_size('parcels') AS bytes FROM parcels`,
  );
  if (Number(count) !== parcels) throw new Error(`the PostGIS import holds ${count} parcels, the file ${parcels}`);
  console.log(
    `  disk, catastro --store postgres: ${(Number(bytes) / 1e6).toFixed(1)} MB for ${Number(count).toLocaleString('en')} parcels = ${Math.round(Number(bytes) / Number(count))} bytes per parcel (table, TOAST and indexes: GiST, (country, ref), id, offline area)`,
  );
  if (hasGdal) {
    console.log(`  import, ogr2ogr -f PostgreSQL:     ${rate(gdal).toLocaleString('en')} parcels/s (${figures(gdal)})`);
    console.log(
      `  ratio: catastro --store postgres at ${(rate(ours) / rate(gdal)).toFixed(2)}x ogr2ogr's rate (wall), ${(median(gdal.map((x) => x.cpuS)) / median(ours.map((x) => x.cpuS))).toFixed(2)}x per CPU second of the importing process`,
    );
    const [gdalSize] = await sql<{ count: string; bytes: string }>(
      gdalUrl,
      `SELECT count(*) AS count, pg_total_relation_size('parcels') AS bytes FROM parcels`,
    );
    console.log(`  disk, ogr2ogr's table (every GML attribute, GiST index): ${Math.round(Number(gdalSize.bytes) / Number(gdalSize.count))} bytes per parcel`);
  } else {
    console.log('  ogr2ogr not installed (Debian gdal-bin): no GDAL ratio');
  }
  console.log(`  ${loadAverages()}`);

  // 2. HTTP, two server processes on each store, one store at a time.
  if (!hasWrk) {
    console.log('  HTTP: skipped, wrk is not installed (Debian package wrk)');
  } else {
    const sampleRows = await sql<{ ref: string; lon: number; lat: number }>(
      oursUrl,
      `SELECT ref, ST_X(p) AS lon, ST_Y(p) AS lat FROM (SELECT ref, ST_PointOnSurface(geom) AS p FROM parcels ORDER BY random()) s`,
    );
    // The last fifth warms each server up (JIT, caches), unreported; the rest is measured, so no
    // measured lookup finds an answer the warm-up left in the server's memory.
    const warm = sampleRows.splice(Math.floor(sampleRows.length * 0.8));
    const lookup = (r: { ref: string }): LoadRequest => `/api/catastro/${r.ref}`;
    const point = (r: { lon: number; lat: number }): LoadRequest => ({
      post: '/api/search/coordinates',
      json: JSON.stringify({ latitude: r.lat, longitude: r.lon }),
    });
    const warmUp = [...warm.map(lookup), ...warm.map(point)];
    // The serve processes' connections (application_name 'catastro'), not this script's.
    const backends = async (url: string) =>
      (await sql<{ pid: number }>(url, `SELECT pid FROM pg_stat_activity WHERE application_name = 'catastro' AND datname = current_database()`)).map(
        (row) => row.pid,
      );
    const mix = async (server: BenchServer, requests: LoadRequest[], store: string | undefined): Promise<Mix> => {
      const servers = withChildren(server.pid);
      const before = store ? await backends(store) : [];
      const [serverCpu, backendCpu] = [cpuSnapshot(servers), cpuSnapshot(before)];
      const result = loadWithWrk(server.url, requests, { connections: CONNECTIONS, seconds: SECONDS });
      const backendS = store ? cpuSince(backendCpu, [...before, ...(await backends(store))]) : 0;
      const perAnswer = (seconds: number) => (seconds * 1000) / Math.max(1, result.answers);
      return { ...result, serverMs: perAnswer(cpuSince(serverCpu, servers)), backendMs: perAnswer(backendS) };
    };
    // Both stores served at once and measured in turn, round after round (the machine is shared:
    // only ratios measured side by side carry over); each round asks parcels new to both servers.
    const share = Math.floor(sampleRows.length / ROUNDS);
    console.log(
      `  HTTP, serve --workers 2 (two processes) on each store, both up, measured in turn for ${ROUNDS} rounds; wrk 1 thread ${CONNECTIONS} connections, ${SECONDS} s per mix; ${share.toLocaleString('en')} distinct parcels a round, random order`,
    );
    const servers: [string, BenchServer][] = [];
    try {
      const onPostgres = () => ['--data', mkdtempSync(path.join(dir, 'serve-')), '--store', oursUrl];
      for (const [name, args, cli] of [
        ['SQLite', ['--data', sqliteDir], CLI],
        ['PostgreSQL', onPostgres(), CLI],
        ...(COMPARE ? [['compared', onPostgres(), COMPARE] as const] : []),
      ] as const) {
        const server = await serve([...args], cli);
        servers.push([name, server]);
        loadWithWrk(server.url, warmUp, { connections: CONNECTIONS, seconds: 3 });
      }
      const ratios = { lookups: [] as number[], points: [] as number[] };
      const cpuRatios = { lookups: [] as number[], points: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const rows = sampleRows.slice(round * share, (round + 1) * share);
        const results: Record<string, { lookups: Mix; points: Mix }> = {};
        for (const [name, server] of servers) {
          const store = name === 'SQLite' ? undefined : oursUrl;
          const byRef = await mix(server, rows.map(lookup), store);
          const byPoint = await mix(server, rows.map(point), store);
          results[name] = { lookups: byRef, points: byPoint };
          console.log(`  round ${round + 1}, ${name.padEnd(10)} lookups ${describeLoad(byRef)}`);
          console.log(`  round ${round + 1}, ${name.padEnd(10)} point→parcel ${describeLoad(byPoint)}`);
        }
        for (const kind of ['lookups', 'points'] as const) {
          const [ours, embedded] = [results.PostgreSQL[kind], results.SQLite[kind]];
          cpuRatios[kind].push((ours.serverMs + ours.backendMs) / embedded.serverMs);
          // A store that answered more requests than the round has parcels answered repeats (lookups
          // from memory): its rate is not the store's, and the round's ratio is left out.
          const repeated = [ours, embedded].some((r) => r.answers > rows.length);
          if (repeated) console.log(`  round ${round + 1}, ${kind}: more answers than the round's parcels (repeats): no ratio`);
          else ratios[kind].push(ours.perSecond / embedded.perSecond);
          const compared = results.compared?.[kind];
          if (compared) {
            const cpu = (r: Mix) => r.serverMs + r.backendMs;
            console.log(
              `  round ${round + 1}, ${kind}: this build / compared ${(ours.perSecond / compared.perSecond).toFixed(2)}x answers per s, ${(cpu(ours) / cpu(compared)).toFixed(2)}x CPU per answer`,
            );
          }
        }
      }
      const range = (values: number[]) =>
        values.length ? `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})` : 'none (every round had repeats)';
      console.log(
        `  ratio PostgreSQL / SQLite answers per s, median (range) of the rounds without repeats: lookups ${range(ratios.lookups)}x, point→parcel ${range(ratios.points)}x (goal >= 0.6x)`,
      );
      console.log(
        `  CPU per answer, PostgreSQL (server + backends) / SQLite (server), median (range) of ${ROUNDS} rounds: lookups ${range(cpuRatios.lookups)}x, point→parcel ${range(cpuRatios.points)}x (on shared cores answers per s cannot exceed about its inverse)`,
      );
    } finally {
      for (const [, server] of servers) await server.stop();
    }
    console.log(
      `  load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)`,
    );
  }
} finally {
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
