import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_OPERATIONS, pathsOf, type PublicOperationName } from '../../../core/model/operations.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';

/**
 * The HTTP face is the operation table's (core/model/operations.ts): every entry is served at its
 * path and method with its access, and the OpenAPI document describes what each answers; every
 * documented route is an entry, but for the few that only HTTP has (listed here, with why).
 */
const HTTP_ONLY = new Set([
  'GET /api/export/geojson',
  'GET /api/export/gpkg', // a selection in the query string, for links and scripts
  'GET /api/basemap.pmtiles', // the offline basemap file, read by byte ranges
]);

let api: TestApi;
let keyed: TestApi;
let doc: {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> }>>;
};
beforeAll(async () => {
  [api, keyed] = await Promise.all([startTestApi(), startTestApi({ auth: 'keys' })]);
  doc = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await Promise.all([api?.close(), keyed?.close()]);
});

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const entries = Object.entries(PUBLIC_OPERATIONS) as [PublicOperationName, (typeof PUBLIC_OPERATIONS)[PublicOperationName]][];

describe('the operation table is the HTTP API', () => {
  it.each(entries)('%s is served at its paths with its access and a described answer', async (_name, operation) => {
    for (const path of pathsOf(operation.http)) {
      const method = operation.http.method.toLowerCase();
      const documented = doc.paths[openApiPath(path)]?.[method];
      expect(documented, `${method} ${path}`).toBeDefined();
      const status = String('status' in operation.http ? operation.http.status : 200);
      const answer = documented.responses[status];
      expect(answer, `${path} answers ${status}`).toBeDefined();
      if (operation.answer === 'json') expect(answer.content!['application/json'].schema.properties).toHaveProperty('data');
      expect(api.app.hasRoute({ method: operation.http.method, url: path })).toBe(true);
      // Without a key: refused unless the table opens it (route-access.ts reads the matched route's access).
      const anonymous = await keyed.app.inject({
        method: operation.http.method,
        url: path.replace(/:(\w+)/g, '1'),
        payload: operation.http.method === 'POST' ? {} : undefined,
      });
      if (operation.access === 'open') expect(anonymous.statusCode, path).toBeLessThan(400);
      else expect(anonymous.statusCode, path).toBe(401);
    }
  });

  it('documents no route that is not in the table but for the listed HTTP-only ones', () => {
    const declared = new Set(entries.flatMap(([, operation]) => pathsOf(operation.http).map((path) => `${operation.http.method} ${openApiPath(path)}`)));
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.filter((route) => !declared.has(route) && !HTTP_ONLY.has(route))).toEqual([]);
  });

  it('describes the fields of an answer, not only its envelope', () => {
    const parcel = doc.paths['/api/catastro/{refcat}'].get.responses['200'].content!['application/json'].schema.properties!.data as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(parcel.properties)).toEqual(expect.arrayContaining(['refCatastral', 'pais', 'latitud', 'longitud', 'poligono']));
  });
});
