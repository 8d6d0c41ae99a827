import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { idleCoresNow, parseWorkerPays, streamParcelsOnWorker } from '../../../core/store/importers/parcel-parse-thread.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import type { ImportProgress } from '../../../core/model/records.js';
import { machineBusy } from '../../helpers/machine-load.js';
import { fixture } from '../../helpers/paths.js';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';

/**
 * The parcels of an INSPIRE file are parsed on a worker thread while the importing thread writes
 * (core/store/importers/parcel-parse-thread.ts), when a core is free for it, else on that thread.
 * What goes wrong on either side ends the import with a clear error, rolls the whole file back
 * and leaves no worker behind, on either path.
 */
let dir: string;
let storeFile: string;
let members: { head: string; body: string; tail: string };
const PARCELS_PER_COPY = 1443;

/** The real Segovia file with its members repeated: big enough for many batches in flight. */
function repeated(name: string, times: number, middle = ''): string {
  const file = path.join(dir, name);
  const half = Math.floor(times / 2);
  writeFileSync(file, members.head + members.body.repeat(half) + middle + members.body.repeat(times - half) + members.tail);
  return file;
}

/** What a reader sees of the copy: every stored parcel row and its box. */
function snapshot(): string {
  const store = ParcelStore.open(storeFile);
  try {
    return JSON.stringify(
      store.db
        .prepare(
          `SELECT p.ref, hex(p.geometry), p.area, p.data_date, p.source, r.min_lon, r.max_lat
      FROM parcels p JOIN parcels_rtree r USING (id) ORDER BY p.country, p.ref`,
        )
        .raw()
        .all(),
    );
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-parse-worker-'));
  storeFile = path.join(dir, 'catastro.sqlite');
  const gml = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
  const start = gml.indexOf('<member>');
  const end = gml.lastIndexOf('</member>') + '</member>'.length;
  members = { head: gml.slice(0, start), body: gml.slice(start, end), tail: gml.slice(end) };
  // The copy already holds the municipality, as imported on one thread before this work.
  const store = ParcelStore.open(storeFile);
  await importFiles(store, [fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')]);
  store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('where the parcels are parsed', () => {
  it("on a worker only when two cores are idle right now (this thread's and the worker's)", async () => {
    const file = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
    machineBusy(0);
    expect(await idleCoresNow()).toBeCloseTo(2);
    expect(await parseWorkerPays(file)).toBe(true);
    machineBusy(0.2);
    expect(await parseWorkerPays(file)).toBe(true);
    machineBusy(0.5); // one of the two cores busy with another program
    expect(await idleCoresNow()).toBeCloseTo(1);
    expect(await parseWorkerPays(file)).toBe(false);
  });

  it("never in a process allowed one core (taskset -c 0, a cpuset), however idle the machine's cores are", async () => {
    machineBusy(0);
    vi.mocked(os.availableParallelism).mockReturnValue(1);
    expect(await idleCoresNow()).toBeCloseTo(2);
    expect(await parseWorkerPays(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toBe(false);
  });

  it('never for an input below the size bound (64 MiB by default), without looking at the cores', async () => {
    machineBusy(0);
    vi.stubEnv('CATASTRO_PARSE_WORKER_MIN_MB', undefined);
    const cores = vi.mocked(os.cpus);
    cores.mockClear();
    const small = {
      zip: 'area.zip',
      name: 'A.ES.SDGC.CP.40146.gml',
      size: 63 * 1024 * 1024,
      compressedSize: 6 * 1024 * 1024,
      modified: '2026-11-26',
      crc32: 0,
    };
    expect(await parseWorkerPays(small)).toBe(false);
    expect(cores).not.toHaveBeenCalled();
    expect(await parseWorkerPays({ ...small, size: 64 * 1024 * 1024 })).toBe(true);
    vi.stubEnv('CATASTRO_PARSE_WORKER_MIN_MB', '100');
    expect(await parseWorkerPays({ ...small, size: 99 * 1024 * 1024 })).toBe(false);
  });

  it('measures this machine (a sample, not a fixed answer)', async () => {
    const idle = await idleCoresNow();
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(os.cpus().length + 0.01);
  });
});

describe.each([
  { path: 'on a worker thread (cores idle)', busy: 0 },
  { path: 'on the importing thread (cores busy)', busy: 1 },
])('an INSPIRE parcels import parsed $path', ({ busy }) => {
  beforeEach(() => {
    machineBusy(busy);
  });

  it("a file malformed mid-stream fails with the parser's error after batches were written, and changes nothing", async () => {
    const before = snapshot();
    // A closing tag that does not match, between the 4th and 5th copy of the members (about 13 MB in).
    const broken = repeated('broken.gml', 8, '<member><cp:CadastralParcel gml:id="X"></member>');
    const progress: ImportProgress[] = [];
    const store = ParcelStore.open(storeFile);
    try {
      await expect(importFiles(store, [broken], (p) => progress.push(p))).rejects.toThrow(
        /broken\.gml failed, nothing of it was kept: Malformed XML: unexpected close tag member \(open: cp:CadastralParcel\)/,
      );
    } finally {
      store.close();
    }
    // The worker got that far while the writer wrote what came before the fault.
    expect(progress.at(-1)!.records).toBeGreaterThanOrEqual(4 * PARCELS_PER_COPY - 600);
    expect(progress.at(-1)!.records).toBeLessThanOrEqual(4 * PARCELS_PER_COPY);
    expect(snapshot()).toBe(before);
  }, 120_000);

  it("a ring of fewer than three distinct points mid-file fails with the geometry's error (checked on either thread), and changes nothing", async () => {
    const before = snapshot();
    // A real member whose first ring repeats one point: the worker hands rings over unprojected, so it checks them itself.
    const first = members.body.slice(0, members.body.indexOf('</member>') + '</member>'.length);
    const collapsed = first.replace(
      /(<gml:posList[^>]*>)[^<]*/,
      '$1 376623.32 4546605.4876 376623.32 4546605.4876 376617.12 4546608.24 376623.32 4546605.4876 ',
    );
    expect(collapsed).not.toBe(first);
    const broken = repeated('collapsed-ring.gml', 4, collapsed);
    const store = ParcelStore.open(storeFile);
    try {
      await expect(importFiles(store, [broken])).rejects.toThrow(
        /collapsed-ring\.gml failed, nothing of it was kept: A ring needs at least three distinct points\./,
      );
    } finally {
      store.close();
    }
    expect(snapshot()).toBe(before);
  }, 120_000);

  it('an import stopped by its caller mid-file (the progress callback throws) rolls back and frees the copy for the next import', async () => {
    const before = snapshot();
    const big = repeated('big.gml', 6);
    const store = ParcelStore.open(storeFile);
    try {
      await expect(
        importFiles(store, [big], (p) => {
          if (p.records > 2000) throw new Error('stopped by the user');
        }),
      ).rejects.toThrow(/big\.gml failed, nothing of it was kept: stopped by the user/);
      expect(snapshot()).toBe(before);
      // No worker or transaction left behind: the same file imports in full right after.
      const [result] = await importFiles(store, [big]);
      expect(result.parcels).toBe(6 * PARCELS_PER_COPY);
      expect(store.countParcels('ES')).toBe(PARCELS_PER_COPY);
    } finally {
      store.close();
    }
  }, 120_000);
});

describe('the parse worker', () => {
  it('hands over every parcel in file order with rising progress, and stops the worker when the writer fails', async () => {
    const file = repeated('two.gml', 2);
    const refs: string[] = [];
    const reads: number[] = [];
    const total = await streamParcelsOnWorker(file, { ...CATASTRO_PARCELS, source: 'inspire' }, (batch, bytesRead) => {
      refs.push(...batch.refs.split('\n'));
      reads.push(bytesRead);
    });
    expect(total).toBe(2 * PARCELS_PER_COPY);
    expect(refs).toHaveLength(total);
    expect(refs.slice(PARCELS_PER_COPY)).toEqual(refs.slice(0, PARCELS_PER_COPY));
    expect(reads.filter((r) => r > 0)).toEqual([...reads.filter((r) => r > 0)].sort((a, b) => a - b));
    expect(Math.max(...reads)).toBe(readFileSync(file).length);

    let batches = 0;
    await expect(
      streamParcelsOnWorker(file, { ...CATASTRO_PARCELS, source: 'inspire' }, () => {
        if (++batches === 3) throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(batches).toBe(3);
  }, 120_000);

  it('a file that cannot be read is refused with a clear error, not a hang', async () => {
    await expect(streamParcelsOnWorker(path.join(dir, 'missing.gml'), { ...CATASTRO_PARCELS, source: 'inspire' }, () => undefined)).rejects.toThrow(
      /ENOENT.*missing\.gml/,
    );
  });
});
