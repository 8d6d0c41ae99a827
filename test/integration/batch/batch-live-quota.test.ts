import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { accessDirOf, openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { QuotaLedger } from '../../../core/auth/quota.js';
import { TIER_MONTHLY_QUOTA } from '../../../core/auth/tiers.js';
import type { BatchState } from '../../../core/model/index.js';
import { BATCH_PACE } from '../../../core/upstream/batch-pace.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/** In the bundled sample copy: answered without asking the Catastro. */
const IN_COPY = '40146A00405051';
/** Not in the copy; the fake Catastro replays its recorded answers (found live). */
const LIVE = '9398516VK3799G';
/** Points in Spain with no parcel in the copy: each one asked of the Catastro, which has none there either. */
const pointsNotInCopy = (n: number) => Array.from({ length: n }, (_, i) => `${(40.1 + i / 1000).toFixed(4)};-3.9`);

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function keyedApi(tier: 'free' | 'business', batchIntervalMs?: number) {
  api = await startTestApi({ auth: 'keys', upstream: { batchIntervalMs } });
  const access = openAccessDatabase(accessDirOf(embeddedCopy(api.service).file));
  const { key, record } = new KeyStore(access).create({ tier });
  const ledger = new QuotaLedger(access);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    api!.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload && { payload }) });
  const finished = async (id: string): Promise<BatchState> => {
    for (let waited = 0; waited < 60_000; waited += 50) {
      // Read by the service itself: a key whose quota the batch used up is refused even its free polls.
      const state = api!.service.batches.state(id);
      if (state.state === 'done') return state;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the batch did not end');
  };
  return { api, access, ledger, id: record.id, call, finished };
}

describe('batch rows answered by an official source are charged as single lookups', () => {
  it("charges a found live row 1 unit, and stops the rows past the key's quota with its 429 code and reason, asking nothing for them", async () => {
    const { api, access, ledger, id, call, finished } = await keyedApi('free', 0);
    const quota = TIER_MONTHLY_QUOTA.free;
    // One unit left: the live row takes it.
    ledger.charge(id, quota - 1, quota);
    const points = pointsNotInCopy(5);
    // The live row first: it takes the unit before any later row asks (rows start in order).
    const csv = `ref;lat;lon\n${LIVE};;\n${IN_COPY};;\n${points.map((p) => `;${p}`).join('\n')}\n`;
    const started = await call('POST', '/api/batch', { csv });
    expect(started.statusCode).toBe(202);
    const asked = api.fake.requests.length;
    const state = await finished(started.json().data.id);

    expect(state.counts).toEqual({ total: 7, done: 7, found: 2, notFound: 0, failed: 5, charged: 1 });
    // The batch's usage is what it charged: the key's last unit.
    expect(ledger.peek(id, quota).used).toBe(quota);
    for (const problem of state.problems) {
      expect(problem).toMatchObject({ status: 'failed', code: 'KEY_AUTH_004' });
      expect(problem.reason).toContain(`The monthly quota of this key (${quota} requests) is used up`);
    }
    expect(state.problems.map((p) => p.row)).toEqual([3, 4, 5, 6, 7]);
    // Only the live reference was asked of the Catastro (its data, then its outline).
    expect(api.fake.requests.slice(asked).every((url) => !url.includes('RCCOOR'))).toBe(true);
    expect(api.fake.requests.length - asked).toBe(2);
    access.close();
  });

  it('gives back the unit of a live row that finds nothing, as a 404 is free', async () => {
    const { access, ledger, id, call, finished } = await keyedApi('business', 0);
    const before = ledger.peek(id).used;
    const started = await call('POST', '/api/batch', { csv: `lat;lon\n${pointsNotInCopy(6).join('\n')}\n` });
    const state = await finished(started.json().data.id);
    expect(state.counts).toMatchObject({ done: 6, notFound: 6, charged: 0 });
    expect(ledger.peek(id).used).toBe(before);
    access.close();
  });
});

describe("the batches' requests to a source are paced, all batches together", () => {
  it(`starts no two requests to the Catastro less than the batch interval apart (${BATCH_PACE.intervalMs} ms by default)`, async () => {
    const intervalMs = 120;
    const { api, access, call, finished } = await keyedApi('business', intervalMs);
    const starts: number[] = [];
    const record = api.fake.requests.push.bind(api.fake.requests);
    api.fake.requests.push = (...urls: string[]) => {
      starts.push(performance.now());
      return record(...urls);
    };
    const rows = 10;
    const started = await call('POST', '/api/batch', { csv: `lat;lon\n${pointsNotInCopy(rows).join('\n')}\n` });
    await finished(started.json().data.id);
    expect(starts).toHaveLength(rows);
    // Turns are booked one interval apart (a late timer may bring two arrivals closer, never the
    // whole run): four workers unpaced sent them all within milliseconds.
    expect(starts[rows - 1] - starts[0]).toBeGreaterThan((rows - 1) * intervalMs * 0.9);
    access.close();
  });
});
