import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { WorkerOptions } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { machineBusy } from '../../helpers/machine-load.js';
import { fixture } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * The parse worker (core/store/importers/parcel-parse-thread.ts) dying without its last message:
 * killed from outside mid-file, or out of memory. Neither can be caused through a parcels file,
 * so the test swaps worker_threads' Worker for one that dies that way (no seam in the app's code):
 * `death.kind` says how the next worker dies. The real worker still parses the real Segovia file.
 */
const death = vi.hoisted(() => ({ kind: 'none' as 'none' | 'killed after its first message' | 'out of memory' }));
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:worker_threads')>();
  class DyingWorker extends real.Worker {
    constructor(entry: string | URL, options?: WorkerOptions) {
      // A heap far below what parsing needs: V8 stops the thread (ERR_WORKER_OUT_OF_MEMORY).
      const limits = death.kind === 'out of memory' ? { resourceLimits: { maxOldGenerationSizeMb: 4, maxYoungGenerationSizeMb: 1 } } : {};
      super(entry, { ...options, ...limits });
      // Stopped at once, mid-file, after batches were handed over: as the system killing the thread.
      if (death.kind === 'killed after its first message') this.once('message', () => void this.terminate());
    }
  }
  return { ...real, Worker: DyingWorker, default: { ...real, Worker: DyingWorker } };
});

const SEGOVIA = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
const PARCELS = 1443;
let dir: string;
let storeFile: string;
/** The Segovia members four times over (about 13 MB): many messages from the worker. */
let big: string;

/** Every stored parcel row with its box, hashed: what a reader sees of the copy. */
function copyHash(): { parcels: number; hash: string } {
  const store = ParcelStore.open(storeFile);
  try {
    const rows = store.db
      .prepare(
        `SELECT p.ref, hex(p.geometry), p.area, p.data_date, p.source, r.min_lon, r.max_lat
      FROM parcels p JOIN parcels_rtree r USING (id) ORDER BY p.country, p.ref`,
      )
      .raw()
      .all();
    return { parcels: rows.length, hash: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  dir = tempDir('catastro-parse-dies-');
  storeFile = path.join(dir, 'catastro.sqlite');
  const gml = gunzipSync(readFileSync(SEGOVIA)).toString('utf8');
  const start = gml.indexOf('<member>');
  const end = gml.lastIndexOf('</member>') + '</member>'.length;
  big = path.join(dir, 'big.gml');
  writeFileSync(big, gml.slice(0, start) + gml.slice(start, end).repeat(4) + gml.slice(end));
  const store = ParcelStore.open(storeFile);
  await importFiles(store, [SEGOVIA]);
  store.close();
});
beforeEach(() => {
  machineBusy(0);
}); // two idle cores: the import parses on the worker
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe.each([
  {
    kind: 'killed after its first message' as const,
    error: /big\.gml failed, nothing of it was kept: the parsing thread stopped before the end of big\.gml \(exit code 1\)\./,
  },
  { kind: 'out of memory' as const, error: /big\.gml failed, nothing of it was kept: the parsing thread failed reading big\.gml: .*out of memory/i },
])('a parse worker $kind', ({ kind, error }) => {
  it('fails the import with a clear error in bounded time, changes nothing, and the next import works', async () => {
    const before = copyHash();
    expect(before.parcels).toBe(PARCELS);
    const store = ParcelStore.open(storeFile);
    try {
      death.kind = kind;
      const started = performance.now();
      const records: number[] = [];
      await expect(importFiles(store, [big], (p) => records.push(p.records))).rejects.toThrow(error);
      // A lost worker is noticed when it ends, not after a timeout: well within the test's own limit.
      expect(performance.now() - started).toBeLessThan(20_000);
      if (kind === 'killed after its first message') expect(Math.max(0, ...records)).toBeGreaterThan(0); // it died mid-file
      death.kind = 'none';
      expect(copyHash()).toEqual(before);
      // Nothing left held (transaction, import queue): the same file imports in full on a healthy worker.
      const [result] = await importFiles(store, [big]);
      expect(result.parcels).toBe(4 * PARCELS);
      expect(store.countParcels('ES')).toBe(PARCELS);
    } finally {
      death.kind = 'none';
      store.close();
    }
  }, 60_000);
});
