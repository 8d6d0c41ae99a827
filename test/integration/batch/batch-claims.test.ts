import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_CLAIMS_FILE, BatchClaims } from '../../../core/batch/batch-claims.js';
import { processStartOf } from '../../../core/process-alive.js';
import { tempDir } from '../../helpers/temp-dir.js';

// A batch whose process was killed left its claim naming its pid. When the system gave that pid to
// another program, the claim looked live (for up to a minute, until its heartbeat went stale): the
// batch showed running and every other batch of the folder waited behind it.

let other: ChildProcess;
const opened: BatchClaims[] = [];
beforeAll(() => {
  // A live process that is not this one: the program given the dead runner's pid.
  other = spawn('sleep', ['60'], { stdio: 'ignore' });
});
afterAll(() => {
  for (const claims of opened.splice(0)) claims.close();
  other.kill();
});

/** A folder whose batch 'first' is claimed by a runner with `other`'s pid, its start then set to `started`; 'second' queued after it. */
function claimedFolder(started: (real: string | undefined) => string | null) {
  const dir = tempDir('catastro-batch-claims-');
  const runner = new BatchClaims(dir, 'runner-token', other.pid!);
  opened.push(runner);
  runner.locked(() => {
    runner.enqueue('first', undefined);
    runner.enqueue('second', undefined);
  });
  expect(runner.claimNext()).toBe('first');
  const db = new Database(path.join(dir, BATCH_CLAIMS_FILE));
  db.prepare("UPDATE batch_runs SET runner_started = ? WHERE id = 'first'").run(started(processStartOf(other.pid!)));
  db.close();
  const here = new BatchClaims(dir, 'this-process-token', process.pid);
  opened.push(here);
  return here;
}

describe("a batch's claim", () => {
  it.runIf(process.platform === 'linux')("is dead when its pid is live but that process started at another time than the runner's (its pid reused)", () => {
    const here = claimedFolder((real) => String(Number(real) - 1));
    expect(here.stateOf('first')).toBeUndefined();
    expect(here.claimNext()).toBe('second');
  });

  it('is live while its runner runs: the same pid and start', () => {
    const here = claimedFolder((real) => real ?? null);
    expect(here.stateOf('first')).toBe('running');
    expect(here.claimNext()).toBeUndefined();
    expect(here.stateOf('second')).toBe('queued');
  });

  it('is live for a live pid in a row of an older version, which has no start', () => {
    const here = claimedFolder(() => null);
    expect(here.stateOf('first')).toBe('running');
    expect(here.claimNext()).toBeUndefined();
  });
});
