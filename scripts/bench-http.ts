// Prints HTTP throughput of `GET /api/catastro/{ref}` served from the local copy (figures, not
// a test). The server runs in its own process(es) as in production. Two request mixes:
//   hot:  1,000 references asked again and again (scripts, GIS clients refreshing a layer);
//         answered from the in-memory answers (core/api/parcel-answer-cache.ts);
//   cold: every request a different parcel (up to 300,000 distinct references of the store),
//         so each one is a SQLite lookup and a fresh serialisation.
// The load tool is wrk (Debian package `wrk`) when installed: a C program that leaves most of
// a 2-core machine to the server; otherwise autocannon, which needs about a core of its own.
// Usage: npx tsx scripts/bench-http.ts [--data DIR] [--workers N] [--seconds S] [--app CHECKOUT]
// (--app: the checkout whose `bin/catastro.js` serves, e.g. an export of main to compare against;
// build it first, `npx tsc -p tsconfig.build.json`, or it runs its sources through tsx.)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const dataDir = args.get('data') ?? mkdtempSync(path.join(os.tmpdir(), 'catastro-bench-http-'));
const workers = args.get('workers') ?? '1';
const seconds = Number(args.get('seconds') ?? 10);
const appDir = path.resolve(args.get('app') ?? '.');
const CONNECTIONS = 64;
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

// A bare fastify app answering a constant: what this machine can do at all, for comparison.
const BASELINE_SERVER = `
  const cluster = require('node:cluster');
  const workers = ${Number(workers)};
  if (cluster.isPrimary && workers > 1) {
    for (let i = 0; i < workers; i++) cluster.fork().on('message', (url) => console.log('Listening on ' + url));
  } else {
    const app = require(${JSON.stringify(createRequire(import.meta.url).resolve('fastify'))})();
    const data = { refCatastral: '000700100UL74F', poligono: Array.from({ length: 40 }, (_, i) => [-4.4711363727196565 + i * 1e-6, 41.0289545843349]) };
    app.get('/api/catastro/:ref', async () => ({ success: true, data }));
    app.listen({ port: 0, host: '127.0.0.1' }) // cluster workers share the one port picked
      .then((url) => (process.send ? process.send(url) : console.log('Listening on ' + url)));
  }`;

/** The baseline as a file: cluster workers re-run the primary's script, which `node -e` has none of. */
function baselineScript(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'catastro-baseline-')), 'baseline.cjs');
  writeFileSync(file, BASELINE_SERVER);
  return file;
}

function startServer(baseline = false): Promise<{ url: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const serverArgs = baseline
      ? [baselineScript()]
      : [path.join(appDir, 'bin/catastro.js'), 'serve', '--port', '0', '--data', dataDir, '--workers', workers, '--auth', 'off', '--status-interval', '0'];
    const child = spawn(process.execPath, serverArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

function sampleRefs(count: number): string[] {
  const db = new Database(path.join(dataDir, 'catastro.sqlite'), { readonly: true });
  const rows = db.prepare(`SELECT ref FROM parcels WHERE country = 'ES' ORDER BY random() LIMIT ?`).pluck().all(count) as string[];
  db.close();
  return rows;
}

/** Distinct zoom-`z` tiles under random parcels' centroids, as `z/x/y.pbf` paths: tiles with data. */
function sampleTiles(z: number, count: number): string[] {
  const db = new Database(path.join(dataDir, 'catastro.sqlite'), { readonly: true });
  const centroids = db.prepare(`SELECT centroid_lon, centroid_lat FROM parcels ORDER BY random() LIMIT ?`).raw().all(count * 20) as [number, number][];
  db.close();
  const n = 2 ** z;
  const tiles = new Set<string>();
  for (const [lon, lat] of centroids) {
    const x = Math.floor(((lon + 180) / 360) * n);
    const y = Math.floor(((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
    tiles.add(`${z}/${x}/${y}.pbf`);
    if (tiles.size === count) break;
  }
  return [...tiles];
}

interface LoadResult { perSecond: number; p50ms: number; p99ms: number; answers: number; failed: number }

/** wrk with a Lua script that walks the references in order, one per request. */
function loadWithWrk(url: string, refs: string[], connections = CONNECTIONS, prefix = '/api/catastro/'): LoadResult {
  const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'catastro-wrk-')), 'refs.lua');
  writeFileSync(script, `refs = {${refs.map((r) => JSON.stringify(r)).join(',')}}
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", ${JSON.stringify(prefix)} .. refs[(counter % #refs) + 1])
end
`);
  const run = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const millis = (re: RegExp) => {
    const match = re.exec(out);
    if (!match) return NaN;
    const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
    return Number(match[1]) * scale;
  };
  const answers = number(/(\d+) requests in/);
  const failed = (number(/Non-2xx or 3xx responses: (\d+)/) || 0) + (/Socket errors/.test(out) ? 1 : 0);
  return {
    perSecond: Math.round(number(/Requests\/sec:\s+([\d.]+)/)),
    p50ms: millis(/50%\s+([\d.]+)(us|ms|s)/), p99ms: millis(/99%\s+([\d.]+)(us|ms|s)/), answers, failed,
  };
}

async function loadWithAutocannon(url: string, refs: string[]): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url, connections: CONNECTIONS, pipelining: 4, duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req: any) => ({ ...req, path: `/api/catastro/${refs[next++ % refs.length]}` }) }],
  });
  return {
    perSecond: Math.round(result.requests.average), p50ms: result.latency.p50, p99ms: result.latency.p99,
    answers: result['2xx'] + result.non2xx, failed: result.non2xx + result.errors,
  };
}

/** A few seconds of the same load first, unreported: JIT, page cache and the answers kept in memory. */
async function warmUp(url: string, refs: string[]): Promise<void> {
  if (hasWrk) spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, '-d3s', url + '/api/catastro/' + refs[0]]);
  else await autocannon({ url: `${url}/api/catastro/${refs[0]}`, connections: CONNECTIONS, duration: 3 });
  for (const ref of refs) await fetch(`${url}/api/catastro/${ref}`).then((r) => r.arrayBuffer());
}

const load = (url: string, refs: string[]) => (hasWrk ? Promise.resolve(loadWithWrk(url, refs)) : loadWithAutocannon(url, refs));
const tool = hasWrk ? `wrk, 1 thread, ${CONNECTIONS} connections` : `autocannon, ${CONNECTIONS} connections × 4 pipelined (install wrk for figures closer to the server's own)`;
const print = (label: string, r: LoadResult) =>
  console.log(`  ${label}: ${r.perSecond} requests/s, latency p50 ${r.p50ms} ms, p99 ${r.p99ms} ms (${r.answers} answers, ${r.failed} failed)`);

console.log(`HTTP GET /api/catastro/{ref}, ${workers} server process(es) of ${appDir}, ${seconds} s each, load: ${tool}`);
const baseline = await startServer(true);
let bare: LoadResult;
try {
  bare = await load(baseline.url, ['000700100UL74F']);
  print('baseline, bare fastify answering a constant', bare);
} finally {
  baseline.stop();
}
await new Promise((resolve) => setTimeout(resolve, 500));

const server = await startServer();
try {
  const refs = sampleRefs(300_000);
  if (refs.length === 0) throw new Error('the store has no parcels');
  const hot = refs.slice(0, 1000);
  await warmUp(server.url, hot);
  // Issue 16's goals, as ratios to the bare route measured in this same run (the machine is shared).
  const ratio = (label: string, r: LoadResult, goal: number) => console.log(
    `  ${label}: ${(r.perSecond / bare.perSecond).toFixed(2)}x bare fastify (goal >= ${goal}x ${r.perSecond / bare.perSecond >= goal ? 'met' : 'not met'}), p99 ${r.p99ms} ms (goal < 10 ms ${r.p99ms < 10 ? 'met' : 'not met'})`);
  const hotResult = await load(server.url, hot);
  print(`hot, 1,000 references repeated`, hotResult);
  ratio('hot', hotResult, 0.9);
  if (refs.length < 100_000) console.log(`  cold: skipped, the store has only ${refs.length} parcels (references would repeat); run bench-store.ts first`);
  else {
    const coldResult = await load(server.url, refs);
    print(`cold, ${refs.length.toLocaleString('en')} distinct references`, coldResult);
    ratio('cold', coldResult, 0.5);
  }
  // Parcel vector tiles at the map's first parcel zoom, one client asking one tile after another
  // (a map being panned), so the latency is the server's cost of a tile, not queueing.
  if (hasWrk) {
    const tiles = sampleTiles(13, 5000);
    const coldTiles = loadWithWrk(server.url, tiles, 1, '/api/tiles/parcels/');
    print(`tiles z13, one client, ${tiles.length} distinct tiles walked in turn (${coldTiles.answers > tiles.length ? 'some asked again' : 'none asked twice'})`, coldTiles);
    const hotTiles = loadWithWrk(server.url, tiles.slice(0, 20), 1, '/api/tiles/parcels/');
    print('tiles z13, one client, 20 tiles asked again and again', hotTiles);
    console.log(`  tiles: p50 ${coldTiles.p50ms} ms new, ${hotTiles.p50ms} ms again (goal < 10 ms ${Math.max(coldTiles.p50ms, hotTiles.p50ms) < 10 ? 'met' : 'not met'})`);
  }
  console.log(`  load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`);
} finally {
  server.stop();
}
