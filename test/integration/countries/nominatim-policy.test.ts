import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT } from '../../../core/upstream/upstream-client.js';
import { APP_VERSION } from '../../../core/app-files.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';

/**
 * The public Nominatim server's usage policy (https://operations.osmfoundation.org/policies/nominatim/):
 * at most one request per second per application, and a User-Agent naming the application. The
 * fake Nominatim (hand-written answers, test/fake-upstream/countries/nominatim.ts) is asked with
 * the policy's own pacing here (the other suites lift it for the fake).
 */
const POLICY = { sourceIntervalsMs: {} };
const ESTONIAN_ADDRESS = `/api/search/address/candidates?country=EE&q=${encodeURIComponent('Raekoja plats 1, Tallinn')}`;
const nominatimArrivals = (api: EuropeApi) =>
  api.fake.requests.map((url, i) => ({ url, ...api.fake.arrivals[i] })).filter(({ url }) => url.pathname.startsWith('/nominatim/'));
/**
 * Turns are booked exactly 1 s apart; arrivals at the fake differ by the network's jitter (the
 * first request of a client also opens its connection: ~50 ms seen). Unpaced, the gaps are a few ms.
 */
const JITTER_MS = 150;
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);

describe('Nominatim usage policy: one request a second per process, a User-Agent naming the app', () => {
  let first: EuropeApi;
  let second: EuropeApi;
  beforeAll(async () => {
    [first, second] = await Promise.all([startEuropeApi(undefined, POLICY), startEuropeApi(undefined, POLICY)]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('three address searches at once reach the geocoder a second apart, and still answer', async () => {
    const before = nominatimArrivals(first).length;
    const answers = await Promise.all([1, 2, 3].map(() => first.app.inject({ method: 'GET', url: ESTONIAN_ADDRESS })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const asked = nominatimArrivals(first).slice(before);
    expect(asked).toHaveLength(3);
    for (const gap of gaps(asked.map((a) => a.at))) expect(gap).toBeGreaterThanOrEqual(1000 - JITTER_MS);
  }, 15_000);

  it('two services of one process share the pace (the limit is per application)', async () => {
    const [a, b] = [nominatimArrivals(first).length, nominatimArrivals(second).length];
    await Promise.all([first, second].map((api) => api.app.inject({ method: 'GET', url: ESTONIAN_ADDRESS })));
    const times = [nominatimArrivals(first)[a].at, nominatimArrivals(second)[b].at].sort((x, y) => x - y);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(1000 - JITTER_MS);
  }, 15_000);

  it('the geocoder is told the application, not a browser; the cadastres keep the browser User-Agent they need', async () => {
    const asked = nominatimArrivals(first);
    expect(asked.length).toBeGreaterThan(0);
    for (const { userAgent } of asked) {
      expect(userAgent).toBe(`CatastroDesktop/${APP_VERSION} (desktop GIS for cadastral parcels)`);
    }
    const cadastre = first.fake.requests.map((url, i) => ({ url, ...first.fake.arrivals[i] })).filter(({ url }) => !url.pathname.startsWith('/nominatim/'));
    expect(cadastre.length).toBeGreaterThan(0);
    expect(cadastre.every((r) => r.userAgent === BROWSER_USER_AGENT)).toBe(true);
  });

  it("the status page's check of the geocoder follows the same policy", async () => {
    const before = nominatimArrivals(second).length;
    await second.service.checkSources();
    const checks = nominatimArrivals(second).slice(before);
    expect(checks).toHaveLength(1);
    expect(checks[0].userAgent).toMatch(/^CatastroDesktop\//);
  }, 15_000);
});
