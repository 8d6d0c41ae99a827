import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import type { ServiceStatus } from '../../../core/model/index.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';

let api: EuropeApi;
beforeAll(async () => {
  api = await startEuropeApi();
});
afterAll(async () => {
  await api?.close();
});

describe('GET /api/status and /status: the service and its cadastral sources', () => {
  it('lists every source with countries, health, breaker and history; checked through the fakes', async () => {
    const before = (await api.app.inject({ url: '/api/status' })).json().data as ServiceStatus;
    expect(before.sources.every((s) => s.health === 'unknown' && s.history.length === 0)).toBe(true);
    await api.service.checkSources();
    const status = (await api.app.inject({ url: '/api/status' })).json().data as ServiceStatus;
    const byName = new Map(status.sources.map((s) => [s.name, s]));
    // Sources of every country adapter, each once: the foral ones and the INSPIRE family included.
    for (const name of [
      'Navarra RRTN INSPIRE WFS (Catastro)',
      'Gipuzkoa b5m INSPIRE WFS (Catastro)',
      'Álava GeoAraba WFS (Catastro)',
      'Bizkaia INSPIRE WFS (Catastro)',
      'GUGiK ULDK',
      'IGN API Carto cadastre',
      'Catastro OVC',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    expect(byName.get('Navarra RRTN INSPIRE WFS (Catastro)')).toMatchObject({ countries: ['NA'], health: 'up', breaker: 'closed' });
    expect(byName.get('GUGiK ULDK')).toMatchObject({ countries: ['PL'], health: 'up' });
    const navarre = byName.get('Navarra RRTN INSPIRE WFS (Catastro)')!;
    expect(navarre.history).toHaveLength(1);
    expect(navarre.lastCheck!.latencyMs).toBeGreaterThanOrEqual(0);
    // The check is a real request of the lookup's own shape, sent to the (fake) service.
    expect(api.fake.requests.some((u) => u.pathname === '/na-wfs' && (u.searchParams.get('bbox') ?? '').endsWith('EPSG::25830'))).toBe(true);
    // Spain's sources are the official ones here, unreachable from the tests: down, with a reason.
    expect(byName.get('Catastro OVC')).toMatchObject({ health: 'down' });
    expect(status.status).toBe('degraded');
    // No internals: neither the data folder nor any source address.
    const raw = JSON.stringify(status);
    expect(raw).not.toContain(api.fake.url);
    expect(raw).not.toMatch(/catastro-europe-|dataDir|https?:\/\//);
  });

  it('serves the page at /status: a row per source with its state, escaped, no script', async () => {
    const response = await api.app.inject({ url: '/status' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain('Navarra RRTN INSPIRE WFS (Catastro)');
    expect(html).toMatch(/<tr class="up">\s*<th scope="row">Navarra RRTN INSPIRE WFS/);
    expect(html).toMatch(/<tr class="down">\s*<th scope="row">Catastro OVC<\/th>/);
    expect(html).not.toMatch(/<script/i);
  });

  it('needs no key when keys are on', async () => {
    const keyed = await buildApiServer({ service: api.service, auth: 'keys' });
    try {
      expect((await keyed.inject({ url: '/api/status' })).statusCode).toBe(200);
      expect((await keyed.inject({ url: '/status' })).statusCode).toBe(200);
      expect((await keyed.inject({ url: '/api/catastro/001010001' })).statusCode).toBe(401);
    } finally {
      await keyed.close();
    }
  });
});
