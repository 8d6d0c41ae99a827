// How the import benches measure (scripts/bench-import.ts, bench-team.ts): a command's wall time,
// CPU time and peak memory as /usr/bin/time -v reports them. Their data, distinct parcels built
// from the real Segovia (40146) file, is test/helpers/segovia-copies.ts.
import { spawnSync } from 'node:child_process';

export interface Measured {
  wallS: number;
  cpuS: number;
  peakMiB: number;
  stdout: string;
}

/** Runs a command under /usr/bin/time -v and reads its figures. */
export function timed(command: string, args: string[]): Measured {
  const run = spawnSync('/usr/bin/time', ['-v', command, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`${command} failed (${run.status}): ${run.stderr.slice(-2000)}`);
  const field = (name: string) => new RegExp(`${name}: (.+)`).exec(run.stderr)?.[1].trim() ?? '';
  const clock = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)').split(':').map(Number);
  return {
    wallS: clock.reduce((total, part) => total * 60 + part, 0),
    cpuS: Number(field('User time \\(seconds\\)')) + Number(field('System time \\(seconds\\)')),
    peakMiB: Number(field('Maximum resident set size \\(kbytes\\)')) / 1024,
    stdout: run.stdout,
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** "1.23 (1.10–1.40)": median and range, as docs/performance.md writes them. */
export const medianRange = (values: number[], digits = 2) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
