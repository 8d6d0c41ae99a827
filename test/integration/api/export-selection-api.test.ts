import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, keyMadeByCommand } from '../../helpers/api-harness.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/** Two parcels of the bundled Segovia sample and the Madrid finca the fake Catastro serves live. */
const SAMPLE_A = '40146A00405051';
const SAMPLE_B = '000700100UL74F';
const LIVE = '9398516VK3799G';

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ auth: 'keys' });
  key = await keyMadeByCommand(api.dataDir);
});
afterAll(async () => {
  await api?.close();
});

const get = (url: string) => api.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
const outline = async (ref: string) => (await get(`/api/catastro/${ref}`)).json().data.poligono as number[][];

describe('GET /api/export/geojson and /api/export/gpkg (one parcel or a selection)', () => {
  it('GeoJSON holds every selected parcel with its outline and fields, and costs one unit per parcel', async () => {
    const expected = [await outline(SAMPLE_A), await outline(LIVE)];
    const before = Number((await get('/api/catastro/BAD')).headers['x-quota-remaining']);
    const response = await get(`/api/export/geojson?refcat=${SAMPLE_A},${LIVE},${SAMPLE_A}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/geo+json');
    expect(response.headers['content-disposition']).toBe('attachment; filename="parcels-2.geojson"');
    expect(Number(response.headers['x-quota-remaining'])).toBe(before - 2);
    const collection = response.json();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f: { properties: { refCatastral: string } }) => f.properties.refCatastral)).toEqual([SAMPLE_A, LIVE]);
    collection.features.forEach((feature: { geometry: { type: string; coordinates: number[][][] } }, i: number) => {
      expect(feature.geometry.type).toBe('Polygon');
      expect(feature.geometry.coordinates[0]).toEqual(expected[i]);
    });
    expect(collection.features[1].properties).toMatchObject({ pais: 'ES', dataDate: expect.any(String), attribution: expect.stringContaining('Catastro') });
  });

  it('holds and charges a parcel once when the selection spells it twice (case, spaces)', async () => {
    const before = Number((await get('/api/catastro/BAD')).headers['x-quota-remaining']);
    const spaced = `${SAMPLE_B.slice(0, 7)}%20${SAMPLE_B.slice(7)}`;
    const response = await get(`/api/export/geojson?refcat=${SAMPLE_B},${SAMPLE_B.toLowerCase()},${spaced},${SAMPLE_A}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().features.map((f: { properties: { refCatastral: string } }) => f.properties.refCatastral)).toEqual([SAMPLE_B, SAMPLE_A]);
    expect(response.headers['content-disposition']).toBe('attachment; filename="parcels-2.geojson"');
    expect(Number(response.headers['x-quota-remaining'])).toBe(before - 2);
  });

  it('GeoPackage of a selection opens in GDAL as one EPSG:4326 polygon layer with the parcels', async () => {
    const response = await get(`/api/export/gpkg?refcat=${SAMPLE_A},${SAMPLE_B}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/geopackage+sqlite3');
    const file = path.join(tempDir('catastro-gpkg-'), 'selection.gpkg');
    writeFileSync(file, response.rawPayload);
    const info = spawnSync('ogrinfo', ['-so', '-al', file], { encoding: 'utf8' });
    expect(info.status, info.stderr).toBe(0);
    expect(info.stdout).toMatch(/Geometry: Polygon\n/);
    expect(info.stdout).toMatch(/Feature Count: 2\n/);
    expect(info.stdout).toContain('ID["EPSG",4326]');
    const features = JSON.parse(spawnSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file], { encoding: 'utf8' }).stdout).features;
    expect(features.map((f: { properties: { refCatastral: string } }) => f.properties.refCatastral)).toEqual([SAMPLE_A, SAMPLE_B]);
    expect(features[1].geometry.coordinates[0]).toEqual(await outline(SAMPLE_B));
    expect(features[1].properties.superficieParcela).toBe((await get(`/api/catastro/${SAMPLE_B}`)).json().data.superficieParcela);
  });

  it('refuses a missing or oversized selection (400) and names the reference that is not found (404), free of charge', async () => {
    const before = Number((await get('/api/catastro/BAD')).headers['x-quota-remaining']);
    const missing = await get('/api/export/geojson');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const many = await get(`/api/export/gpkg?refcat=${Array.from({ length: 2001 }, (_, i) => `R${i}`).join(',')}`);
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toContain('2001');
    const notFound = await get(`/api/export/gpkg?refcat=${SAMPLE_A},9999999VK9999A`);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.stringContaining('9999999VK9999A') });
    expect(Number((await get('/api/catastro/BAD')).headers['x-quota-remaining'])).toBe(before);
  });

  it('needs a key like every metered route', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/api/export/geojson?refcat=${SAMPLE_A}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/export/geojson and /api/export/gpkg (a selection too long for a URL)', () => {
  it('exports 1,200 parcels posted as a JSON body over real HTTP, where the same selection in the URL is refused (431)', async () => {
    const open = await startTestApi({ auth: 'off' });
    try {
      const refs = embeddedCopy(open.service).db.prepare("SELECT ref FROM parcels WHERE country = 'ES' ORDER BY ref LIMIT 1200").pluck().all() as string[];
      expect(refs).toHaveLength(1200);
      const base = await open.app.listen({ host: '127.0.0.1', port: 0 });
      const inUrl = await fetch(`${base}/api/export/geojson?refcat=${refs.join(',')}`);
      expect(inUrl.status).toBe(431);
      const posted = await fetch(`${base}/api/export/geojson`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refcat: refs.join(',') }),
      });
      expect(posted.status).toBe(200);
      expect(posted.headers.get('content-disposition')).toBe('attachment; filename="parcels-1200.geojson"');
      const collection = await posted.json();
      expect(collection.features.map((f: { properties: { refCatastral: string } }) => f.properties.refCatastral)).toEqual(refs);

      const gpkg = await fetch(`${base}/api/export/gpkg`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refcat: refs.join(','), country: 'ES' }),
      });
      expect(gpkg.status).toBe(200);
      const file = path.join(tempDir('catastro-gpkg-post-'), 'selection.gpkg');
      writeFileSync(file, Buffer.from(await gpkg.arrayBuffer()));
      expect(spawnSync('ogrinfo', ['-so', '-al', file], { encoding: 'utf8' }).stdout).toMatch(/Feature Count: 1200\n/);
    } finally {
      await open.close();
    }
  });

  it('answers a posted body like the query: 400 for no references, and a key is charged per parcel', async () => {
    const post = (payload: object) => api.app.inject({ method: 'POST', url: '/api/export/geojson', headers: { 'x-api-key': key }, payload });
    expect((await post({})).json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect((await post({ refcat: 5 })).statusCode).toBe(400);
    const before = Number((await get('/api/catastro/BAD')).headers['x-quota-remaining']);
    const response = await post({ refcat: `${SAMPLE_A},${SAMPLE_B}` });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-quota-remaining'])).toBe(before - 2);
    expect((await api.app.inject({ method: 'POST', url: '/api/export/geojson', payload: { refcat: SAMPLE_A } })).statusCode).toBe(401);
  });
});
