import { describe, expect, it } from 'vitest';
import { containsPoint } from '../../../core/geo/polygon.js';
import { apiForTests } from '../../helpers/api-harness.js';
import { officialSegoviaArea } from '../../helpers/official-area.js';
import { expectSpecParcel } from '../../helpers/spec-fields.js';

/** A parcel of the bundled sample. */
const SAMPLE_REF = '000700100UL74F';

const api = apiForTests();

const get = (url: string) => api.app.inject({ method: 'GET', url });

describe('GET /api/catastro/{refcat} from the local copy', () => {
  it('answers a sample parcel with the spec fields, its official area and a centroid inside the outline', async () => {
    const response = await get(`/api/catastro/${SAMPLE_REF}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-api-version']).toBe('2026-10-01');
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data.refCatastral).toBe(SAMPLE_REF);
    expect(data.pais).toBe('ES');
    expect(data.superficieParcela).toBe(officialSegoviaArea(SAMPLE_REF));
    expect(data.dataSource).toBe('clone');
    expect(data.attribution).toContain('Catastro');
    expect(data.poligono.length).toBeGreaterThanOrEqual(4);
    expect(data.poligono[0]).toEqual(data.poligono.at(-1));
    expect(containsPoint({ type: 'Polygon', coordinates: [data.poligono] }, [data.longitud, data.latitud])).toBe(true);
    expect(data.mapsUrl).toMatch(new RegExp(`\\?q=${data.latitud.toFixed(3).replace('.', '\\.')}\\d*,${data.longitud.toFixed(3).replace('.', '\\.')}\\d*$`));
    expect(typeof data.availableFields.uso).toBe('boolean');
    expectSpecParcel('ES from the copy', data);
  });

  it('normalises case and spaces in the reference', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent(' 0007001 00ul74f')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.refCatastral).toBe(SAMPLE_REF);
  });

  it('answers 400 VALIDATION_ERROR with a hint for a malformed reference', async () => {
    const response = await get('/api/catastro/1234-AB');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.error).toMatch(/14/);
  });

  it('answers 404 NOT_FOUND for a well-formed reference the cadastre does not know', async () => {
    const response = await get('/api/catastro/0000000XX0000X');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('reads a parcel missing from the copy live, then serves it from the cache', async () => {
    const first = await get('/api/catastro/9398516VK3799G');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ refCatastral: '9398516VK3799G', dataSource: 'catastro' });
    const second = await get('/api/catastro/9398516VK3799G');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.refCatastral).toBe('9398516VK3799G');
    expect(second.json().data.poligono).toEqual(first.json().data.poligono);
  });
});

describe('GET /api/catastro/{refcat}/polygon', () => {
  it('is a GeoJSON Feature with a Polygon of [lon, lat] rings', async () => {
    const response = await get(`/api/catastro/${SAMPLE_REF}/polygon`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.refcat).toBe(SAMPLE_REF);
    expect(data.geojson.type).toBe('Feature');
    expect(data.geojson.geometry.type).toBe('Polygon');
    const [lon, lat] = data.geojson.geometry.coordinates[0][0];
    expect(lon).toBeGreaterThan(-5);
    expect(lon).toBeLessThan(-4);
    expect(lat).toBeGreaterThan(40.5);
    expect(lat).toBeLessThan(41.5);
  });
});

describe('exports', () => {
  it('KML 2.2 names the Placemark by the reference', async () => {
    const response = await get(`/api/export/kml?refcat=${SAMPLE_REF}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.google-earth.kml+xml');
    expect(response.headers['content-disposition']).toContain(`${SAMPLE_REF}.kml`);
    expect(response.body).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
    expect(response.body).toContain(`<name>${SAMPLE_REF}</name>`);
    expect(response.body).toContain('<Polygon>');
  });

  it('GPX 1.1 has a wpt with lat/lon and the name', async () => {
    const response = await get(`/api/export/gpx?refcat=${SAMPLE_REF}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<gpx[^>]+version="1.1"/);
    expect(response.body).toMatch(/<wpt lat="41\.\d+" lon="-4\.\d+">\s*<name>000700100UL74F<\/name>/);
  });

  it('a missing refcat is 400', async () => {
    const response = await get('/api/export/kml');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('envelope for unknown routes', () => {
  it('answers 404 NOT_FOUND in the spec envelope', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
