import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatchJobs, MAX_UNFINISHED_BATCHES_PER_CLIENT } from '../../../core/batch/batch-jobs.js';
import type { BatchState, ParcelQuery } from '../../../core/model/index.js';
import { apiForTests } from '../../helpers/api-harness.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * `serve --workers N`: several processes serve one data folder, and a client's polls, cancel and
 * resume reach any of them. Two BatchJobs on one folder stand for two live processes (each with
 * its own connection to the shared state, as separate processes have); a child process killed
 * mid-batch stands for a worker that died.
 */
const SAMPLE_A = '40146A00405051';
const SAMPLE_B = '000700100UL74F';
const UNKNOWN = '9999999VK9999A';
const CSV = `ref\n${SAMPLE_A}\n${SAMPLE_B}\n${UNKNOWN}\n${SAMPLE_A}\n`;

const api = apiForTests();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(read: () => BatchState, done: (s: BatchState) => boolean): Promise<BatchState> {
  for (let i = 0; i < 300; i++) {
    const state = read();
    if (done(state)) return state;
    await sleep(20);
  }
  return read();
}

/** Real lookups, let through one at a time by `allow`; a row waiting ends when its run is stopped. */
function steppedFinder() {
  let permits = 0;
  const waiting: (() => void)[] = [];
  const asked: string[] = [];
  const find = async (query: ParcelQuery, signal?: AbortSignal) => {
    asked.push((query as { reference: string }).reference);
    if (permits > 0) permits--;
    else {
      await new Promise<void>((resolve, reject) => {
        waiting.push(resolve);
        signal?.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
      });
    }
    return api.service.findParcel(query, signal);
  };
  const allow = (n: number) => {
    for (let i = 0; i < n; i++) {
      const next = waiting.shift();
      if (next) next();
      else permits++;
    }
  };
  return { find, allow, asked };
}

describe('batches shared by processes serving one folder', () => {
  it('shows a batch running in one process as running with growing counts in the other, never runs it twice on a resume there, and stops it on a cancel there', async () => {
    const dir = tempDir('catastro-batch-procs-');
    const { find, allow, asked } = steppedFinder();
    const a = new BatchJobs(dir, find);
    const b = new BatchJobs(dir, find);
    const { id } = await a.start({ csv: CSV });
    allow(1);
    const one = await until(
      () => b.state(id),
      (s) => s.counts.done === 1,
    );
    expect(one).toMatchObject({ state: 'running', counts: { done: 1 } });
    allow(1);
    const two = await until(
      () => b.state(id),
      (s) => s.counts.done === 2,
    );
    expect(two).toMatchObject({ state: 'running', counts: { done: 2 } });
    expect(b.list().find((s) => s.id === id)).toMatchObject({ state: 'running', counts: { done: 2 } });

    // A resume through the other process leaves the running batch to its runner.
    const askedBefore = asked.length;
    expect(b.resume(id).state).toBe('running');
    await sleep(200);
    expect(asked.length).toBe(askedBefore);
    expect(a.state(id).state).toBe('running');

    // Cancel through the other process: the runner stops within its heartbeat.
    b.cancel(id);
    const cancelled = await until(
      () => a.state(id),
      (s) => s.state !== 'running',
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', counts: { done: 2 } });
    expect(b.state(id).state).toBe('cancelled');

    // Resumed, it runs (once) to the end.
    b.resume(id);
    allow(10);
    const done = await until(
      () => a.state(id),
      (s) => s.state === 'done',
    );
    expect(done.counts).toEqual({ total: 4, done: 4, found: 3, notFound: 1, failed: 0, charged: 0 });
    a.close();
    b.close();
  });

  it('runs one batch at a time server-wide: one started in the other process queues, and runs after, whichever process is free', async () => {
    const dir = tempDir('catastro-batch-procs-queue-');
    const { find, allow } = steppedFinder();
    const a = new BatchJobs(dir, find);
    const b = new BatchJobs(dir, find);
    const first = await a.start({ csv: `ref\n${SAMPLE_B}\n` });
    const second = await b.start({ csv: `ref\n${SAMPLE_A}\n` });
    expect([first.state, second.state]).toEqual(['running', 'queued']);
    expect(a.state(second.id).state).toBe('queued');
    allow(1);
    expect(
      (
        await until(
          () => b.state(first.id),
          (s) => s.state === 'done',
        )
      ).counts.found,
    ).toBe(1);
    allow(1);
    expect(
      (
        await until(
          () => b.state(second.id),
          (s) => s.state === 'done',
        )
      ).counts.found,
    ).toBe(1);

    // The running process ends (its claim released, as at shutdown): the other starts the queue's next.
    const third = await a.start({ csv: `ref\n${SAMPLE_B}\n` });
    const fourth = await a.start({ csv: `ref\n${SAMPLE_A}\n` });
    expect(b.state(fourth.id).state).toBe('queued');
    a.close();
    allow(5);
    expect(
      (
        await until(
          () => b.state(fourth.id),
          (s) => s.state === 'done',
        )
      ).counts.found,
    ).toBe(1);
    expect(b.state(third.id).state).toBe('interrupted');
    b.close();
  });

  it("bounds a client's unfinished batches across processes (429 RATE_LIMIT_EXCEEDED)", async () => {
    const dir = tempDir('catastro-batch-procs-bound-');
    const { find, allow } = steppedFinder();
    const a = new BatchJobs(dir, find);
    const b = new BatchJobs(dir, find);
    const csv = `ref\n${SAMPLE_B}\n`;
    const started: BatchState[] = [];
    for (let i = 0; i < MAX_UNFINISHED_BATCHES_PER_CLIENT; i++) started.push(await (i % 2 ? b : a).start({ csv }, 'key:a'));
    await expect(b.start({ csv }, 'key:a')).rejects.toThrow(/queued or running/);
    await expect(a.start({ csv }, 'key:a')).rejects.toThrow(/queued or running/);
    allow(10);
    for (const { id } of started)
      expect(
        (
          await until(
            () => b.state(id),
            (s) => s.state === 'done',
          )
        ).state,
      ).toBe('done');
    a.close();
    b.close();
  });

  it('shows the batch of a killed process interrupted, and resumes it once though two processes are asked', async () => {
    const dir = tempDir('catastro-batch-procs-killed-');
    const csv = `ref\n${SAMPLE_A}\n${SAMPLE_B}\n${UNKNOWN}\n`;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'test/integration/batch/batch-child.ts'), dir, csv], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const id = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\n')) resolve(text.trim());
      });
      child.once('exit', (code) => reject(new Error(`child ended (${code}) before its first row`)));
    });
    const asked: string[] = [];
    const find = (query: ParcelQuery, signal?: AbortSignal) => {
      asked.push((query as { reference: string }).reference);
      return api.service.findParcel(query, signal);
    };
    const a = new BatchJobs(dir, find);
    const b = new BatchJobs(dir, find);
    // Alive, it is running for the others too.
    expect(a.state(id).state).toBe('running');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(a.state(id)).toMatchObject({ state: 'interrupted', counts: { done: 1 } });
    expect(b.list().find((s) => s.id === id)?.state).toBe('interrupted');
    a.resume(id);
    b.resume(id);
    const done = await until(
      () => b.state(id),
      (s) => s.state === 'done',
    );
    expect(done.counts).toMatchObject({ total: 3, done: 3, notFound: 1 });
    // Each row not answered before the kill asked once: one run, not two.
    expect(asked.sort()).toEqual([SAMPLE_B, UNKNOWN].sort());
    a.close();
    b.close();
  }, 60_000);
});
