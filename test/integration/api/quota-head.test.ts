import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKeyedTestApi, type KeyedTestApi } from '../../helpers/api-harness.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/**
 * A HEAD answer carries headers and no data: it costs what any 2xx costs (spec Limits: 1 unit),
 * never the per-unit or per-parcel price of the body it leaves out. Found by probing: a HEAD on
 * the units of an 18-dwelling finca cost 18 units, and on a 2-parcel GeoJSON export 2.
 */
describe('HEAD on answers priced by their body', () => {
  let api: KeyedTestApi;
  const FINCA = '9398516VK3799G'; // 18 units in the recorded Catastro answer

  beforeAll(async () => {
    api = await startKeyedTestApi({ tier: 'basic', organisation: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('the units GET costs one unit per unit served, the HEAD of the same page one unit', async () => {
    const get = await api.app.inject({ url: `/api/catastro/${FINCA}/units`, headers: { 'x-api-key': api.key } });
    expect(get.statusCode).toBe(200);
    const units = get.json().data.unidades.length;
    expect(units).toBeGreaterThan(1);
    expect(api.used()).toBe(units);

    const head = await api.app.inject({ method: 'HEAD', url: `/api/catastro/${FINCA}/units`, headers: { 'x-api-key': api.key } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(api.used()).toBe(units + 1);
    expect(head.headers['x-quota-remaining']).toBe(String(5000 - units - 1));
  });

  it('the HEAD of a two-parcel GeoJSON export costs one unit, its GET two', async () => {
    const refs = embeddedCopy(api.service).db.prepare("SELECT ref FROM parcels WHERE country = 'ES' ORDER BY ref LIMIT 2").pluck().all() as string[];
    const url = `/api/export/geojson?refcat=${refs.join(',')}`;
    const before = api.used();
    const head = await api.app.inject({ method: 'HEAD', url, headers: { 'x-api-key': api.key } });
    expect(head.statusCode).toBe(200);
    expect(api.used()).toBe(before + 1);
    const get = await api.app.inject({ url, headers: { 'x-api-key': api.key } });
    expect(get.json().features).toHaveLength(2);
    expect(api.used()).toBe(before + 3);
  });
});
