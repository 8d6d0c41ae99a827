import os from 'node:os';
import { vi } from 'vitest';

/**
 * os.cpus() as a two-core machine (both available to this process) whose cores other programs keep `busy` (0 to 1) between two
 * calls; each call moves every core's clock 1,000 ms on. Decides where an import parses its
 * parcels (parseWorkerPays): busy 0 on a worker thread, busy 1 on the importing thread, whatever
 * the file's size (the worker's size bound is lifted, so test files of a few MB take its path).
 */
export function machineBusy(busy: number): void {
  vi.stubEnv('CATASTRO_PARSE_WORKER_MIN_MB', '0');
  vi.spyOn(os, 'availableParallelism').mockReturnValue(2);
  let clock = 0;
  vi.spyOn(os, 'cpus').mockImplementation(() => {
    clock += 1000;
    return Array.from({ length: 2 }, () => ({
      model: 'test',
      speed: 0,
      times: { user: clock * busy, nice: 0, sys: 0, idle: clock * (1 - busy), irq: 0 },
    }));
  });
}
