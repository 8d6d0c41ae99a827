// Worker thread of parcel-parse-thread.ts: reads and parses a parcels file, and hands its parcels,
// outlines still in the file's CRS, to the importing thread, which reprojects, packs and writes
// them meanwhile. It loads only the reader (inspire-parcel-reader.ts): no proj4, turf or saxes.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { streamParsedParcels } from '../../formats/inspire-parcel-reader.js';
import { packParsedParcels, parsedTransferablesOf, type ParsedBatch } from './parsed-parcel-batch.js';
import type { ParseThreadData, ParseThreadMessage } from './parcel-parse-thread.js';

async function parseForWriter(port: MessagePort, data: ParseThreadData): Promise<void> {
  // Backpressure: at most `aheadMessages` messages not yet written, so memory stays flat whatever the file's size.
  let credits = data.aheadMessages;
  let wake: (() => void) | undefined;
  port.on('message', () => {
    credits++;
    wake?.();
    wake = undefined;
  });
  const creditFree = () =>
    credits > 0
      ? undefined
      : new Promise<void>((resolve) => {
          wake = resolve;
        });
  // Parcels are packed per chunk read (about 30): gathering hundreds before packing kept them alive
  // into the old generation and doubled the worker's garbage collection. The packed batches
  // (typed arrays, outside the heap) then go over a few at a time: each message wakes the
  // writing thread, and at one message per chunk the hand-overs were a sixth of the worker's time.
  let batches: ParsedBatch[] = [];
  let bytesRead: number[] = [];
  const send = async () => {
    await creditFree();
    credits--;
    port.postMessage({ batches, bytesRead } satisfies ParseThreadMessage, batches.flatMap(parsedTransferablesOf));
    batches = [];
    bytesRead = [];
  };
  try {
    const total = await streamParsedParcels(
      data.input,
      data.options,
      (parcel) => parcel,
      async (parcels, chunk) => {
        if (parcels.length === 0) return;
        batches.push(packParsedParcels(parcels));
        bytesRead.push(chunk.bytesRead);
        if (batches.length >= data.batchesPerMessage) await send();
      },
    );
    if (batches.length) await send();
    port.postMessage({ total } satisfies ParseThreadMessage);
  } catch (error) {
    // The parcels before the fault are written first, as on one thread (the transaction then rolls them back).
    if (batches.length) await send();
    port.postMessage({ error: (error as Error).message ?? String(error) } satisfies ParseThreadMessage);
  }
}

// Only inside its worker: imported elsewhere (the packaging check loads every compiled module) it does nothing.
const data = workerData as ParseThreadData | undefined;
if (parentPort && data?.role === 'parcel-parse') void parseForWriter(parentPort, data);
