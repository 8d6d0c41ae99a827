import { readFileSync } from 'node:fs';

/**
 * When a process started, as an opaque text to record beside its pid: on Linux its start time in
 * clock ticks since boot, field 22 (`starttime`) of /proc/<pid>/stat. A pid the system gives to
 * another program after the first one died comes with another start time, so the pair names one
 * process where the pid alone does not.
 *
 * Undefined where no such cheap source exists (macOS and Windows have no /proc; asking `ps` or WMI
 * would spawn a process on every check) or the process is gone: callers then record nothing and
 * isProcessAlive falls back to the pid alone.
 */
export function processStartOf(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 is the program's name in parentheses and may itself hold spaces and ')': the fields
    // after the last ')' start at field 3, so field 22 is the 20th of them.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that recorded `pid` (and `started`, its processStartOf when it recorded one)
 * still runs on this machine. `kill(pid, 0)` sends nothing; it answers for whichever process holds
 * the pid now, so a live pid whose start differs from the recorded one is another program that got
 * the dead one's pid: dead. Without a recorded start (a record written before starts were kept, or
 * on a system without a source for them) a live pid is taken for alive, as before.
 */
export function isProcessAlive(pid: number, started?: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, run by another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (started === undefined) return true;
  // Unreadable now (/proc mounted with hidepid, say): nothing tells it is another process.
  const now = processStartOf(pid);
  return now === undefined || now === started;
}
