import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { streamCadastralParcels } from './inspire-parcels.js';
import { packParcels, transferablesOf } from './parcel-batch.js';
import type { TextInput } from './text-stream.js';

/**
 * Worker side of the parallel parcels import (parcel-parse-thread.ts): reads, parses, reprojects
 * and encodes, while the main thread writes. It runs at most CREDITS batches ahead of the writer,
 * so memory stays bounded whatever the file's size.
 */
const CREDITS = 4;

async function parseForWriter(port: MessagePort): Promise<void> {
  let credits = CREDITS;
  let wake: (() => void) | undefined;
  port.on('message', (message: { ack?: true }) => {
    if (!message.ack) return;
    credits++;
    wake?.();
  });
  const creditFree = () => (credits > 0 ? Promise.resolve() : new Promise<void>((resolve) => { wake = resolve; }));

  const { input } = workerData as { input: TextInput };
  try {
    const total = await streamCadastralParcels(input, { source: 'inspire' }, async (parcels, chunk) => {
      if (parcels.length === 0) return;
      await creditFree();
      credits--;
      const batch = packParcels(parcels);
      port.postMessage({ batch, bytesRead: chunk.bytesRead }, transferablesOf(batch));
    });
    port.postMessage({ total });
  } catch (error) {
    port.postMessage({ error: (error as Error).message });
  }
}

// Only as a worker: imported on the main thread (the packaging test loads every compiled module) it does nothing.
if (parentPort) await parseForWriter(parentPort);
