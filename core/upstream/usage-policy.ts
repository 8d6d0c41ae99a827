import { bulkhead, type BulkheadPolicy } from 'cockatiel';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_VERSION } from '../app-files.js';
import { BATCH_PACE } from './batch-pace.js';

export { BATCH_PACE };

/**
 * What a source's published usage policy asks of its clients, honoured by the UpstreamClient for
 * the requests that carry it (e.g. the public Nominatim server: core/countries/national/nominatim.ts).
 */
export interface UsagePolicy {
  /**
   * Least time between the starts of two requests to the source from this process, whatever
   * the client (several services in one process share the limit: policies count per application).
   */
  minIntervalMs?: number;
  /** The User-Agent the policy asks for, naming the application, instead of the browser's. */
  userAgent?: string;
}

/** The application as it names itself to sources that ask to be told who calls them. */
export const APP_USER_AGENT = `CatastroDesktop/${APP_VERSION} (desktop GIS for cadastral parcels)`;

/**
 * Start times booked per source: each caller waits for the source's next turn and books the one
 * after it `intervalMs` later. Turns are booked in call order, so concurrent callers queue instead
 * of bursting. One book per scope: a client's own pace, and the process's for usage policies.
 */
export class TurnBook {
  private readonly nextStartBySource = new Map<string, number>();

  async waitForTurn(source: string, intervalMs: number, signal?: AbortSignal): Promise<void> {
    if (intervalMs <= 0) return;
    const now = Date.now();
    const startAt = Math.max(now, this.nextStartBySource.get(source) ?? 0);
    this.nextStartBySource.set(source, startAt + intervalMs);
    if (startAt > now) await sleep(startAt - now, undefined, { signal });
  }
}

/** The whole process's turns: a usage policy counts per application, whatever the client. */
export const processTurns = new TurnBook();

/** The batches' own turns per source: one limiter per source per process (BATCH_PACE, batch-pace.ts). */
export const batchTurns = new TurnBook();
const batchSlots = new Map<string, BulkheadPolicy>();

/** The batches' places in flight at one source (cockatiel bulkhead; the others wait their turn). */
export function batchSlotsOf(source: string): BulkheadPolicy {
  let slots = batchSlots.get(source);
  if (!slots) {
    slots = bulkhead(BATCH_PACE.inFlight, Number.MAX_SAFE_INTEGER);
    batchSlots.set(source, slots);
  }
  return slots;
}
