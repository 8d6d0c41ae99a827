import { describe, expect, it } from 'vitest';
import { apiForTests } from '../../helpers/api-harness.js';

const api = apiForTests();

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document generated from the routes, naming every endpoint served', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-10-01');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const paths = Object.keys(doc.paths);
    for (const expected of [
      '/api/search/address/candidates',
      '/api/catastro/{refcat}/units',
      '/api/catastro/{refcat}',
      '/api/search/coordinates',
      '/api/search/address/parse',
      '/api/catastro/{refcat}/polygon',
      '/api/export/kml',
      '/api/export/gpx',
    ])
      expect(paths).toContain(expected);
    expect(doc.paths['/api/search/coordinates'].post.requestBody).toBeDefined();
  });

  it('serves a human page for it', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
