// Worker thread of read-layer-in-worker.ts: reads one layer file and hands its features over
// in batches, one batch per request, so the file's reading (parsers, SQLite on a GeoPackage)
// never runs on the caller's thread and a file that never yields can be cut off from outside.
import { parentPort, workerData } from 'node:worker_threads';
import { readLayer, type ReadLayerOptions } from './read-layer.js';

/** Serves batches on the worker's port; does nothing when imported outside a worker. */
function serveBatches(port: NonNullable<typeof parentPort>): void {
  const { file, options, batchSize } = workerData as { file: string; options: ReadLayerOptions; batchSize: number };
  const features = readLayer(file, options);
  port.on('message', async () => {
    try {
      const batch = [];
      let done = false;
      while (batch.length < batchSize) {
        const next = await features.next();
        if (next.done) {
          done = true;
          break;
        }
        batch.push(next.value);
      }
      port.postMessage({ done, features: batch });
    } catch (error) {
      const { message: text, code, name } = error as { message?: string; code?: string; name?: string };
      port.postMessage({ error: { message: text ?? String(error), code, name } });
    }
  });
}

if (parentPort && workerData) serveBatches(parentPort);
