// CPU time of processes from /proc (Linux), for the bench scripts: on a shared machine the CPU an
// answer costs moves far less than the answers per second.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU seconds of a process, all its threads (fields 14 and 15 of /proc/<pid>/stat); 0 once it has exited. */
export function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** A process and its children (`serve --workers N`: the primary and its workers). */
export function withChildren(pid: number): number[] {
  let children = '';
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    // Exited: no children to count.
  }
  return [pid, ...children.trim().split(/\s+/).filter(Boolean).map(Number)];
}

/** CPU seconds of each process now, to measure from (cpuSince). */
export function cpuSnapshot(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
}

/** CPU seconds `pids` used since `snapshot`: a process started meanwhile counts whole, one that exited meanwhile not at all. */
export function cpuSince(snapshot: Map<number, number>, pids: number[]): number {
  let used = 0;
  for (const pid of new Set(pids)) {
    const now = cpuSeconds(pid);
    if (now > 0) used += now - (snapshot.get(pid) ?? 0);
  }
  return used;
}
