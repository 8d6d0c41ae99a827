// Prints cold lookups (not a test) on copies bench-store.ts left, side by side in alternating
// rounds, so a 10 M copy is measured against a 1 M one at the same minute of a shared machine
// (issue #41 item 4: lookups' p50 at 10 M <= 1.3x their 1 M figures, cold). Cold here means
// parcels not asked before in this process: every round draws parcels never drawn before, by id
// over the whole copy and looks each up once, half by reference (getParcel), half by centroid
// (parcelAt), through the store as the server opens it. Beside each pass: the read() calls (pages
// beyond the memory map, docs/performance.md "Cost with size"), minor page faults (mapped pages
// touched for the first time) and bytes read from the disk (pages the system's file cache had
// dropped) a lookup, and the fixed-work loop the size of the 1st copy's median point lookup, timed
// alike (the machine's own tail).
// BENCH_DIRS=/tmp/scale-1m,/tmp/scale-10m npx tsx scripts/bench-store-cold.ts (BENCH_ROUNDS, BENCH_LOOKUPS).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LonLat } from '../core/model/index.js';
import { openDatabase } from '../core/store/db.js';
import { ParcelStore } from '../core/store/parcel-store.js';
import { machineNoise } from './bench-machine-noise.js';

const dirs = (process.env.BENCH_DIRS ?? '').split(',').filter(Boolean);
if (dirs.length === 0) throw new Error('BENCH_DIRS: folders of copies bench-store.ts wrote, comma-separated (e.g. BENCH_DIRS=/tmp/scale-1m,/tmp/scale-10m)');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 10_000);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ioCounters = () => {
  const io = readFileSync('/proc/self/io', 'utf8');
  const counter = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
  return { readCalls: counter('syscr'), diskBytes: counter('read_bytes') };
};

interface Pass {
  p50: number;
  p99: number;
  reads: number;
  faults: number;
  /** Bytes a lookup made the system read from the disk (pages not in its file cache: the milliseconds of a p99). */
  diskBytes: number;
}

function timePass<T>(items: T[], lookup: (item: T) => unknown): Pass {
  const samples: number[] = new Array(items.length);
  const [io0, faults0] = [ioCounters(), process.resourceUsage().minorPageFault];
  for (let i = 0; i < items.length; i++) {
    const t0 = performance.now();
    lookup(items[i]);
    samples[i] = (performance.now() - t0) * 1000;
  }
  const io = ioCounters();
  // Less the /proc read's own read() call.
  const reads = (io.readCalls - io0.readCalls - 1) / items.length;
  const faults = (process.resourceUsage().minorPageFault - faults0) / items.length;
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), reads, faults, diskBytes: (io.diskBytes - io0.diskBytes) / items.length };
}

/** A copy, the store on it, and parcels to ask for drawn without repeats (read on a connection of their own, unmapped, so the store's map and page cache never see them). */
function openCopy(dir: string) {
  const file = path.join(dir, 'catastro.sqlite');
  const sampler = openDatabase(file, { readonly: true });
  sampler.pragma('mmap_size = 0');
  const maxId = sampler.prepare('SELECT max(id) FROM parcels').pluck().get() as number;
  const row = sampler.prepare('SELECT ref, centroid_lon, centroid_lat FROM parcels WHERE id = ?').raw();
  const drawn = new Set<number>();
  const fresh = (count: number): { refs: string[]; points: LonLat[] } => {
    const refs: string[] = [];
    const points: LonLat[] = [];
    while (refs.length < count) {
      const id = 1 + Math.floor(Math.random() * maxId);
      if (drawn.has(id)) continue;
      drawn.add(id);
      const found = row.get(id) as [string, number, number] | undefined;
      if (!found) continue;
      refs.push(found[0]);
      points.push([found[1], found[2]]);
    }
    // Half for references, half for points: a point lookup must not find its parcel's row read by reference just before.
    return { refs: refs.slice(0, count / 2), points: points.slice(count / 2) };
  };
  return { name: dir, store: ParcelStore.open(file), parcels: maxId, fresh };
}

const copies = dirs.map(openCopy);
const figures = new Map(copies.map((c) => [c.name, { byRef: [] as Pass[], byPoint: [] as Pass[] }]));
const controls: { p50: number; p99: number }[] = [];
const span = (values: number[], digits = 1) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

// Untimed: the code's first runs (the JIT) and the B-trees' upper levels, which a server that has
// answered anything has read already.
for (const copy of copies) {
  const { refs, points } = copy.fresh(2000);
  refs.forEach((ref) => copy.store.getParcel('ES', ref));
  points.forEach((point) => copy.store.parcelAt(point));
}
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? copies : [...copies].reverse();
  const line: string[] = [];
  for (const copy of order) {
    const { refs, points } = copy.fresh(LOOKUPS * 2);
    const byRef = timePass(refs, (ref) => copy.store.getParcel('ES', ref));
    const byPoint = timePass(points, (point) => copy.store.parcelAt(point));
    figures.get(copy.name)!.byRef.push(byRef);
    figures.get(copy.name)!.byPoint.push(byPoint);
    line.push(`${path.basename(copy.name)} ref ${byRef.p50.toFixed(1)}/${byRef.p99.toFixed(1)} point ${byPoint.p50.toFixed(1)}/${byPoint.p99.toFixed(1)}`);
    // A server's turn ends between requests; so does this pass (the store's read transaction with it).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const first = figures.get(copies[0].name)!.byPoint.at(-1)!.p50;
  const control = machineNoise(first, LOOKUPS);
  controls.push(control);
  console.log(
    `round ${round + 1} (p50/p99 µs): ${line.join('; ')}; fixed work the size of ${path.basename(copies[0].name)}'s point p50: ${control.p50.toFixed(1)}/${control.p99.toFixed(1)} (load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
  );
}
for (const copy of copies) {
  const { byRef, byPoint } = figures.get(copy.name)!;
  for (const [kind, passes] of [
    ['reference (getParcel)', byRef],
    ['point→parcel (parcelAt)', byPoint],
  ] as const) {
    console.log(
      `${copy.name} (${copy.parcels.toLocaleString('en')} parcels) ${kind}, cold: p50 ${span(passes.map((p) => p.p50))} µs, p99 ${span(passes.map((p) => p.p99))} µs; ` +
        `read() ${span(
          passes.map((p) => p.reads),
          2,
        )}, page faults ${span(
          passes.map((p) => p.faults),
          2,
        )} and bytes from the disk ${span(
          passes.map((p) => p.diskBytes),
          0,
        )} a lookup`,
    );
  }
}
if (copies.length === 2) {
  const [small, large] = copies.map((c) => figures.get(c.name)!);
  const ratios = (kind: 'byRef' | 'byPoint') => large[kind].map((p, i) => p.p50 / small[kind][i].p50);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `p50 ${path.basename(copies[1].name)} / ${path.basename(copies[0].name)}, round by round (goal <= 1.3): reference ${median(ratios('byRef')).toFixed(2)} (${span(ratios('byRef'), 2)}), point→parcel ${median(ratios('byPoint')).toFixed(2)} (${span(ratios('byPoint'), 2)})`,
  );
}
console.log(`fixed work, timed alike: p50 ${span(controls.map((c) => c.p50))} µs, p99 ${span(controls.map((c) => c.p99))} µs: the machine's own tail`);
for (const copy of copies) copy.store.close();
