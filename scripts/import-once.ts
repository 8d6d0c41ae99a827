// One import into a fresh copy, for scripts/bench-import.ts to time under /usr/bin/time -v:
// `node --import tsx scripts/import-once.ts FILE STORE.sqlite [--again]` prints
// {"parcels":…,"seconds":…,"threadCpuS":[…]}: parcels the import reports. --again keeps the copy
// (a re-import of the same file: the update path). The bench counts the copy's rows itself, in its
// own process: a count(*) here walks the whole table through the store's memory map, and those
// pages (63 MiB at 144,300 parcels) would count as the import's peak memory.
// threadCpuS: CPU seconds of the busiest threads (Linux), the importing thread's first: on an idle
// machine the import's wall time is about the busier of it and the parse worker, whatever the
// load is while the bench runs.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { importFiles } from '../core/countries/import-formats.js';
import { ParcelStore } from '../core/store/parcel-store.js';

const [file, storeFile, again] = process.argv.slice(2);
const TICKS_PER_SECOND = 100;
const threadCpu = new Map<string, number>();
/** Last seen user + system time of every thread of this process (a thread's figures go when it ends, so they are sampled). */
function sampleThreads(): void {
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      threadCpu.set(tid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    }
  } catch {
    // not Linux, or a thread ended while it was read
  }
}
// Every 100 ms: at 20 ms the sampling itself was 2 % of the import's CPU profile (144,300 parcels).
const sampler = setInterval(sampleThreads, 100);
if (again !== '--again') for (const suffix of ['', '-wal', '-shm']) rmSync(storeFile + suffix, { force: true });
const store = ParcelStore.open(storeFile);
const started = process.hrtime.bigint();
const [result] = await importFiles(store, [file]);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
store.close();
clearInterval(sampler);
sampleThreads();
const main = threadCpu.get(String(process.pid)) ?? 0;
threadCpu.delete(String(process.pid));
const threadCpuS = [main, ...[...threadCpu.values()].sort((a, b) => b - a).slice(0, 2)];
const { user, system } = process.cpuUsage();
console.log(JSON.stringify({ parcels: result.parcels, seconds, cpuS: (user + system) / 1e6, threadCpuS }));
