import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARSE_RETRY_AFTER_S, PARSES_PER_SERVER } from '../../../core/api/parse-slots.js';
import { accessDirOf, openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { MAX_BATCH_BYTES, MAX_BATCH_COLUMNS, MAX_BATCH_ROWS } from '../../../core/batch/read-csv.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/** References of the bundled sample (answered from the copy) and one it does not hold. */
const IN_COPY = ['40146A00405051', '000700100UL74F'];

/**
 * The heaviest batch input the API takes: MAX_BATCH_ROWS rows, just under MAX_BATCH_BYTES, as a
 * valuation office's spreadsheet writes them (reference, coordinates with decimal commas, a note).
 */
function heaviestCsv(): string {
  const header = 'Referencia catastral;Latitud;Longitud;Observaciones';
  const note = (i: number) => `visita ${(i % 28) + 1}/11, tasación de la finca y sus construcciones`.padEnd(165, '.');
  const rows = Array.from({ length: MAX_BATCH_ROWS }, (_, i) => `${IN_COPY[i % 2]};40,${4168 + (i % 500)};-3,${7038 + (i % 700)};${note(i)}`);
  const csv = `${header}\n${rows.join('\n')}\n`;
  expect(Buffer.byteLength(csv)).toBeGreaterThan(MAX_BATCH_BYTES * 0.9);
  expect(Buffer.byteLength(csv)).toBeLessThanOrEqual(MAX_BATCH_BYTES);
  return csv;
}

let api: TestApi;
let base: string;
let keys: string[];
let body: string;

beforeAll(async () => {
  api = await startTestApi({ auth: 'keys' });
  const access = openAccessDatabase(accessDirOf(embeddedCopy(api.service).file));
  const store = new KeyStore(access);
  keys = Array.from({ length: PARSES_PER_SERVER + 1 }, () => store.create({ tier: 'business' }).key);
  access.close();
  base = await api.app.listen({ host: '127.0.0.1', port: 0 });
  body = JSON.stringify({ csv: heaviestCsv(), name: 'tasaciones.csv' });
});
afterAll(async () => {
  await api?.close();
});

const post = (path: string, key: string, payload = body) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: payload });

describe('a batch CSV is bounded in columns', () => {
  it(`refuses a header of more than ${MAX_BATCH_COLUMNS} columns at once (400), before the columns are compared`, async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `Columna ${i}`).join(';');
    const started = performance.now();
    const response = await post('/api/batch/preview', keys[0], JSON.stringify({ csv: `${header}\n${'1;'.repeat(10)}\n` }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: `The CSV has 100000 columns; a batch takes at most ${MAX_BATCH_COLUMNS}.` });
    // Generous: the comparison of every name with every known one took minutes.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('parses at once are bounded per caller and per server', () => {
  it('answers a second CSV of the same caller 429 RATE_LIMIT_EXCEEDED with Retry-After while its first is read', async () => {
    const [first, second] = await Promise.all([post('/api/batch/preview', keys[1]), post('/api/batch/preview', keys[1])]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = first.status === 429 ? first : second;
    expect(refused.headers.get('retry-after')).toBe(String(PARSE_RETRY_AFTER_S));
    expect(await refused.json()).toMatchObject({ success: false, code: 'RATE_LIMIT_EXCEEDED' });
  });

  it(`answers a CSV beyond the server's ${PARSES_PER_SERVER} at once 503 SERVICE_UNAVAILABLE with Retry-After, whoever sends it`, async () => {
    const answers = await Promise.all(keys.map((key) => post('/api/batch/preview', key)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(PARSES_PER_SERVER).fill(200), 503]);
    const refused = answers.find((answer) => answer.status === 503)!;
    expect(refused.headers.get('retry-after')).toBe(String(PARSE_RETRY_AFTER_S));
    expect(await refused.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    // The places are given back: the next one is read.
    expect((await post('/api/batch/preview', keys[2])).status).toBe(200);
  });
});
