// Prints point→parcel figures (not a test) on a scaled copy bench-store.ts left (BENCH_DIR, its
// catastro.sqlite), without writing it again: the store's parcelAt beside the query it replaced
// (issue #16), each on its own connection, in alternating rounds. A pass times 20,000 fresh random
// parcel centroids ("cold", as bench-store.ts) and then the same points again ("warm", three times:
// how much of the warm tail follows the point, tailOf), µs p50/p99,
// with the SQLite read() calls and page faults a lookup made and the CPU the pass used (on a shared
// machine, wall time above CPU time is other programs' work; so each lookup's CPU time too, from
// getrusage, which counts the process's other threads as well). Opening the copy through the store
// runs any migration it lacks, timed. The answers of both are compared on every point. Each round
// also times fixed arithmetic as long as a warm lookup, the same way: the machine's own tail.
// BENCH_DIR=/tmp/scale-10m npx tsx scripts/bench-point-lookup.ts (BENCH_ROUNDS, BENCH_POINTS).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LonLat } from '../core/model/index.js';
import { openDatabase, type SqliteDatabase } from '../core/store/db.js';
import { encodedContains } from '../core/store/geometry-codec.js';
import { PARCEL_COLUMNS, PARCEL_FROM, parcelFromRow, type ParcelRow } from '../core/store/parcel-rows.js';
import { ParcelStore } from '../core/store/parcel-store.js';
import { machineNoise } from './bench-machine-noise.js';
import type { StoredParcel } from '../core/model/records.js';

const dir = process.env.BENCH_DIR;
if (!dir) throw new Error('BENCH_DIR: the folder of a copy bench-store.ts wrote (e.g. BENCH_DIR=/tmp/scale-10m)');
const file = path.join(dir, 'catastro.sqlite');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const POINTS = Number(process.env.BENCH_POINTS ?? 20_000);

type Lookup = (point: LonLat) => StoredParcel | undefined;

/**
 * parcelAt as it was before 2026-11-26's change (docs/performance.md "Scale"): each statement its own read
 * transaction, on a 1 GiB memory map.
 */
function lookupBefore(db: SqliteDatabase): Lookup {
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 1073741824');
  const candidatesAt = db
    .prepare(
      `
    SELECT p.id, p.country, p.geometry FROM parcels_rtree r JOIN parcels p ON p.id = r.id
    WHERE r.min_lon <= @lon AND r.max_lon >= @lon AND r.min_lat <= @lat AND r.max_lat >= @lat
    ORDER BY p.area`,
    )
    .raw();
  const parcelById = db.prepare(`SELECT ${PARCEL_COLUMNS} FROM ${PARCEL_FROM} WHERE p.id = ?`).raw();
  return ([lon, lat]) => {
    for (const [id, , geometry] of candidatesAt.all({ lon, lat }) as [number, string, Buffer][]) {
      if (encodedContains(geometry, lon, lat)) return parcelFromRow(parcelById.get(id) as ParcelRow);
    }
    return undefined;
  };
}

const schemaBefore = (() => {
  const db = openDatabase(file, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
})();
const openedAt = performance.now();
const store = ParcelStore.open(file);
const schemaAfter = store.db.pragma('user_version', { simple: true }) as number;
if (schemaAfter !== schemaBefore) {
  console.log(`migrated the copy from schema ${schemaBefore} to ${schemaAfter} in ${((performance.now() - openedAt) / 1000).toFixed(1)} s`);
}
const variants: { name: string; lookup: Lookup }[] = [
  { name: 'before', lookup: lookupBefore(openDatabase(file, { readonly: true })) },
  { name: 'parcelAt', lookup: (point) => store.parcelAt(point) },
];

// Points: centroids of random parcels, as bench-store.ts draws them (its copy repeats the sample
// on a grid), read on a connection of their own so neither variant's page cache sees them.
const sampler = openDatabase(file, { readonly: true });
sampler.pragma('mmap_size = 0');
const maxId = sampler.prepare('SELECT max(id) FROM parcels').pluck().get() as number;
const centroid = sampler.prepare('SELECT centroid_lon, centroid_lat FROM parcels WHERE id = ?').raw();
function randomPoints(): LonLat[] {
  const points: LonLat[] = [];
  while (points.length < POINTS) {
    const row = centroid.get(1 + Math.floor(Math.random() * maxId)) as LonLat | undefined;
    if (row) points.push(row);
  }
  return points;
}

const readCalls = () => Number(/^syscr: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? NaN);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

interface Pass {
  byPoint: number[];
  p50: number;
  p99: number;
  cpuP50: number;
  cpuP99: number;
  reads: number;
  faults: number;
  cpuShare: number;
  refs: (string | undefined)[];
}

function timePass(lookup: Lookup, points: LonLat[]): Pass {
  const samples: number[] = new Array(points.length);
  const cpuSamples: number[] = new Array(points.length);
  const refs: (string | undefined)[] = new Array(points.length);
  const [reads0, faults0, cpu0, started] = [readCalls(), process.resourceUsage().minorPageFault, process.cpuUsage(), performance.now()];
  for (let i = 0; i < points.length; i++) {
    const [t0, c0] = [performance.now(), process.cpuUsage()];
    refs[i] = lookup(points[i])?.ref;
    samples[i] = (performance.now() - t0) * 1000;
    const c = process.cpuUsage(c0);
    cpuSamples[i] = c.user + c.system;
  }
  const wallMicros = (performance.now() - started) * 1000;
  const cpu = process.cpuUsage(cpu0);
  // Less the /proc read's own read() call.
  const reads = (readCalls() - reads0 - 1) / points.length;
  const faults = (process.resourceUsage().minorPageFault - faults0) / points.length;
  const byPoint = [...samples];
  samples.sort((a, b) => a - b);
  cpuSamples.sort((a, b) => a - b);
  return {
    byPoint,
    p50: percentile(samples, 0.5),
    p99: percentile(samples, 0.99),
    cpuP50: percentile(cpuSamples, 0.5),
    cpuP99: percentile(cpuSamples, 0.99),
    reads,
    faults,
    cpuShare: (cpu.user + cpu.system) / wallMicros,
    refs,
  };
}

const figures = new Map<string, { cold: Pass[]; warm: Pass[]; tails: Tail[] }>(variants.map((v) => [v.name, { cold: [], warm: [], tails: [] }]));

/**
 * Whether the slow lookups are the points' own work or the machine's: two more warm passes over the
 * same points. `again`: of the lookups over 100 µs in the first warm pass, the share over 100 µs
 * again in the next, beside that pass's share over 100 µs of all (`base`): equal shares say the
 * slowness does not follow the point. `medianP99`: the p99 of each point's median of three passes.
 */
interface Tail {
  again: number;
  base: number;
  medianP99: number;
}
function tailOf(lookup: Lookup, sample: LonLat[], first: Pass): Tail {
  const [second, third] = [timePass(lookup, sample), timePass(lookup, sample)];
  const slowFirst = first.byPoint.map((t) => t > 100);
  const slowBoth = second.byPoint.filter((t, i) => t > 100 && slowFirst[i]).length;
  const medians = sample.map((_, i) => [first.byPoint[i], second.byPoint[i], third.byPoint[i]].sort((a, b) => a - b)[1]).sort((a, b) => a - b);
  return {
    again: slowBoth / Math.max(1, slowFirst.filter(Boolean).length),
    base: second.byPoint.filter((t) => t > 100).length / sample.length,
    medianP99: percentile(medians, 0.99),
  };
}
const controls: { p50: number; p99: number }[] = [];

let points = 0;
let differing = 0;
let found = 0;
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? variants : [...variants].reverse();
  const passes = new Map<string, Pass>();
  // Each variant its own fresh points (a variant's first pass over points the other just read
  // would find them in the system's cache only, but its own would be cold either way)...
  for (const { name, lookup } of order) {
    const sample = randomPoints();
    const cold = timePass(lookup, sample);
    const warm = timePass(lookup, sample);
    figures.get(name)!.cold.push(cold);
    figures.get(name)!.warm.push(warm);
    figures.get(name)!.tails.push(tailOf(lookup, sample, warm));
    passes.set(name, cold);
    // ...and the other variant's answers on the same points, untimed, compared.
    const others = variants.filter((v) => v.name !== name);
    for (let i = 0; i < sample.length; i++) {
      points++;
      if (cold.refs[i] !== undefined) found++;
      if (others.some((other) => other.lookup(sample[i])?.ref !== cold.refs[i])) differing++;
    }
  }
  const warmMedian = figures.get('parcelAt')!.warm.at(-1)!.p50;
  // Sized on the timed loop's own median, as bench-store.ts does: a plain calibration on a loaded
  // machine came out 10x short (3.2 µs of fixed work against lookups of 37 µs).
  const control = machineNoise(warmMedian, POINTS);
  controls.push(control);
  const line = [...passes].map(([name, cold]) => `${name} cold p50 ${cold.p50.toFixed(1)} p99 ${cold.p99.toFixed(1)}`).join('; ');
  console.log(
    `round ${round + 1}: ${line}; fixed work (${control.iterations} iterations, warm parcelAt p50 ${warmMedian.toFixed(1)}) p50 ${control.p50.toFixed(1)} p99 ${control.p99.toFixed(1)} (load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
  );
}
const span = (values: number[], digits = 1) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
for (const [name, { cold, warm, tails }] of figures) {
  const percent = (values: number[]) =>
    span(
      values.map((v) => v * 100),
      1,
    );
  console.log(
    `${name} warm tail: p99 of each point's median of 3 passes ${span(tails.map((t) => t.medianP99))} µs; over 100 µs again in the next pass ${percent(tails.map((t) => t.again))} % of the slow ones, against ${percent(tails.map((t) => t.base))} % of all`,
  );
  for (const [kind, passes] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    console.log(
      `${name} ${kind}: p50 ${span(passes.map((p) => p.p50))} µs, p99 ${span(passes.map((p) => p.p99))} µs (CPU p50 ${span(passes.map((p) => p.cpuP50))}, p99 ${span(passes.map((p) => p.cpuP99))}), ` +
        `read() ${span(
          passes.map((p) => p.reads),
          2,
        )} and page faults ${span(
          passes.map((p) => p.faults),
          2,
        )} a lookup, CPU / wall ${span(
          passes.map((p) => p.cpuShare),
          2,
        )}`,
    );
  }
}
console.log(
  `fixed work the size of a warm parcelAt, timed alike: p50 ${span(controls.map((c) => c.p50))} µs, p99 ${span(controls.map((c) => c.p99))} µs (p99 / p50 ${span(
    controls.map((c) => c.p99 / c.p50),
    2,
  )}): the machine's own tail`,
);
console.log(`${points} points, ${found} in a parcel; answers differing between variants: ${differing}`);
