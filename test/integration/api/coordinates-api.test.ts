import { describe, expect, it } from 'vitest';
import { toWgs84 } from '../../../core/geo/crs.js';
import { apiForTests } from '../../helpers/api-harness.js';

const api = apiForTests();

const post = (payload: unknown, contentType = 'application/json') =>
  api.app.inject({
    method: 'POST',
    url: '/api/search/coordinates',
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/search/coordinates', () => {
  it('finds a sample parcel from the copy at its own centroid', async () => {
    const parcel = (await api.app.inject({ method: 'GET', url: '/api/catastro/000700100UL74F' })).json().data;
    const response = await post({ latitude: parcel.latitud, longitude: parcel.longitud });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.refCat14).toBe('000700100UL74F');
    expect(data.referenciaCatastral).toHaveLength(20);
    expect(data.referenciaCatastral.startsWith('000700100UL74F')).toBe(true);
    expect(data.coordenadas).toEqual({ latitud: parcel.latitud, longitud: parcel.longitud });
    expect(data.mapsUrl).toContain('?q=');
  });

  it('asks the live source for a point outside the copy (the recorded Consulta_RCCOOR point)', async () => {
    const [longitude, latitude] = toWgs84(25830, 439242.88, 4479664.51);
    const response = await post({ latitude, longitude });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.refCat14).toBe('9398516VK3799G');
  });

  it("names a point with no parcel (the Catastro's code 16) and a point outside every country at 6 decimals (0.1 m), not at a double's full precision", async () => {
    const none = await post({ latitude: 40.41677543210987, longitude: -3.7037901234567 });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(none.json().error).toMatch(/^The point 40\.416775, -3\.70379 was not found; the Catastro says: PARA ESAS COORDENADAS NO HAY REFERENCIA DISPONIBLE/);
    const outside = await post({ latitude: 30.000000449, longitude: -40.1234567 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatch(/^Coordinates 30, -40\.123457 are outside every country covered here/);
  });

  it.each([
    ['outside Spain, with country ES', { latitude: 48.85, longitude: 2.35, country: 'ES' }],
    ['outside every country covered (mid-Atlantic)', { latitude: 30, longitude: -40 }],
    ['latitude missing', { longitude: -4.46 }],
    ['latitude as text', { latitude: 'forty-one', longitude: -4.46 }],
    ['latitude out of range', { latitude: 123, longitude: -4.46 }],
    ['bad country', { latitude: 41.06, longitude: -4.46, country: 'Spain!' }],
  ])('answers 400 VALIDATION_ERROR when %s', async (_label, body) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it.each([
    ['1e309', 'latitude', 'Infinity'],
    ['-1e309', 'longitude', '-Infinity'],
  ])('names a coordinate of %s (beyond a double) as out of range, not as null', async (literal, field, shown) => {
    const payload = field === 'latitude' ? `{"latitude":${literal},"longitude":-4.46}` : `{"latitude":41.06,"longitude":${literal}}`;
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.json().error).toMatch(new RegExp(`^Field '${field}' must be between -\\d+ and \\d+, got ${shown}\\.$`));
  });

  it.each(['latitude', 'longitude', 'country'])('answers 400, not 500, for a %s nested 30,000 arrays deep (within the body limit)', async (field) => {
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const fields = { latitude: '41.06', longitude: '-4.46', country: '"ES"', [field]: deep };
    const response = await post(
      `{${Object.entries(fields)
        .map(([k, v]) => `"${k}":${v}`)
        .join(',')}}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it.each([
    ['malformed JSON', '{"latitude": 41.06,', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a non-JSON media type', 'latitude=41&longitude=-4', 'application/x-www-form-urlencoded'],
    ['a JSON array', '[41, -4]', 'application/json'],
  ])('answers 400 for %s', async (_label, payload, contentType) => {
    const response = await post(payload, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});
