import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/** How often the probe asks, and the longest wait SECURITY.md promises (no request stalls the server longer). */
export const PROBE_EVERY_MS = 25;
export const MAX_STALL_MS = 250;

export interface ProbeReport {
  /** The longest a status request waited, from the moment it was due to its answer (ms). */
  longestWaitMs: number;
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
export function startStatusProbe(target: string | FastifyInstance): StatusProbe {
  const ask = typeof target === 'string'
    ? async () => {
      const response = await fetch(`${target}/api/status`);
      await response.arrayBuffer();
      return response.status;
    }
    : async () => (await target.inject({ method: 'GET', url: '/api/status' })).statusCode;
  const report: ProbeReport = { longestWaitMs: 0, answered: 0, failures: 0 };
  let running = true;
  const loop = (async () => {
    let due = performance.now();
    // Asks once more after stop(): the request due while the work stalled the loop is still counted.
    for (let last = false; !last; ) {
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
      return { ...report, longestWaitMs: Math.round(report.longestWaitMs) };
    },
  };
}

/** Runs `work` while the probe asks, and returns both its result and the probe's report. */
export async function whileProbing<T>(target: string | FastifyInstance, work: () => Promise<T>): Promise<{ result: T; probe: ProbeReport }> {
  const probe = startStatusProbe(target);
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
