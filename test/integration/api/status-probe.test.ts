import { describe, expect, it } from 'vitest';
import { apiForTests } from '../../helpers/api-harness.js';
import { MAX_STALL_MS, stallOf, whileProbing } from '../../helpers/status-probe.js';

/** Holds this process's event loop for `ms`, as a handler building a file whole on it would. */
function stallEventLoop(ms: number): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        /* busy: nothing else runs */
      }
      resolve();
    }, 60),
  );
}

const api = apiForTests();

describe('the status probe (test/helpers/status-probe.ts)', () => {
  for (const mode of ['in-process app', 'listening URL'] as const) {
    it(`sees a stalled event loop and a quiet one for what they are (${mode})`, async () => {
      const target = mode === 'in-process app' ? api.app : await api.app.listen({ host: '127.0.0.1', port: 0 });
      const stalled = await whileProbing(target, () => stallEventLoop(4 * MAX_STALL_MS), { inProcess: true });
      expect(stalled.probe.failures).toBe(0);
      expect(stalled.probe.longestWaitMs).toBeGreaterThanOrEqual(3 * MAX_STALL_MS);
      expect(stallOf(stalled.probe)).toBeGreaterThanOrEqual(3 * MAX_STALL_MS);
      const quiet = await whileProbing(target, () => new Promise((resolve) => setTimeout(resolve, 500)), { inProcess: true });
      expect(quiet.probe.answered).toBeGreaterThan(5);
      expect(stallOf(quiet.probe)).toBeLessThan(MAX_STALL_MS);
    });
  }
});
