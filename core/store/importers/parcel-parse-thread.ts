import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { coreModuleFile } from '../../app-files.js';
import type { ParcelBatch } from './parcel-batch.js';
import type { TextInput } from './text-stream.js';

/** The worker's own heap: a few batches and the parser's state; a runaway file cannot grow it past this. */
const WORKER_HEAP_MB = 48;

/**
 * Streams a parcels file parsed on a worker thread: parsing, reprojection and geometry encoding
 * (two thirds of an import) run beside the SQLite writes instead of before them. `onBatch` is
 * called on this thread with each packed batch; the worker waits for the writer (credits).
 * Under tsx (development, tests) the worker loads the TypeScript source through tsx as well.
 */
export function streamParcelsOnWorker(
  input: TextInput,
  onBatch: (batch: ParcelBatch, bytesRead: number) => void,
): Promise<number> {
  const entry = pathToFileURL(coreModuleFile('store/importers/parcel-parse-worker'));
  const options = { workerData: { input }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  // TypeScript source (tsx, vitest): register tsx in the worker first, as bin/catastro.js does.
  const worker = entry.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`, { ...options, eval: true })
    : new Worker(entry, options);
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, total?: number) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error) reject(error); else resolve(total!);
    };
    worker.on('message', (message: { batch?: ParcelBatch; bytesRead?: number; total?: number; error?: string }) => {
      if (message.error !== undefined) return finish(new Error(message.error));
      if (message.total !== undefined) return finish(undefined, message.total);
      try {
        onBatch(message.batch!, message.bytesRead!);
        worker.postMessage({ ack: true });
      } catch (error) {
        finish(error as Error);
      }
    });
    worker.on('error', (error) => finish(error));
    worker.on('exit', (code) => finish(new Error(`The parsing thread stopped (exit code ${code}).`)));
  });
}
