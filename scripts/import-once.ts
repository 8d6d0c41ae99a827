// One import into a fresh copy, for scripts/bench-import.ts to time under /usr/bin/time -v:
// `node --import tsx scripts/import-once.ts FILE STORE.sqlite` prints {"parcels":…,"seconds":…}.
import { rmSync } from 'node:fs';
import { importFiles } from '../core/store/import-runner.js';
import { ParcelStore } from '../core/store/parcel-store.js';

const [file, storeFile] = process.argv.slice(2);
for (const suffix of ['', '-wal', '-shm']) rmSync(storeFile + suffix, { force: true });
const store = ParcelStore.open(storeFile);
const started = process.hrtime.bigint();
const [result] = await importFiles(store, [file]);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
store.close();
console.log(JSON.stringify({ parcels: result.parcels, seconds }));
