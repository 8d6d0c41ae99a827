import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toWgs84 } from '../../../core/geo/crs.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';

/**
 * The app's point lookup answers the whole parcel in one call (issue 39 item 2). Before, the app
 * asked endpoint 4 for the reference, then the parcel by that reference: two round trips, and the
 * finca's facts and first units read for a coordinate answer the app dropped. Counted here: the
 * copy's reads (every ParcelStore method called) and the requests to the fake Catastro, for the
 * old two calls and the new one, which must answer the same Parcel.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => vi.restoreAllMocks());

/** Runs `work`, counting the copy's method calls by name and the upstream requests it makes. */
async function counted<T>(work: () => Promise<T>): Promise<{ answer: T; reads: Record<string, number>; upstream: number }> {
  const reads: Record<string, number> = {};
  const prototype = ParcelStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const methods = Object.getOwnPropertyNames(prototype).filter(
    (name) => name !== 'constructor' && typeof Object.getOwnPropertyDescriptor(prototype, name)?.value === 'function',
  );
  const spies = methods.map((name) => {
    const original = prototype[name];
    return vi.spyOn(prototype, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
      reads[name] = (reads[name] ?? 0) + 1;
      return original.apply(this, args);
    });
  });
  const before = api.fake.requests.length;
  try {
    const answer = await work();
    return { answer, reads, upstream: api.fake.requests.length - before };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
const total = (reads: Record<string, number>) => Object.values(reads).reduce((a, b) => a + b, 0);

const post = (url: string, payload: object) => api.app.inject({ method: 'POST', url, payload });

describe('the point lookup of the app: one call, the parcel whole', () => {
  it('a parcel of the copy: the same Parcel as point → reference → parcel, with fewer reads of the copy and no finca or units page', async () => {
    const parcel = (await api.app.inject({ method: 'GET', url: '/api/catastro/000700100UL74F' })).json().data;
    const point = { latitude: parcel.latitud, longitude: parcel.longitud };

    const twoSteps = await counted(async () => {
      const match = (await post('/api/search/coordinates', point)).json().data;
      return (await api.app.inject({ method: 'GET', url: `/api/catastro/${match.refCat14}?country=ES` })).json().data;
    });
    const oneStep = await counted(async () => (await post('/api/search/coordinates/parcel', point)).json().data);

    expect(oneStep.answer).toEqual(twoSteps.answer);
    expect(oneStep.answer).toMatchObject({ refCatastral: '000700100UL74F', pais: 'ES' });
    expect(total(oneStep.reads)).toBeLessThan(total(twoSteps.reads));
    expect(oneStep.reads.getFinca ?? 0).toBe(0);
    expect(oneStep.reads.unitsPage ?? 0).toBe(0);
    expect(twoSteps.reads.unitsPage).toBeGreaterThan(0);
  });

  it('a parcel the copy lacks: the same Parcel, fewer reads of the copy and no more requests to the Catastro', async () => {
    const [longitude, latitude] = toWgs84(25830, 439242.88, 4479664.51);
    const point = { latitude, longitude };
    // The copy keeps live answers: the two ways are measured on copies in the same state (the first lookup of each).
    const oneStep = await counted(async () => (await post('/api/search/coordinates/parcel', point)).json().data);
    await api.close();
    api = await startTestApi();
    const twoSteps = await counted(async () => {
      const match = (await post('/api/search/coordinates', point)).json().data;
      return (await api.app.inject({ method: 'GET', url: `/api/catastro/${match.refCat14}?country=ES` })).json().data;
    });
    expect(oneStep.answer).toMatchObject({ refCatastral: '9398516VK3799G', pais: 'ES' });
    expect({ ...oneStep.answer, dataDate: undefined }).toEqual({ ...twoSteps.answer, dataDate: undefined });
    expect(oneStep.upstream).toBeLessThanOrEqual(twoSteps.upstream);
    expect(total(oneStep.reads)).toBeLessThan(total(twoSteps.reads));
  });

  it("endpoint 4 keeps the spec's answer: the reference at the point, not a Parcel", async () => {
    const [longitude, latitude] = toWgs84(25830, 439242.88, 4479664.51);
    const { data } = (await post('/api/search/coordinates', { latitude, longitude })).json();
    expect(data).toMatchObject({ refCat14: '9398516VK3799G', coordenadas: { latitud: latitude, longitud: longitude } });
    expect(data.poligono).toBeUndefined();
  });
});
