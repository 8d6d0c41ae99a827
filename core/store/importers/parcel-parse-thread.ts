import os from 'node:os';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startCoreWorker } from '../../core-worker.js';
import type { ParcelBatch } from './parcel-batch.js';
import { ParcelBatchBuilder } from './parcel-batch-builder.js';
import { streamParsedParcels, type ParcelReadOptions } from '../../formats/inspire-parcel-reader.js';
import { unpackParsedParcels, type ParsedBatch } from './parsed-parcel-batch.js';
import { fileSize, inputName, type TextInput } from '../../formats/text-stream.js';

/** What the parse worker is started with (structured-cloned: no functions in `options`). */
export interface ParseThreadData {
  role: 'parcel-parse';
  input: TextInput;
  options: Omit<ParcelReadOptions, 'reference' | 'landClass'>;
  /** Messages the worker may send ahead of the writer (backpressure). */
  aheadMessages: number;
  batchesPerMessage: number;
}

/** One message from the parse worker: parsed batches, the end (with the count), or the reason it stopped. */
/** `bytesRead[i]`: the file's bytes read when `batches[i]` was parsed (0: the end, after the last read). */
export type ParseThreadMessage = { batches: ParsedBatch[]; bytesRead: number[] } | { total: number } | { error: string };

/**
 * Packed batches (one per 64 KiB read: about 30 parcels, 70 KB) per message, and messages the
 * worker may send ahead of the writer: enough to even out uneven batches and hand-over latency,
 * about 2.5 MB held at most.
 */
const BATCHES_PER_MESSAGE = 8;
const AHEAD_MESSAGES = 4;

// No resourceLimits: any limit also shrinks the young generation, and garbage collection went
// from 5 to 14 % of the worker's time (64 MiB old generation). Memory is bounded by AHEAD_BATCHES.
const startParseWorker = (workerData: ParseThreadData) => startCoreWorker('store/importers/parcel-parse-worker', { workerData });

/**
 * Streams a parcels file parsed on a worker thread: reading and parsing run on the machine's other
 * core while this thread reprojects, packs and writes. The split evens out the two threads' CPU
 * (docs/performance.md "Import against GDAL"): with reprojection and packing on the worker too, it was the
 * import's critical path, at twice this thread's CPU. `onBatch` gets each packed batch on this
 * thread, in file order; the worker stays at most AHEAD_MESSAGES ahead (memory flat). A parse
 * error, a worker that dies (out of memory, killed) or a failing `onBatch` (a reprojection fault
 * included) ends it with an error, never a hang; the worker is stopped in every case.
 */
export function streamParcelsOnWorker(
  input: TextInput,
  options: Omit<ParcelReadOptions, 'reference'>,
  onBatch: (batch: ParcelBatch, bytesRead: number) => void,
): Promise<number> {
  // The land class stays here: the batch builder runs on this thread.
  const { landClass: _onThisThread, ...cloned } = options;
  const builder = new ParcelBatchBuilder(options);
  const worker = startParseWorker({ role: 'parcel-parse', input, options: cloned, aheadMessages: AHEAD_MESSAGES, batchesPerMessage: BATCHES_PER_MESSAGE });
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, total?: number) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error) reject(error);
      else resolve(total!);
    };
    worker.on('message', (message: ParseThreadMessage) => {
      if (settled) return;
      if ('error' in message) return finish(new Error(message.error));
      if ('total' in message) return finish(undefined, message.total);
      try {
        message.batches.forEach((parsed, i) => {
          for (const parcel of unpackParsedParcels(parsed)) builder.add(parcel);
          onBatch(builder.take(), message.bytesRead[i]);
        });
        worker.postMessage(0);
      } catch (error) {
        finish(error as Error);
      }
    });
    worker.on('error', (error) => finish(new Error(`the parsing thread failed reading ${basename(inputName(input))}: ${error.message}`)));
    worker.on('messageerror', (error) => finish(error));
    worker.on('exit', (code) => finish(new Error(`the parsing thread stopped before the end of ${basename(inputName(input))} (exit code ${code}).`)));
  });
}

/** Idle and total time of all cores so far (ms; /proc/stat's ticks on Linux). */
function coreTimes(): { cores: number; idle: number; total: number } {
  const cpus = os.cpus();
  let idle = 0;
  let total = 0;
  for (const { times } of cpus) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { cores: cpus.length, idle, total };
}

/**
 * How many cores other programs leave idle right now, over a short look (this thread sleeps
 * meanwhile, so it is not counted): 50 ms is five of Linux's 10 ms ticks per core.
 */
export async function idleCoresNow(sampleMs = 50): Promise<number> {
  const before = coreTimes();
  await sleep(sampleMs);
  const after = coreTimes();
  const elapsed = after.total - before.total;
  return elapsed > 0 ? ((after.idle - before.idle) / elapsed) * after.cores : after.cores;
}

/**
 * Inputs smaller than this are parsed on the importing thread without looking at the cores: the
 * worker's start-up (its own copy of the parser loaded: about 0.3 s when it also loaded proj4,
 * turf and saxes, about half that since) outweighs what it saves. Measured 2026-11-26 before that
 * change on an idle machine, each Segovia file imported on both paths in
 * turn (compiled build, medians): 3 MB 501 against 173 ms on one thread, 32 MB 1,129 against
 * 762 ms, 80 MB 2,186 against 2,379 ms, 190 MB 3,182 against 3,782 ms. Nearly every published
 * municipality file is below it. `CATASTRO_PARSE_WORKER_MIN_MB` sets another bound (the tests
 * use 0 to take the worker's path on small files).
 */
const workerMinBytes = () => Number(process.env.CATASTRO_PARSE_WORKER_MIN_MB ?? 64) * 1024 * 1024;

/** Bytes of text an input holds: a plain file's size, a zip entry's inflated size (a .gz file: its compressed size, a lower bound). */
const inputBytes = (input: TextInput) => (typeof input === 'string' ? fileSize(input) : input.size);

/**
 * Whether a parse worker would run beside this thread rather than take turns with it: an input
 * large enough to pay for the worker's start-up (workerMinBytes), and two cores
 * idle (this thread's and the worker's), with half a core of slack for background noise. Linux
 * shares the CPU between sessions (autogroup), not threads, so on cores other programs keep busy
 * the two threads got about one core between them: side by side at load 5 (Segovia x25) the
 * worker's import took longer than one thread's, 2.9-5.2 s wall against 2.5-3.2 s (README
 * "Import against GDAL"). The one-minute load average, tried first, lags: it counted this
 * process's own previous import and a bench's ogr2ogr run, and chose one thread on an idle machine.
 */
export async function parseWorkerPays(input: TextInput): Promise<boolean> {
  // availableParallelism: the cores this process may run on (its CPU affinity: `taskset -c 0`, a
  // container's cpuset), where os.cpus() lists the machine's. Pinned to one core, a worker only
  // takes turns with this thread, however idle the other cores are.
  return inputBytes(input) >= workerMinBytes() && os.availableParallelism() >= 2 && (await idleCoresNow()) >= 1.5;
}

/**
 * A parcels file's packed batches, parsed on a worker when it pays (parseWorkerPays),
 * on this thread otherwise: the same batches, errors and progress either way. `onBatch` writes
 * each batch before it returns: the next one is built in the same buffers (parcel-batch-builder.ts).
 */
export async function streamPackedParcels(
  input: TextInput,
  options: Omit<ParcelReadOptions, 'reference'>,
  onBatch: (batch: ParcelBatch, bytesRead: number) => void,
): Promise<number> {
  if (await parseWorkerPays(input)) return streamParcelsOnWorker(input, options, onBatch);
  const builder = new ParcelBatchBuilder(options);
  return streamParsedParcels(
    input,
    options,
    (parcel) => builder.add(parcel),
    (_added, chunk) => onBatch(builder.take(), chunk.bytesRead),
  );
}
