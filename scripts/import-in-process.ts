// The same file imported again and again by one running process, for scripts/bench-import.ts: what
// the desktop app and `catastro serve` do with a dropped zip, without a Node start, its modules or
// cold code in the figure. `node dist/bench/scripts/import-in-process.js FILE DIR [IMPORTS]` imports
// FILE IMPORTS times (default 9), each into a new copy opened before the timing starts (the app's
// copy is open when a file is dropped), and prints {"parcels":…,"firstCpuS":…,"warmCpuS":…}: the
// CPU of the process (every thread) around the first import and, as the median of the last half,
// around a warm one. Each count is checked against the first.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { importFiles } from '../core/countries/import-formats.js';
import { ParcelStore } from '../core/store/parcel-store.js';

const [file, dir, imports = '9'] = process.argv.slice(2);
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const cpu: number[] = [];
let parcels: number | undefined;
for (let i = 0; i < Number(imports); i++) {
  const copy = path.join(dir, `in-process-${i}.sqlite`);
  const store = ParcelStore.open(copy);
  const before = cpuSeconds();
  const [result] = await importFiles(store, [file]);
  cpu.push(cpuSeconds() - before);
  store.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  if (parcels !== undefined && result.parcels !== parcels) throw new Error(`import ${i} reported ${result.parcels} parcels, the first ${parcels}`);
  parcels = result.parcels;
}
const warm = cpu.slice(Math.ceil(cpu.length / 2)).sort((a, b) => a - b);
console.log(JSON.stringify({ parcels, firstCpuS: cpu[0], warmCpuS: warm[Math.floor(warm.length / 2)] }));
