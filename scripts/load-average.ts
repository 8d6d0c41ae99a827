import os from 'node:os';

/** The machine's load averages, printed under a bench's figures: they were measured side by side on a shared machine. */
export function loadAverages(): string {
  const averages = os.loadavg().map((l) => l.toFixed(1));
  return `load average ${averages.join(' / ')} (1 / 5 / 15 min)`;
}
