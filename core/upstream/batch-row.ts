import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A lookup made for a row of a batch, as the upstream client sees it: paced as batch traffic
 * (BATCH_PACE, usage-policy.ts) and admitted before its first request to an official source,
 * where the row is charged to whoever started the batch. A row answered from the copy makes no
 * request, so it is neither paced nor charged here.
 */
export interface BatchRowGate {
  /** Before each request to a source; throws (a ServiceError) when the row may not ask (quota used up). */
  admit(): Promise<void>;
}

const rows = new AsyncLocalStorage<BatchRowGate>();

/**
 * Runs one row's lookup with its gate. Carried by the async context rather than passed down:
 * a row reaches the sources through any adapter (references, points, foral territories, the
 * street directory), and every one of their requests must be caught, with no adapter able to
 * forget it.
 */
export const runAsBatchRow = <T>(gate: BatchRowGate, lookup: () => Promise<T>): Promise<T> => rows.run(gate, lookup);

/** The gate of the batch row being looked up, if this request is made for one. */
export const currentBatchRow = (): BatchRowGate | undefined => rows.getStore();
