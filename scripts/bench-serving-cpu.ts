// Prints the CPU time one server process spends per answer of `GET /api/catastro/{ref}` (figures,
// not a test): user + system time from /proc/<pid>/stat over a wrk run, divided by the answers.
// On a shared 2-core machine requests/s follow the other sessions' load; the CPU an answer costs
// moves far less, so this shows a change of a few per cent that bench-http.ts cannot.
//   cold: every request a parcel not asked before (a SQLite lookup and a fresh serialisation);
//   hot:  1,000 references again and again (answered from memory).
// Each build runs one `serve` process (--workers 1); rounds alternate the builds, each round gives
// every build its own new references, and the ratio compared / this is printed per round.
// Usage: npx tsx scripts/bench-serving-cpu.ts --data DIR [--app CHECKOUT] [--compare CHECKOUT]
//          [--seconds S] [--rounds R] [--connections C]
// (build each checkout first, `npx tsc -p tsconfig.build.json`, or it runs its sources through tsx.)
import { cpuSeconds } from './process-cpu.js';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startListening, type BenchServer } from './bench-server.js';
import { loadWithWrk } from './wrk-load.js';
import { loadAverages } from './load-average.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const dataDir = args.get('data');
if (!dataDir) throw new Error('--data DIR (a copy made by scripts/bench-store.ts) is required');
const seconds = Number(args.get('seconds') ?? 4);
const rounds = Number(args.get('rounds') ?? 6);
const connections = Number(args.get('connections') ?? 16);
const builds = [path.resolve(args.get('app') ?? '.'), ...(args.get('compare') ? [path.resolve(args.get('compare')!)] : [])];

function sampleRefs(count: number): string[] {
  const db = new Database(path.join(dataDir!, 'catastro.sqlite'), { readonly: true });
  const rows = db.prepare(`SELECT ref FROM parcels WHERE country = 'ES' ORDER BY random() LIMIT ?`).pluck().all(count) as string[];
  db.close();
  return rows;
}

const start = (app: string) =>
  startListening([path.join(app, 'bin/catastro.js'), 'serve', '--port', '0', '--data', dataDir!, '--workers', '1', '--auth', 'off', '--status-interval', '0']);

/** µs of CPU per answer over one wrk run of `paths`. */
function measure(server: BenchServer, paths: string[]): { us: number; perSecond: number; failed: number } {
  const before = cpuSeconds(server.pid);
  const result = loadWithWrk(server.url, paths, { connections, seconds });
  const used = cpuSeconds(server.pid) - before;
  return { us: (used / result.answers) * 1e6, perSecond: result.perSecond, failed: result.failed };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const range = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

const servers: BenchServer[] = [];
try {
  for (const build of builds) servers.push(await start(build));
  const refs = sampleRefs(400_000);
  const hot = refs.slice(0, 1000).map((ref) => `/api/catastro/${ref}`);
  // Warm: JIT, the page cache, and the hot answers kept (from their second ask).
  for (const server of servers) {
    measure(server, hot);
    measure(
      server,
      refs.slice(1000, 6000).map((ref) => `/api/catastro/${ref}`),
    );
  }
  const slice = Math.floor((refs.length - 6000) / (rounds * builds.length));
  const figures = builds.map(() => ({ cold: [] as number[], hot: [] as number[] }));
  console.log(`CPU per answer of one serve process, wrk ${connections} connections, ${rounds} rounds of ${seconds} s, load ${os.loadavg()[0].toFixed(1)}`);
  for (let round = 0; round < rounds; round++) {
    // Alternate which build goes first, so neither always follows the other's load.
    const order = round % 2 === 0 ? servers.map((_, i) => i) : servers.map((_, i) => i).reverse();
    for (const s of order) {
      const offset = 6000 + (round * builds.length + s) * slice;
      const cold = measure(
        servers[s],
        refs.slice(offset, offset + slice).map((ref) => `/api/catastro/${ref}`),
      );
      const warm = measure(servers[s], hot);
      figures[s].cold.push(cold.us);
      figures[s].hot.push(warm.us);
      console.log(
        `  round ${round + 1}, ${builds[s]}: cold ${cold.us.toFixed(1)} µs (${cold.perSecond}/s${cold.failed ? `, ${cold.failed} FAILED` : ''}), hot ${warm.us.toFixed(1)} µs (${warm.perSecond}/s${warm.failed ? `, ${warm.failed} FAILED` : ''})`,
      );
    }
    if (builds.length === 2)
      console.log(
        `  round ${round + 1}: compared / this: cold ${(figures[1].cold[round] / figures[0].cold[round]).toFixed(3)}, hot ${(figures[1].hot[round] / figures[0].hot[round]).toFixed(3)}`,
      );
  }
  for (const [s, build] of builds.entries()) console.log(`  ${build}: cold ${range(figures[s].cold, 1)} µs, hot ${range(figures[s].hot, 1)} µs per answer`);
  if (builds.length === 2) {
    const ratios = (mix: 'cold' | 'hot') => figures[1][mix].map((v, i) => v / figures[0][mix][i]);
    console.log(`  compared / this, per round: cold ${range(ratios('cold'), 3)}, hot ${range(ratios('hot'), 3)}`);
  }
  console.log(`  ${loadAverages()}`);
} finally {
  for (const server of servers) await server.stop();
}
