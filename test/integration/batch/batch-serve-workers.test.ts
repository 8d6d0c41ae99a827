import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchState } from '../../../core/model/index.js';
import { startServe } from '../../helpers/serve-process.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * A real `serve --workers 2`: each request on a new connection, so the primary hands them to
 * either worker. A batch started through one is polled, resumed and listed through both.
 */
// Rows that each take a moment (answered from this machine: parcels of the sample copy, and many
// malformed references, quick to answer and short in the journal), so the batch runs for seconds.
const PARCELS = ['000700100UL74F', '40146A00405051'];
const ROWS = 100_000;
const EVERY = 500;
const referenceOf = (i: number) => (i % EVERY === 0 ? PARCELS[(i / EVERY) % 2] : 'XYZ');

const startServeWorkers = (data: string) =>
  startServe(['--workers', '2', '--host', '127.0.0.1', '--port', '0', '--auth', 'off', '--status-interval', '0', '--data', data]);

describe('batches under serve --workers 2', () => {
  it('polls show the batch running with growing counts through either worker, a resume meanwhile does not run it twice, and it ends done', async () => {
    const data = tempDir('catastro-batch-serve-');
    const { child, url, output } = await startServeWorkers(data);
    try {
      const call = async (method: 'GET' | 'POST', route: string, body?: unknown) => {
        const response = await fetch(`${url}${route}`, {
          method,
          headers: { connection: 'close', ...(body !== undefined && { 'content-type': 'application/json' }) },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        return { status: response.status, body: (await response.json()) as { data: BatchState & BatchState[] } };
      };
      const csv = `ref\n${Array.from({ length: ROWS }, (_, i) => referenceOf(i)).join('\n')}\n`;
      const started = await call('POST', '/api/batch', { csv, name: 'many.csv' });
      expect(started.status, `${JSON.stringify(started.body)}\n${output()}`).toBe(202);
      const id = started.body.data.id;
      const seen: { state: string; done: number }[] = [];
      let last: BatchState | undefined;
      for (let i = 0; i < 3000; i++) {
        const polled = i % 3 === 2 ? (await call('GET', '/api/batch')).body.data.find((b) => b.id === id)! : (await call('GET', `/api/batch/${id}`)).body.data;
        seen.push({ state: polled.state, done: polled.counts.done });
        last = polled;
        if (polled.state !== 'running') break;
        if (i % 4 === 1) expect((await call('POST', `/api/batch/${id}/resume`)).status).toBe(200);
      }
      expect(last!.state, JSON.stringify(seen.slice(-5))).toBe('done');
      expect(last!.counts).toEqual({ total: ROWS, done: ROWS, found: ROWS / EVERY, notFound: 0, failed: ROWS - ROWS / EVERY, charged: 0 });
      const running = seen.filter((s) => s.state === 'running');
      // Observed while it ran, from both workers, never shown interrupted; counts only grow.
      expect(running.length, JSON.stringify(seen)).toBeGreaterThan(3);
      expect(seen.filter((s) => s.state !== 'running' && s.state !== 'done')).toEqual([]);
      expect(running.map((s) => s.done)).toEqual(running.map((s) => s.done).sort((x, y) => x - y));
      expect(running.at(-1)!.done).toBeGreaterThan(running[0].done);
      // One run: each row answered once in the journal (a second run would have appended them again).
      const journal = readFileSync(path.join(data, 'batches', id, 'result.csv.journal'), 'utf8')
        .trim()
        .split('\n');
      expect(journal).toHaveLength(ROWS + 1);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
