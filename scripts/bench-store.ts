// Prints figures of the local copy (not a test). The import rate is bench-import.ts's (distinct
// parcels beside ogr2ogr). Here, on the sample scaled to ≥ 1,000,000 parcels (the real 40146 parcels repeated on a
// grid of shifted copies) and written as the import writes (packed batches, ParcelWriter.parcelBatch,
// on the import's connection): the writer's CPU per million, and reference lookup and
// point→parcel in process, µs p50/p99, at the first million and again at the end, each beside
// the machine's own timing noise measured then (issue #41: cost flat with size).
// Leaves the scaled store at the path printed last (reused by bench-http.ts).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { benchDir } from './bench-temp-dir.js';
import { machineNoise } from './bench-machine-noise.js';
import { bboxOf } from '../core/geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../core/model/index.js';
import { suspendChangeCounting } from '../core/store/change-counting.js';
import { openBulkWriteConnection } from '../core/store/db.js';
import { streamCadastralParcels } from '../core/formats/inspire-parcels.js';
import { packParcels } from '../core/store/importers/parcel-batch.js';
import { ParcelStore } from '../core/store/parcel-store.js';
import { ParcelWriter } from '../core/store/parcel-writer.js';
import type { StoredParcel } from '../core/model/records.js';
import { CATASTRO_PARCELS } from '../core/countries/es/catastro-files.js';

const SAMPLE = path.resolve('resources/sample/A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
const TARGET = Number(process.env.BENCH_PARCELS ?? 1_000_000);
const dir = benchDir('catastro-bench-', process.env.BENCH_DIR);

const RUSTIC_SHAPE = /^[0-9]{5}[A-Z]/;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const micros = (ns: bigint) => Number(ns) / 1000;

function timeEach(count: number, work: (i: number) => unknown): { p50: number; p99: number; perSecond: number } {
  const samples: number[] = new Array(count);
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    work(i);
    samples[i] = micros(process.hrtime.bigint() - t0);
  }
  const total = micros(process.hrtime.bigint() - started);
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), perSecond: Math.round(count / (total / 1e6)) };
}

// 1. Scale the sample to ≥ TARGET parcels: shifted copies on a grid, distinct references.
const sample: StoredParcel[] = [];
await streamCadastralParcels(SAMPLE, { ...CATASTRO_PARCELS, source: 'inspire' }, (batch) => {
  sample.push(...batch);
});
const extent = sample.reduce(
  (b, p) => {
    const [w, s, e, n] = bboxOf(p.geometry);
    return [Math.min(b[0], w), Math.min(b[1], s), Math.max(b[2], e), Math.max(b[3], n)];
  },
  [Infinity, Infinity, -Infinity, -Infinity],
);
const [dx, dy] = [extent[2] - extent[0] + 0.001, extent[3] - extent[1] + 0.001];
const copies = Math.ceil(TARGET / sample.length);
const columns = Math.ceil(Math.sqrt(copies));
/** Where copy number `copy` of the sample lies on the grid: its shift in degrees. */
const offsetOfCopy = (copy: number): [number, number] => [(copy % columns) * dx, Math.floor(copy / columns) * dy];
const shiftRing = (ring: number[][], ox: number, oy: number) => ring.map(([x, y]) => [x + ox, y + oy] as [number, number]);
const shift = (g: ParcelGeometry, ox: number, oy: number): ParcelGeometry =>
  g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: g.coordinates.map((r) => shiftRing(r, ox, oy)) }
    : { type: 'MultiPolygon', coordinates: g.coordinates.map((poly) => poly.map((r) => shiftRing(r, ox, oy))) };

const storeFile = path.join(dir, 'catastro.sqlite');
const store = ParcelStore.open(storeFile);
// Written through the connection an import writes through (small page cache, no memory map), as
// a national file's import would be; the store's own connection reads afterwards.
const bulk = openBulkWriteConnection(storeFile);
const writer = new ParcelWriter(bulk);
const refs: string[] = [];
// The write rate per million parcels written, so the first and the last million are compared
// side by side in one run (the machine is shared: rates of separate runs differ by load alone).
const SLICE = 1_000_000;
const sliceRates: number[] = [];
// CPU seconds per million too (user and system): on the shared machine the wall-clock rate moves
// with the load. And the writer's write() calls (SQLite writing pages to the WAL, Linux only): the
// system time that grows with the copy is spent in them (docs/performance.md "Scale").
const sliceCpuSeconds: { user: number; system: number }[] = [];
const sliceWriteCalls: number[] = [];
const writeCalls = () => {
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
};
let written = 0;
let sliceStart = { at: performance.now(), cpu: process.cpuUsage(), written: 0, writeCalls: writeCalls() };
// As an import of many published files writes: one transaction per file (import-runner.ts), here
// one per BENCH_FILE_PARCELS parcels (default ten copies of the sample, 14,430 parcels: Spain's
// 50.9 M parcels come in 8,131 municipal files, 6,260 a file on average). BENCH_FILE_PARCELS=0
// writes everything in one transaction, as one national file of that size would: then every page
// the small cache misses is looked up in the WAL's hash tables first (walFindFrame), a cost that
// grows with the uncommitted WAL (perf: 2.8 % of the writer at 1 M, 13.4 % at 9 M; docs/performance.md "Scale").
const FILE_PARCELS = Number(process.env.BENCH_FILE_PARCELS ?? 10 * sample.length);
const copiesPerFile = FILE_PARCELS > 0 ? Math.max(1, Math.round(FILE_PARCELS / sample.length)) : Infinity;
const transactionLabel = Number.isFinite(copiesPerFile)
  ? `one transaction per ${(copiesPerFile * sample.length).toLocaleString('en')} parcels (a municipal file)`
  : 'one transaction';
// As the import: one change count per transaction, not a trigger per row. With the triggers,
// every upsert took a statement journal, which SQLite keeps in memory until one grows past 64 KiB
// (near 1 M parcels in one transaction) and then writes to a temporary file for the rest of the
// transaction: 7.4 write() calls a parcel instead of 0.3, +55 % CPU (docs/performance.md "Scale").
let resumeChangeCounting = () => {};
const beginFile = () => {
  bulk.exec('BEGIN');
  resumeChangeCounting = suspendChangeCounting(bulk);
};
let commitSeconds = 0;
const commitFile = () => {
  resumeChangeCounting();
  const commitStarted = Date.now();
  bulk.exec('COMMIT');
  commitSeconds += (Date.now() - commitStarted) / 1000;
};
// 2. Lookups, at the first million and at the end, on the store's own connection (the writer's
// transaction is committed first: a server reads between an import's files as here).
const random = (n: number) => Math.floor(Math.random() * n);
interface LookupFigures {
  parcels: number;
  byRef: Timed;
  byRefWarm: Timed;
  byPoint: Timed;
  byPointWarm: Timed;
  hits: number;
  points: number;
  noise: { p50: number; p99: number };
}
type Timed = ReturnType<typeof timeEach>;
/** `count` distinct numbers below `n`, in random order. */
function distinct(count: number, n: number): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, n)) picked.add(random(n));
  return [...picked];
}
/**
 * Cold: 20,000 parcels not asked before in the pass, drawn over all written so far, so most lookups
 * read pages not yet cached (until 2026-11-30 100,000 references drawn with repeats: at 1 M, from
 * the 143,000 sampled, 28 % of the lookups repeated one asked before and 60 % of the table's pages
 * were read by the pass's end, which made the 1 M figure warmer than the 10 M one). Warm: a working set of 10,000
 * read once before timing, as a busy server sees.
 */
function measureLookups(parcels: number, copiesWritten: number): LookupFigures {
  const coldRefs = distinct(20_000, refs.length).map((i) => refs[i]);
  const byRef = timeEach(coldRefs.length, (i) => store.getParcel('ES', coldRefs[i]));
  const workingSet = Array.from({ length: 10_000 }, () => refs[random(refs.length)]);
  workingSet.forEach((ref) => store.getParcel('ES', ref));
  const byRefWarm = timeEach(100_000, (i) => store.getParcel('ES', workingSet[i % workingSet.length]));
  // Centroids of distinct parcels: copy number and index in the sample drawn together.
  const points = distinct(20_000, copiesWritten * sample.length).map((drawn) => {
    const p = sample[drawn % sample.length];
    const [ox, oy] = offsetOfCopy(Math.floor(drawn / sample.length));
    return [p.centroid[0] + ox, p.centroid[1] + oy] as [number, number];
  });
  let hits = 0;
  const byPoint = timeEach(points.length, (i) => {
    if (store.parcelAt(points[i])) hits++;
  });
  const byPointWarm = timeEach(points.length, (i) => store.parcelAt(points[i]));
  const noise = machineNoise(byPointWarm.p50, points.length);
  return { parcels, byRef, byRefWarm, byPoint, byPointWarm, hits, points: points.length, noise };
}
const lookupsAt: LookupFigures[] = [];

/**
 * The lookups at the first million, kept out of the writer's wall time and CPU a million. They
 * end with their event-loop turn, as a server's do: the store's reads share one read transaction
 * until the turn is over (turn-snapshot.ts), and while it stayed open (the write loop never
 * yielded) no checkpoint could pass it, so the WAL grew by every page written after the pause and
 * each of the writer's page reads searched it (walFindFrame), each commit's checkpoint sorted it
 * (walMerge): the 10 M run of 2026-11-29 ended with the copy at 0.59 GB and a WAL of 5 GB+.
 */
async function pauseForLookups(copiesWritten: number): Promise<void> {
  const [at, cpu] = [performance.now(), process.cpuUsage()];
  lookupsAt.push(measureLookups(written, copiesWritten));
  await new Promise((resolve) => setImmediate(resolve));
  const spent = process.cpuUsage(cpu);
  sliceStart.at += performance.now() - at;
  sliceStart.cpu = { user: sliceStart.cpu.user + spent.user, system: sliceStart.cpu.system + spent.system };
}
const t1 = Date.now();
beginFile();
for (let copy = 0; copy < copies; copy++) {
  if (copy > 0 && copy % copiesPerFile === 0) {
    commitFile();
    if (lookupsAt.length === 0 && written >= SLICE) await pauseForLookups(copy);
    beginFile();
  }
  const [ox, oy] = offsetOfCopy(copy);
  const parcels = sample.map((p, index) => {
    // Valid 14-character references of the original's shape, unique per copy, so HTTP can look
    // them up too: a rustic one keeps its sector letter (an all-digit reference is France's shape).
    const ref =
      copy === 0
        ? p.ref
        : RUSTIC_SHAPE.test(p.ref)
          ? `${String(copy).padStart(5, '0')}${p.ref.slice(5)}`
          : `${String(copy * sample.length + index).padStart(7, '0')}${p.ref.slice(7)}`;
    if (index % 7 === 0) refs.push(ref);
    return { ...p, ref, geometry: shift(p.geometry, ox, oy), centroid: [p.centroid[0] + ox, p.centroid[1] + oy] as LonLat };
  });
  // One copy of the sample is one batch, written as the import writes a parsed batch.
  writer.parcelBatch(packParcels(parcels), {});
  written += parcels.length;
  if (written >= (sliceRates.length + 1) * SLICE) {
    const now = performance.now();
    const count = written - sliceStart.written;
    sliceRates.push(Math.round(count / ((now - sliceStart.at) / 1000)));
    const cpu = process.cpuUsage(sliceStart.cpu);
    const perMillion = SLICE / count / 1e6;
    sliceCpuSeconds.push({ user: cpu.user * perMillion, system: cpu.system * perMillion });
    const calls = writeCalls();
    sliceWriteCalls.push(Math.round(((calls - sliceStart.writeCalls) * SLICE) / count));
    sliceStart = { at: now, cpu: process.cpuUsage(), written, writeCalls: calls };
  }
}
commitFile();
const total = store.countParcels();
const writeSeconds = (Date.now() - t1) / 1000;
bulk.close();
console.log(
  `scaled copy: ${total} parcels written in ${writeSeconds.toFixed(1)} s, ${transactionLabel} (${Math.round(total / writeSeconds)} parcels/s, writer only, commits ${commitSeconds.toFixed(1)} s of it)`,
);
if (sliceRates.length > 1) {
  console.log(
    `write rate by million: ${sliceRates.map((r) => r.toLocaleString('en')).join(', ')} parcels/s; last / first ${(sliceRates[sliceRates.length - 1] / sliceRates[0]).toFixed(2)} (goal >= 0.85)`,
  );
  const cpuTotals = sliceCpuSeconds.map((c) => c.user + c.system);
  console.log(
    `writer CPU by million: ${cpuTotals.map((c) => c.toFixed(1)).join(', ')} s; first / last ${(cpuTotals[0] / cpuTotals[cpuTotals.length - 1]).toFixed(2)}`,
  );
  // The rate a writer with a core to itself would reach: on the shared machine the wall-clock rate
  // above moves with the other sessions' load, the CPU a million does not.
  console.log(
    `  as parcels per CPU second: ${cpuTotals.map((c) => Math.round(1e6 / c).toLocaleString('en')).join(', ')}; last / first ${(cpuTotals[0] / cpuTotals[cpuTotals.length - 1]).toFixed(2)} (goal >= 0.85)`,
  );
  console.log(
    `  of which system: ${sliceCpuSeconds.map((c) => c.system.toFixed(1)).join(', ')} s; write() calls by million: ${sliceWriteCalls.map((n) => n.toLocaleString('en')).join(', ')}`,
  );
}
{
  // What the whole of Spain (50.9 M parcels) would cost at this run's figures: disk by bytes per
  // parcel, time at the last million's rate (a lower bound if the rate keeps falling with size).
  // Each commit's checkpoint keeps the WAL near one file's pages; a WAL of GBs here means a reader
  // held a snapshot the checkpoints could not pass, and the writer's figures above paid for it.
  const walBytes = statSync(`${storeFile}-wal`).size;
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  const bytes = statSync(storeFile).size;
  const SPAIN = 50_900_000;
  const lastRate = sliceRates[sliceRates.length - 1] ?? total / writeSeconds;
  console.log(
    `disk: ${(bytes / 1e9).toFixed(2)} GB (the WAL ${(walBytes / 1e6).toFixed(0)} MB before the last checkpoint), ${Math.round(bytes / total)} bytes/parcel; Spain's ${SPAIN / 1e6} M parcels at these figures: ${(((bytes / total) * SPAIN) / 1e9).toFixed(0)} GB, about ${Math.round(SPAIN / lastRate / 60)} min of writing at the last million's rate`,
  );
}

lookupsAt.push(measureLookups(total, copies));
const µs = (t: Timed) => `p50 ${t.p50.toFixed(1)} / p99 ${t.p99.toFixed(1)} µs`;
for (const f of lookupsAt) {
  const at = `at ${(f.parcels / 1e6).toFixed(2)} M`;
  console.log(`reference lookup (getParcel) ${at}: cold ${µs(f.byRef)} (${f.byRef.perSecond}/s), warm ${µs(f.byRefWarm)}`);
  console.log(`point→parcel (parcelAt) ${at}: cold ${µs(f.byPoint)} (${f.byPoint.perSecond}/s, ${f.hits}/${f.points} hits), warm ${µs(f.byPointWarm)}`);
  console.log(
    `  the machine's noise then (fixed work the size of a warm parcelAt, timed alike): p50 ${f.noise.p50.toFixed(1)} / p99 ${f.noise.p99.toFixed(1)} µs`,
  );
}
if (lookupsAt.length === 2) {
  const [first, last] = lookupsAt;
  const ratio = (a: Timed, b: Timed) => (b.p50 / a.p50).toFixed(2);
  console.log(
    `p50 at ${(last.parcels / 1e6).toFixed(1)} M / at ${(first.parcels / 1e6).toFixed(1)} M (goal <= 1.3): reference cold ${ratio(first.byRef, last.byRef)}, warm ${ratio(first.byRefWarm, last.byRefWarm)}; point→parcel cold ${ratio(first.byPoint, last.byPoint)}, warm ${ratio(first.byPointWarm, last.byPointWarm)}`,
  );
}
store.close();
console.log(process.env.BENCH_DIR ? `scaled store: ${storeFile}` : 'scaled store removed (BENCH_DIR=<folder> keeps it, e.g. for bench-point-lookup.ts)');
