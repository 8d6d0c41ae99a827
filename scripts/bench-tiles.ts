// Prints the time to serve parcel vector tiles the server has not made before (figures, not a
// test), on a real municipality's copy: by default the densest in the fixtures, Épinay-sur-Orge
// (Etalab 91216: 4,241 parcels, a suburb of small plots; the Spanish 40146 is rural).
// Each round starts the servers afresh (their tile caches empty), then asks every tile with
// parcels at zooms 13 to 15 once, one request at a time, alternating the servers tile by tile
// (the same tiles, the same moment): latency is the server's cost of a tile, not queueing.
// Usage: npx tsx scripts/bench-tiles.ts [--file FIXTURE] [--rounds R] [--compare CHECKOUT]
// (--compare: a second checkout's `bin/catastro.js` on the same copy, e.g. an export of main.)
import { startListening, type BenchServer } from './bench-server.js';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { benchDir } from './bench-temp-dir.js';
import { importFiles } from '../core/countries/import-formats.js';
import { ParcelStore } from '../core/store/parcel-store.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const file = path.resolve(args.get('file') ?? 'test/fixtures/countries/fr_etalab_cadastre_parcelles_91216.json.gz');
const rounds = Number(args.get('rounds') ?? 5);
const checkouts = [path.resolve('.'), ...(args.get('compare') ? [path.resolve(args.get('compare')!)] : [])];
const ZOOMS = [13, 14, 15];
/** Warm-up tiles, unreported, at a zoom not measured: the code is compiled and optimised before the tiles measured, and those stay new. */
const WARM_UP_ZOOM = 16;

const dataDir = benchDir('catastro-bench-tiles-');
const store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
const [imported] = await importFiles(store, [file]);
const centroids = store.db.prepare('SELECT centroid_lon, centroid_lat FROM parcels').raw().all() as [number, number][];
store.close();

/** Tiles holding at least one parcel's centroid, by zoom, with how many. */
const tilesByZoom = new Map(
  [...ZOOMS, WARM_UP_ZOOM].map((z) => {
    const n = 2 ** z;
    const counts = new Map<string, number>();
    for (const [lon, lat] of centroids) {
      const x = Math.floor(((lon + 180) / 360) * n);
      const y = Math.floor(((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
      counts.set(`${z}/${x}/${y}`, (counts.get(`${z}/${x}/${y}`) ?? 0) + 1);
    }
    return [z, counts] as const;
  }),
);

const startServer = (checkout: string): Promise<BenchServer> =>
  startListening([path.join(checkout, 'bin/catastro.js'), 'serve', '--port', '0', '--data', dataDir, '--auth', 'off', '--status-interval', '0']);

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Milliseconds from request to the last byte of the answer. */
function timeGet(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { agent }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, bytes, status: response.statusCode ?? 0 }));
      })
      .on('error', reject);
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const times = checkouts.map(() => new Map(ZOOMS.map((z) => [z, [] as number[]])));
const sizes = new Map(ZOOMS.map((z) => [z, [] as number[]]));

console.log(
  `${imported.parcels.toLocaleString('en')} parcels of ${path.basename(file)}; ${rounds} rounds, servers started afresh each round, tiles alternated between ${checkouts.length} build(s)`,
);
for (let round = 0; round < rounds; round++) {
  const servers = [];
  for (const checkout of checkouts) servers.push(await startServer(checkout));
  try {
    for (const url of servers.map((s) => s.url)) {
      for (const tile of [...tilesByZoom.get(WARM_UP_ZOOM)!.keys()].slice(0, 60)) await timeGet(`${url}/api/tiles/parcels/${tile}.pbf`);
    }
    for (const z of ZOOMS) {
      for (const [i, tile] of [...tilesByZoom.get(z)!.keys()].entries()) {
        const order = (i + round) % 2 === 0 ? servers.map((_, s) => s) : servers.map((_, s) => servers.length - 1 - s);
        for (const s of order) {
          const answer = await timeGet(`${servers[s].url}/api/tiles/parcels/${tile}.pbf`);
          if (answer.status !== 200) throw new Error(`${tile}: HTTP ${answer.status}`);
          times[s].get(z)!.push(answer.ms);
          if (s === 0 && round === 0) sizes.get(z)!.push(answer.bytes);
        }
      }
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}
for (const z of ZOOMS) {
  const counts = [...tilesByZoom.get(z)!.values()];
  console.log(
    `z${z}: ${counts.length} tiles, parcels (centroids) per tile max ${Math.max(...counts)}, median ${percentile(counts, 0.5)}; ${Math.round(percentile(sizes.get(z)!, 0.5) / 1024)} KiB median tile`,
  );
  for (const [s, checkout] of checkouts.entries()) {
    const ms = times[s].get(z)!;
    console.log(
      `  ${checkout}: new tile p50 ${percentile(ms, 0.5).toFixed(1)} ms, p95 ${percentile(ms, 0.95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms (${ms.length} requests)`,
    );
  }
}
console.log(
  `  load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min)`,
);
agent.destroy();
