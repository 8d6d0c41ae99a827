import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchJobs, MAX_UNFINISHED_BATCHES_PER_CLIENT } from '../../../core/batch/batch-jobs.js';
import type { BatchState, ParcelQuery } from '../../../core/model/index.js';
import { fileNameOf } from '../../../renderer/client/http-client.js';
import { startTestApi, type TestApi, keyMadeByCommand } from '../../helpers/api-harness.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { deadPid } from './process-ids.js';

const SAMPLE_A = '40146A00405051';
const SAMPLE_B = '000700100UL74F';
const UNKNOWN = '9999999VK9999A';
const CSV = `refcat;nota\n${SAMPLE_A};a\n${SAMPLE_B};b\n${UNKNOWN};c\nXYZ;d\n`;

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ auth: 'keys' });
  key = await keyMadeByCommand(api.dataDir);
});
afterAll(async () => {
  await api?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  api.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload !== undefined && { payload: payload as object }) });
const remaining = async () => Number((await call('GET', '/api/catastro/BAD')).headers['x-quota-remaining']);

async function until(id: string, done: (s: BatchState) => boolean): Promise<BatchState> {
  for (let i = 0; i < 200; i++) {
    const state = (await call('GET', `/api/batch/${id}`)).json().data as BatchState;
    if (done(state)) return state;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('batch did not finish');
}

describe('/api/batch', () => {
  it('previews the columns, runs the batch in the background, reports counts and problems, and serves the result; only found parcels cost', async () => {
    const preview = await call('POST', '/api/batch/preview', { csv: CSV });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ header: ['refcat', 'nota'], rows: 4, columns: { reference: 'refcat' } });
    const unknownColumns = (await call('POST', '/api/batch/preview', { csv: 'a,b\n1,2\n' })).json().data;
    expect(unknownColumns.columns).toBeUndefined();
    expect(unknownColumns.problem).toContain('a, b');

    const before = await remaining();
    const started = await call('POST', '/api/batch', { csv: CSV, name: 'fincas.csv' });
    expect(started.statusCode).toBe(202);
    const state = await until(started.json().data.id, (s) => s.state === 'done');
    expect(state.counts).toEqual({ total: 4, done: 4, found: 2, notFound: 1, failed: 1, charged: 0 });
    expect(state.problems.map((p) => [p.row, p.status, p.code])).toEqual([
      [3, 'not_found', 'NOT_FOUND'],
      [4, 'failed', 'VALIDATION_ERROR'],
    ]);
    expect(state.problems[1].reason).toContain('XYZ');
    expect(await remaining()).toBe(before);

    const gpkg = await call('GET', `/api/batch/${state.id}/result.gpkg`);
    expect(gpkg.statusCode).toBe(200);
    expect(gpkg.headers['content-disposition']).toBe('attachment; filename="fincas-result.gpkg"');
    expect(await remaining()).toBe(before - 2);
    const file = path.join(tempDir('catastro-batch-api-'), 'r.gpkg');
    writeFileSync(file, gpkg.rawPayload);
    const info = spawnSync('ogrinfo', ['-so', '-al', file], { encoding: 'utf8' });
    expect(info.stdout).toMatch(/Feature Count: 4\n/);

    expect((await call('GET', '/api/batch')).json().data.map((b: BatchState) => b.id)).toContain(state.id);
  });

  it('answers the spec errors: a CSV without usable columns 400, an unknown batch 404, a malformed id 400', async () => {
    expect((await call('POST', '/api/batch', { csv: 'a,b\n1,2\n' })).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await call('GET', '/api/batch/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/api/batch/..%2F..%2Fetc')).statusCode).toBe(400);
    expect((await call('POST', '/api/batch', { nope: 1 })).statusCode).toBe(400);
  });

  it('serves the result of a batch named in Greek and Chinese over real HTTP (the header once crashed the server)', async () => {
    const started = await call('POST', '/api/batch', { csv: CSV, name: 'Ελλάδα 東京.csv' });
    const { id } = await until(started.json().data.id, (s) => s.state === 'done');
    const base = await api.app.listen({ host: '127.0.0.1', port: 0 });
    for (const format of ['csv', 'kml'] as const) {
      const response = await fetch(`${base}/api/batch/${id}/result.${format}`, { headers: { 'x-api-key': key } });
      expect(response.status).toBe(200);
      const disposition = response.headers.get('content-disposition')!;
      expect(disposition).toMatch(/^[\x20-\x7e]+$/);
      expect(disposition).toContain('filename="');
      expect(decodeURIComponent(/filename\*=UTF-8''(\S+)/.exec(disposition)![1])).toBe(`Ελλάδα_東京-result.${format}`);
      // The browser app's client saves it under that name, not the ASCII stand-in.
      expect(fileNameOf(response, 'fallback')).toBe(`Ελλάδα_東京-result.${format}`);
    }
    // Still up, still answering.
    expect((await fetch(`${base}/api/status`)).status).toBe(200);
  });

  it('refuses a default country that is not a country code at the start (400), before any row is tried', async () => {
    const before = (await call('GET', '/api/batch')).json().data.length;
    const response = await call('POST', '/api/batch', { csv: CSV, country: '1!' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: "Parameter 'country' must be a two-letter country code such as ES, PV or NA.",
    });
    expect((await call('GET', '/api/batch')).json().data).toHaveLength(before);
  });

  it("keeps a key's batch to that key: another key neither lists, reads, steers nor downloads it (404, as if absent)", async () => {
    const other = await keyMadeByCommand(api.dataDir);
    const asOther = (method: 'GET' | 'POST', url: string) => api.app.inject({ method, url, headers: { 'x-api-key': other } });

    const started = await call('POST', '/api/batch', { csv: CSV, name: 'clients.csv' });
    expect(started.statusCode).toBe(202);
    const { id } = await until(started.json().data.id, (s) => s.state === 'done');

    expect((await asOther('GET', '/api/batch')).json().data.map((b: BatchState) => b.id)).not.toContain(id);
    for (const [method, url] of [
      ['GET', `/api/batch/${id}`],
      ['GET', `/api/batch/${id}/result.csv`],
      ['POST', `/api/batch/${id}/resume`],
      ['POST', `/api/batch/${id}/cancel`],
    ] as const) {
      const response = await asOther(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ success: false, error: `No batch ${id}.`, code: 'NOT_FOUND' });
    }
    // Its own key still has it all.
    expect((await call('GET', '/api/batch')).json().data.map((b: BatchState) => b.id)).toContain(id);
    expect((await call('GET', `/api/batch/${id}/result.csv`)).statusCode).toBe(200);
    // The app's own user (no key: the facade without an owner) sees every batch.
    expect(api.service.batches.list().map((b) => b.id)).toContain(id);
  });
});

describe('BatchJobs after the app closed mid-batch', () => {
  it('lists the batch as interrupted and resumes it without asking answered rows again', async () => {
    const dir = tempDir('catastro-batch-jobs-');
    const asked: string[] = [];
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first app's process has ended (a pid no longer running) while this row is in flight.
    const first = new BatchJobs(
      dir,
      async (query: ParcelQuery, signal) => {
        const ref = (query as { reference: string }).reference;
        asked.push(ref);
        if (ref === SAMPLE_B) await blocked; // the app "closes" while this row is in flight
        return api.service.findParcel(query, signal);
      },
      { pid: deadPid() },
    );
    const { id } = await first.start({ csv: `ref\n${SAMPLE_A}\n${SAMPLE_B}\n${UNKNOWN}\n` });
    // Rows 1 and 3 answer; row 2 hangs until the "crash".
    for (let i = 0; i < 200 && first.state(id).counts.done < 2; i++) await new Promise((r) => setTimeout(r, 20));

    // A new process over the same folder sees a batch no one runs.
    const again: string[] = [];
    const second = new BatchJobs(dir, (query, signal) => {
      again.push((query as { reference: string }).reference);
      return api.service.findParcel(query, signal);
    });
    const seen = second.list().find((b) => b.id === id)!;
    expect(seen.state).toBe('interrupted');
    expect(seen.counts.done).toBe(2);
    second.resume(id);
    for (let i = 0; i < 200 && second.state(id).state === 'running'; i++) await new Promise((r) => setTimeout(r, 20));
    const finished = second.state(id);
    expect(finished.state).toBe('done');
    expect(finished.counts).toMatchObject({ total: 3, done: 3, found: 2, notFound: 1 });
    expect(again).toEqual([SAMPLE_B]);
    release();
  });
});

describe('BatchJobs runs one batch at a time', () => {
  /** A finder whose answers for SAMPLE_B wait until released, counting the rows asked at once. */
  function gatedFinder() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stats = { inFlight: 0, mostAtOnce: 0, asked: [] as string[] };
    const find = async (query: ParcelQuery, signal?: AbortSignal) => {
      stats.asked.push((query as { reference: string }).reference);
      stats.inFlight++;
      stats.mostAtOnce = Math.max(stats.mostAtOnce, stats.inFlight);
      try {
        if ((query as { reference: string }).reference === SAMPLE_B) await gate;
        return await api.service.findParcel(query, signal);
      } finally {
        stats.inFlight--;
      }
    };
    return { find, release, stats };
  }
  const settle = async (jobs: BatchJobs, id: string) => {
    for (let i = 0; i < 200 && ['queued', 'running'].includes(jobs.state(id).state); i++) await new Promise((r) => setTimeout(r, 20));
    return jobs.state(id);
  };

  it('queues a batch started while another runs, runs it after, and a queued one can be stopped and resumed', async () => {
    const { find, release, stats } = gatedFinder();
    const jobs = new BatchJobs(tempDir('catastro-batch-queue-'), find);
    const first = await jobs.start({ csv: `ref\n${SAMPLE_B}\n` });
    const second = await jobs.start({ csv: `ref\n${SAMPLE_A}\n` });
    const third = await jobs.start({ csv: `ref\n${UNKNOWN}\n` });
    expect([first.state, second.state, third.state]).toEqual(['running', 'queued', 'queued']);
    expect(jobs.list().filter((b) => b.state === 'queued')).toHaveLength(2);

    // A queued batch stopped is cancelled without a row asked; resumed, it queues again.
    expect(jobs.cancel(third.id).state).toBe('cancelled');
    expect(jobs.resume(third.id).state).toBe('queued');

    await new Promise((r) => setTimeout(r, 100));
    expect(stats.asked).toEqual([SAMPLE_B]); // the others wait for the first
    release();
    expect((await settle(jobs, first.id)).state).toBe('done');
    expect((await settle(jobs, second.id)).counts).toMatchObject({ done: 1, found: 1 });
    expect((await settle(jobs, third.id)).counts).toMatchObject({ done: 1, notFound: 1 });
    expect(stats.asked).toEqual([SAMPLE_B, SAMPLE_A, UNKNOWN]);
    expect(stats.mostAtOnce).toBe(1);
  });

  it("bounds the batches one API client has queued or running (429 RATE_LIMIT_EXCEEDED); other clients and the app's user are not held", async () => {
    const { find, release } = gatedFinder();
    const jobs = new BatchJobs(tempDir('catastro-batch-bound-'), find);
    const csv = `ref\n${SAMPLE_B}\n`;
    const mine: BatchState[] = [];
    for (let i = 0; i < MAX_UNFINISHED_BATCHES_PER_CLIENT; i++) mine.push(await jobs.start({ csv }, 'key:a'));
    let refused: unknown;
    try {
      await jobs.start({ csv }, 'key:a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    expect((refused as Error).message).toContain(`at most ${MAX_UNFINISHED_BATCHES_PER_CLIENT}`);
    expect(jobs.list('key:a')).toHaveLength(MAX_UNFINISHED_BATCHES_PER_CLIENT);
    expect((await jobs.start({ csv }, 'key:b')).state).toBe('queued');
    expect((await jobs.start({ csv })).state).toBe('queued');
    // Stopping one frees a place: its resume is then refused while the place is taken again.
    jobs.cancel(mine[1].id);
    const replacement = await jobs.start({ csv }, 'key:a');
    expect(() => jobs.resume(mine[1].id, 'key:a')).toThrow(/queued or running/);
    release();
    for (const { id } of [...mine, replacement]) await settle(jobs, id);
    expect(jobs.resume(mine[1].id, 'key:a').state).toMatch(/queued|running/);
    await settle(jobs, mine[1].id);
  });

  it('answers the bound over HTTP as a 429 with the spec envelope, and cancelling frees the place', async () => {
    const busy = await keyMadeByCommand(api.dataDir);
    const asBusy = (method: 'GET' | 'POST', url: string, payload?: object) =>
      api.app.inject({ method, url, headers: { 'x-api-key': busy }, ...(payload && { payload }) });
    // A first batch still running while the next ones are started: its one row goes to the
    // (fake) Catastro, which takes a second to answer.
    api.fake.setFault({ kind: 'slow', delayMs: 1_000, times: 1 });
    const first = await asBusy('POST', '/api/batch', { csv: `ref\n${UNKNOWN}\n` });
    expect(first.statusCode).toBe(202);
    const queued = [];
    for (let i = 1; i < MAX_UNFINISHED_BATCHES_PER_CLIENT; i++) queued.push(await asBusy('POST', '/api/batch', { csv: `ref\n${SAMPLE_A}\n` }));
    expect(queued.map((a) => a.json().data.state)).toEqual(Array(MAX_UNFINISHED_BATCHES_PER_CLIENT - 1).fill('queued'));
    const refused = await asBusy('POST', '/api/batch', { csv: `ref\n${SAMPLE_A}\n` });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMIT_EXCEEDED' });
    // Another key is not held by this one's bound.
    expect((await call('POST', '/api/batch', { csv: `ref\n${SAMPLE_A}\n` })).statusCode).toBe(202);
    expect((await asBusy('POST', `/api/batch/${first.json().data.id}/cancel`)).statusCode).toBe(200);
    const after = await asBusy('POST', '/api/batch', { csv: `ref\n${SAMPLE_A}\n` });
    expect(after.statusCode).toBe(202);
    for (const { id } of [after.json().data, ...queued.map((a) => a.json().data)]) {
      let state = '';
      for (let i = 0; i < 200 && state !== 'done'; i++) {
        state = (await asBusy('GET', `/api/batch/${id}`)).json().data.state;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(state).toBe('done');
    }
  });
});
