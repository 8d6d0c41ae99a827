import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/** How often the probe asks, and the longest wait SECURITY.md promises (no request stalls the server longer). */
export const PROBE_EVERY_MS = 25;
export const MAX_STALL_MS = 250;

export interface ProbeReport {
  /** The longest a status request waited, from the moment it was due to its answer (ms). */
  longestWaitMs: number;
  /**
   * In-process targets only: the longest this process's event loop was held by one piece of work
   * (node:perf_hooks monitorEventLoopDelay's maximum, 10 ms resolution). It is the stall itself:
   * the wall-clock wait also counts the loop's many short turns of a large download, and the
   * time a loaded machine keeps the thread from being scheduled (a 2-core machine at load 16
   * added up to 0.5 s to a status request here with no task longer than 150 ms).
   */
  longestBlockMs?: number;
  /** Status requests answered while the probe ran. */
  answered: number;
  /** Answers other than 200 (a probe that got errors measured nothing). */
  failures: number;
}

export interface StatusProbe {
  /** Stops asking and reports; waits for the request in flight. */
  stop(): Promise<ProbeReport>;
}

/**
 * Asks `GET /api/status` every PROBE_EVERY_MS, one request at a time, of a running server: a
 * base URL (a `catastro serve` process, or an app listening in this process) or the in-process
 * fastify app (through `inject`). A request's wait is counted from when it was due, not when it
 * was sent: in-process, a stalled event loop also delays the probe's own timer, and the request
 * due during the stall would otherwise be sent after it and look instant.
 */
export function startStatusProbe(target: string | FastifyInstance, { inProcess = typeof target !== 'string' } = {}): StatusProbe {
  const ask =
    typeof target === 'string'
      ? async () => {
          const response = await fetch(`${target}/api/status`);
          await response.arrayBuffer();
          return response.status;
        }
      : async () => (await target.inject({ method: 'GET', url: '/api/status' })).statusCode;
  const report: ProbeReport = { longestWaitMs: 0, answered: 0, failures: 0 };
  const delay = inProcess ? monitorEventLoopDelay({ resolution: 10 }) : undefined;
  delay?.enable();
  let running = true;
  const loop = (async () => {
    let due = performance.now();
    // Asks once more after stop(): the request due while the work stalled the loop is still counted.
    for (let last = false; !last;) {
      last = !running;
      const status = await ask().catch(() => 0);
      report.longestWaitMs = Math.max(report.longestWaitMs, performance.now() - due);
      report.answered++;
      if (status !== 200) report.failures++;
      // The next one is due an interval on, or at once when this one took longer than that.
      due = Math.max(due + PROBE_EVERY_MS, performance.now());
      await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      delay?.disable();
      return { ...report, longestWaitMs: Math.round(report.longestWaitMs), ...(delay && { longestBlockMs: Math.round(delay.max / 1e6) }) };
    },
  };
}

/**
 * Runs `work` while the probe asks, and returns both its result and the probe's report.
 * `inProcess`: the server runs in this process (an app, or a URL it listens on): the report then
 * has longestBlockMs.
 */
export async function whileProbing<T>(
  target: string | FastifyInstance,
  work: () => Promise<T>,
  options: { inProcess?: boolean } = {},
): Promise<{ result: T; probe: ProbeReport }> {
  const probe = startStatusProbe(target, options);
  // A first answer before the work starts: the probe is asking when the work runs.
  await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS * 2));
  try {
    const result = await work();
    return { result, probe: await probe.stop() };
  } catch (error) {
    await probe.stop();
    throw error;
  }
}

/** The stall a report shows: the loop's longest block in process, else (another process) the longest wait. */
export const stallOf = (report: ProbeReport): number => report.longestBlockMs ?? report.longestWaitMs;
