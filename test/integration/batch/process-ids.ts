import { spawnSync } from 'node:child_process';

/** The pid of a process that has ended: a BatchJobs given it stands for a process that died. */
export function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}
