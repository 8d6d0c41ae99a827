import { basename } from 'node:path';
import { startCoreWorker } from '../../core-worker.js';
import { ServiceError, validationError, type ErrorCode } from '../../model/index.js';
import type { LayerFeature } from './layer-feature.js';
import type { ReadLayerOptions } from './read-layer.js';

/** Longest wait for the next batch of features; a file that takes longer is refused. */
export const LAYER_READ_DEADLINE_MS = 60_000;
const BATCH_SIZE = 256;

interface Batch {
  done?: boolean;
  features?: LayerFeature[];
  error?: { message: string; code?: string; name?: string };
}

/**
 * Features of a layer file read in a worker thread with a deadline per batch: a user's file is
 * never read on the caller's thread (in the desktop app, the main process), and a file whose
 * reading never yields (a hostile GeoPackage, a pathological shapefile) is cut off after
 * `deadlineMs` with a clear error instead of hanging the app. Same features as readLayer.
 */
export async function* readLayerInWorker(file: string, options: ReadLayerOptions = {}, deadlineMs = LAYER_READ_DEADLINE_MS): AsyncGenerator<LayerFeature> {
  const worker = startCoreWorker('analysis/terrain/layer-reader-worker', { workerData: { file, options, batchSize: BATCH_SIZE } });
  const request = () =>
    new Promise<Batch>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(
          validationError(
            `${basename(file)} could not be read within ${Math.round(deadlineMs / 1000)} s; the reading was stopped (is it a valid layer file?).`,
          ),
        );
      }, deadlineMs);
      const onMessage = (batch: Batch) => {
        cleanup();
        resolve(batch);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(validationError(`${basename(file)} could not be read: ${error.message}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage('next');
    });
  try {
    for (;;) {
      const batch = await request();
      if (batch.error) {
        const { message, code, name } = batch.error;
        throw name === 'ServiceError' && code ? new ServiceError(code as ErrorCode, message) : new Error(message);
      }
      yield* batch.features ?? [];
      if (batch.done) return;
    }
  } finally {
    // Ends the reading wherever it is (a caller that stopped early, a deadline): the worker's
    // files and SQLite handles go with it.
    await worker.terminate();
  }
}
