import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDirOf, openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { QuotaLedger } from '../../../core/auth/quota.js';
import type { BatchState } from '../../../core/model/index.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { MAX_STALL_MS, stallOf, whileProbing, type ProbeReport } from '../../helpers/status-probe.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/**
 * Issue #38, finding 1: a batch's result file was built whole on the event loop, after the
 * request was admitted and before its price was checked (a key with 44 units left waited 113 s
 * for its 429 on a 100,000-row KML, and the server answered nobody meanwhile; a HEAD built the
 * whole file too). A batch of 10,000 rows, the sample municipality's real parcels over and over.
 */
const ROWS = 10_000;
const FORMATS = ['csv', 'geojson', 'gpkg', 'kml'] as const;

let api: TestApi;
let base: string;
let access: ReturnType<typeof openAccessDatabase>;
let ledger: QuotaLedger;
let key: { key: string; id: string; monthlyQuota: number };
let batch: BatchState;

const get = (route: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${base}${route}`, { method, headers: { 'x-api-key': key.key, ...headers } });
const used = () => ledger.peek(key.id).used;
/**
 * The least stall of `first` and up to two more runs of `again`: a machine shared by many (load
 * 16 on 2 cores here) now and then keeps this process's thread unscheduled for a few hundred ms,
 * which the probe cannot tell from a stall; a file built on the event loop stalls every run.
 */
async function leastStall(first: ProbeReport, again: () => Promise<ProbeReport>): Promise<number> {
  let least = stallOf(first);
  for (let run = 0; run < 2 && least >= MAX_STALL_MS; run++) least = Math.min(least, stallOf(await again()));
  return least;
}
const resultsFolder = () => path.join(api.dataDir, 'batches', batch.id, 'results');
const written = () => (existsSync(resultsFolder()) ? readdirSync(resultsFolder()) : []);

beforeAll(async () => {
  api = await startTestApi({ auth: 'keys' });
  base = await api.app.listen({ host: '127.0.0.1', port: 0 });
  access = openAccessDatabase(accessDirOf(embeddedCopy(api.service).file));
  ledger = new QuotaLedger(access);
  const created = new KeyStore(access).create({ tier: 'business' });
  key = { key: created.key, id: created.record.id, monthlyQuota: created.record.monthlyQuota };
  const store = new Database(embeddedCopy(api.service).file, { readonly: true });
  const references = store.prepare("SELECT ref FROM parcels WHERE country = 'ES' ORDER BY ref").pluck().all() as string[];
  store.close();
  expect(references.length).toBeGreaterThan(1000);
  const csv = `ref\n${Array.from({ length: ROWS }, (_, i) => references[i % references.length]).join('\n')}\n`;
  const started = await fetch(`${base}/api/batch`, {
    method: 'POST',
    headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
    body: JSON.stringify({ csv, name: 'fincas.csv' }),
  });
  expect(started.status).toBe(202);
  const { id } = (await started.json()).data as BatchState;
  for (let i = 0; i < 600; i++) {
    batch = (await (await get(`/api/batch/${id}`)).json()).data;
    if (batch.state === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(batch.counts).toMatchObject({ total: ROWS, found: ROWS });
}, 120_000);
afterAll(async () => {
  access?.close();
  await api?.close();
}, 60_000);

describe('a large batch result', () => {
  it('is refused with the 429 before anything is built when the key cannot pay for it, and costs nothing', async () => {
    // 44 units left, as in the review.
    const { period } = ledger.peek(key.id);
    const spent = key.monthlyQuota - 44 - used();
    ledger.settle(key.id, spent, key.monthlyQuota, period);
    try {
      const { result: refused, probe } = await whileProbing(
        base,
        async () => {
          const started = performance.now();
          const response = await get(`/api/batch/${batch.id}/result.kml`);
          return { status: response.status, body: await response.json(), ms: performance.now() - started };
        },
        { inProcess: true },
      );
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: 'KEY_AUTH_004' });
      expect(refused.body.error).toContain(`costs ${ROWS} units`);
      expect(written()).toEqual([]);
      expect(used()).toBe(key.monthlyQuota - 44);
      expect(stallOf(probe)).toBeLessThan(MAX_STALL_MS);

      // Paid for, the same file takes many times longer: the 429 came before that work.
      ledger.settle(key.id, -spent, key.monthlyQuota, period);
      const started = performance.now();
      expect((await (await get(`/api/batch/${batch.id}/result.kml`)).arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(performance.now() - started).toBeGreaterThan(5 * refused.ms);
    } finally {
      if (used() > key.monthlyQuota / 2) ledger.settle(key.id, -spent, key.monthlyQuota, period);
    }
  }, 120_000);

  it('answers a HEAD from headers alone: one unit, nothing built, the size once the file is written', async () => {
    const before = used();
    const asHead = () => whileProbing(base, () => get(`/api/batch/${batch.id}/result.gpkg`, {}, 'HEAD'), { inProcess: true });
    const { result: head, probe } = await asHead();
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/geopackage+sqlite3');
    expect(head.headers.get('content-disposition')).toBe('attachment; filename="fincas-result.gpkg"');
    expect(written().filter((name) => name.endsWith('.gpkg'))).toEqual([]);
    expect(used()).toBe(before + 1);
    expect(await leastStall(probe, async () => (await asHead()).probe)).toBeLessThan(MAX_STALL_MS);
  });

  // Each format costs ROWS units: given back after each, so the key's month holds them all.
  const giveBack = (before: number) => ledger.settle(key.id, before - used(), key.monthlyQuota, ledger.peek(key.id).period);

  for (const format of FORMATS) {
    it(`serves result.${format} while the server keeps answering (/api/status never waits ${MAX_STALL_MS} ms), priced one unit per parcel`, async () => {
      const before = used();
      try {
        const download = () =>
          whileProbing(
            base,
            async () => {
              const answer = await get(`/api/batch/${batch.id}/result.${format}`);
              // Read as it comes, joined after: the test's own copy of the whole file is no part of the server's work.
              const chunks: Uint8Array[] = [];
              const reader = answer.body!.getReader();
              for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
              return { status: answer.status, headers: answer.headers, chunks };
            },
            { inProcess: true },
          );
        const { result: response, probe } = await download();
        const bytes = Buffer.concat(response.chunks);
        expect(response.status).toBe(200);
        expect(probe.failures).toBe(0);
        expect(used()).toBe(before + ROWS);
        expect(await leastStall(probe, async () => (await download()).probe)).toBeLessThan(MAX_STALL_MS);
        expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
        if (format === 'csv') expect(bytes.toString('utf8').trim().split('\n')).toHaveLength(ROWS + 1);
        if (format === 'geojson') expect(bytes.toString('utf8').match(/\{"type":"Feature",/g)).toHaveLength(ROWS);
        if (format === 'kml') expect(bytes.toString('utf8').match(/<Placemark>/g)).toHaveLength(ROWS);
        if (format === 'gpkg') {
          const file = path.join(tempDir('catastro-batch-result-'), 'result.gpkg');
          writeFileSync(file, bytes);
          const info = spawnSync('ogrinfo', ['-so', '-al', file], { encoding: 'utf8' });
          expect(info.stdout).toMatch(new RegExp(`Feature Count: ${ROWS}\\n`));
        }

        // Written once: a HEAD now says its size; a byte range costs its share; a revalidation is free.
        const head = await get(`/api/batch/${batch.id}/result.${format}`, {}, 'HEAD');
        expect(Number(head.headers.get('content-length'))).toBe(bytes.length);
        const afterHead = used();
        const range = await get(`/api/batch/${batch.id}/result.${format}`, { range: 'bytes=0-999' });
        expect(range.status).toBe(206);
        expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(0, 1000));
        expect(used() - afterHead).toBe(Math.ceil((ROWS * 1000) / bytes.length));
        // inject: fetch adds Cache-Control: no-cache to a request with If-None-Match, asking for the whole file.
        const again = await api.app.inject({
          url: `/api/batch/${batch.id}/result.${format}`,
          headers: { 'x-api-key': key.key, 'if-none-match': response.headers.get('etag')! },
        });
        expect(again.statusCode).toBe(304);
        expect(used() - afterHead).toBe(Math.ceil((ROWS * 1000) / bytes.length));
      } finally {
        giveBack(before);
      }
    }, 120_000);
  }
});
