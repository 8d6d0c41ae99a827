import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKeyedTestApi, type KeyedTestApi } from '../../helpers/api-harness.js';
import { chargedUnits } from '../../helpers/charged-units.js';

/**
 * Spec Limits: a 2xx without data is free. Terrain with no protected-area layer and ground motion
 * where no satellite cell lies under the parcel answer `status: no_data` ("not an estimate"):
 * found by probing, each cost a unit, while a solar answer without data or an empty /agro was free.
 */
describe('analysis answers without data cost nothing', () => {
  let api: KeyedTestApi;
  const URBAN = '000700100UL74F'; // a parcel of the bundled sample: no EGMS cell, no protected-area layer imported

  beforeAll(async () => {
    api = await startKeyedTestApi({ tier: 'basic' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each([
    ['terrain', (data: any) => data.protected_areas.status],
    ['ground-motion', (data: any) => data.status],
  ])('%s with status no_data: 200, no unit charged, searchesRemaining unchanged', async (kind, status) => {
    const before = api.used();
    const answer = await api.app.inject({ url: `/api/catastro/${URBAN}/${kind}`, headers: { 'x-api-key': api.key } });
    expect(answer.statusCode).toBe(200);
    expect(status(answer.json().data)).toBe('no_data');
    expect(api.used()).toBe(before);
    expect(answer.json().searchesRemaining).toBe(5000 - before);
  });

  it('the same answers with data cost one unit', () => {
    const site = { code: 'ES0000115', name: 'Hoces del río Duratón', type: 'SPA', country: 'ES', overlap_pct: 40 };
    expect(
      chargedUnits('terrain', {
        refcat: URBAN,
        country: 'ES',
        protected_areas: {
          status: 'ok',
          intersects: true,
          inside: false,
          max_overlap_pct: 40,
          natura2000: [site],
          national: [],
          method: 'parcel',
          sources: [],
        },
      }),
    ).toBe(1);
    expect(chargedUnits('ground-motion', { refcat: URBAN, country: 'ES', status: 'ok' })).toBe(1);
  });

  it('a lookup of the same parcel, which has data, is still charged (control)', async () => {
    const before = api.used();
    expect((await api.app.inject({ url: `/api/catastro/${URBAN}`, headers: { 'x-api-key': api.key } })).statusCode).toBe(200);
    expect(api.used()).toBe(before + 1);
  });
});
