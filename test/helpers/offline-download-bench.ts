import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ParcelStore } from '../../core/store/parcel-store.js';

export interface OfflineDownloadBench<Fake> {
  /** The fake source the downloads read, started once for the file. */
  fake: Fake;
  /** The file's temporary folder: the copies, and the downloads in `downloads/`. */
  dir: string;
  /** A fresh, empty copy for each test. */
  store: ParcelStore;
}

/**
 * In a test file of offline downloads: `startFake`'s fake source and a temporary folder for the
 * whole file; before each test a fresh copy, no downloads folder and the fake's request log
 * emptied; all closed and removed after the file. The fields are set once the hooks have run.
 */
export function offlineDownloadBench<Fake extends { requests: unknown[]; close(): Promise<void> }>(
  startFake: () => Promise<Fake>,
  dirPrefix: string,
): OfflineDownloadBench<Fake> {
  const bench = {} as OfflineDownloadBench<Fake>;
  beforeAll(async () => {
    bench.fake = await startFake();
    bench.dir = mkdtempSync(path.join(os.tmpdir(), dirPrefix));
  });
  afterAll(async () => {
    bench.store?.close();
    await bench.fake?.close();
    if (bench.dir) rmSync(bench.dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    bench.store?.close();
    bench.store = ParcelStore.open(path.join(mkdtempSync(path.join(bench.dir, 'copy-')), 'catastro.sqlite'));
    rmSync(path.join(bench.dir, 'downloads'), { recursive: true, force: true });
    bench.fake.requests.length = 0;
  });
  return bench;
}
