// The machine's own tail for work the size of a lookup, for benches that state a p99: a loop of
// fixed arithmetic, calibrated to the lookups' median and timed the same way as many times.
// Whatever its p99 is above its p50 is the machine's (other programs, the hypervisor,
// interrupts), not SQLite's or this code's.

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function fixedWork(iterations: number): number {
  let x = 1;
  for (let i = 0; i < iterations; i++) x = (x * 1103515245 + 12345) % 2147483648;
  return x;
}

/**
 * Iterations of the fixed work that take about `micros` µs of CPU on this machine. Each size is
 * timed in 7 runs of 200 and the fastest run counts: on a loaded machine a run that was
 * preempted measures the other programs, and a loop calibrated on it came out 10x too short.
 */
function iterationsFor(micros: number): number {
  let iterations = 1000;
  for (;;) {
    let each = Infinity;
    for (let run = 0; run < 7; run++) {
      const t0 = performance.now();
      for (let i = 0; i < 200; i++) fixedWork(iterations);
      each = Math.min(each, ((performance.now() - t0) * 1000) / 200);
    }
    if (each >= micros * 0.8) return Math.round((iterations * micros) / each);
    iterations *= 2;
  }
}

/** p50 and p99 in µs of `count` runs of the fixed work, each timed as a lookup is (with a CPU-usage read beside it). */
function timeControl(iterations: number, count: number): { p50: number; p99: number } {
  const samples: number[] = new Array(count);
  let sink = 0;
  for (let i = 0; i < count; i++) {
    const [t0, c0] = [performance.now(), process.cpuUsage()];
    sink += fixedWork(iterations);
    samples[i] = (performance.now() - t0) * 1000;
    process.cpuUsage(c0);
  }
  if (sink === -1) console.log(sink); // keeps the work from being optimised away
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

/**
 * The fixed work's p50 and p99 with its size set so its own p50 is the lookups' (`micros`):
 * the calibration above is refined three times on the timed loop's median itself, which a
 * JIT tier change or a loaded machine can move away from a plain loop's figure.
 */
export function machineNoise(micros: number, count: number): { p50: number; p99: number; iterations: number } {
  let iterations = iterationsFor(micros);
  for (let refine = 0; refine < 3; refine++) iterations = Math.max(1, Math.round((iterations * micros) / timeControl(iterations, 1000).p50));
  return { ...timeControl(iterations, count), iterations };
}
