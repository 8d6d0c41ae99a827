import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import { CatastroService } from '../../../core/service.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

// GET /api/extents on the bundled sample (municipality 40146, imported on first open).
let dir: string;
let service: CatastroService;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-extents-'));
  service = await CatastroService.open({ dataDir: dir });
  app = await buildApiServer({ service, auth: 'off' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/extents', () => {
  it('answers one box per area of the copy that holds every one of its parcels', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/extents' });
    expect(response.statusCode).toBe(200);
    const extents = response.json().data as { area: string; bbox: [number, number, number, number]; parcels: number }[];
    expect(extents.reduce((sum, e) => sum + e.parcels, 0)).toBe(service.status().parcels);
    const sample = extents.find((e) => e.area.includes('40146') || e.area.includes('MELQUE'));
    expect(sample, JSON.stringify(extents)).toBeDefined();
    // Every parcel's outline lies inside its area's box: check two real parcels of the sample.
    for (const ref of ['40146A00405051', '000700100UL74F']) {
      const parcel = await service.parcel(ref);
      const [w, s, e, n] = sample!.bbox;
      for (const [lon, lat] of parcel.poligono) {
        expect(lon).toBeGreaterThanOrEqual(w - 1e-6);
        expect(lon).toBeLessThanOrEqual(e + 1e-6);
        expect(lat).toBeGreaterThanOrEqual(s - 1e-6);
        expect(lat).toBeLessThanOrEqual(n + 1e-6);
      }
    }
  });
});

describe('GET /api/extents after a live lookup', () => {
  it('marks an area that holds only live-looked-up parcels (one parcel found live in Madrid is not an area the user took)', async () => {
    const stored = embeddedCopy(service).getParcel('ES', '40146A00405051')!;
    embeddedCopy(service).upsertParcels([{ ...stored, ref: '9872023VH5797S', municipio: 'MADRID', source: 'live' }]);
    const extents = (await app.inject({ method: 'GET', url: '/api/extents' })).json().data as { area: string; parcels: number; lookedUp?: boolean }[];
    expect(extents.find((e) => e.area === 'ES:MADRID')).toMatchObject({ parcels: 1, lookedUp: true });
    expect(extents.find((e) => e.area.includes('40146') || e.area.includes('MELQUE'))?.lookedUp).toBeUndefined();
  });
});

describe('GET /api/copy/buildings/{refcat}', () => {
  it("answers what the copy records of a building: declared dwellings and units, built area, year, use (the sample's INSPIRE Buildings)", async () => {
    const house = await app.inject({ method: 'GET', url: '/api/copy/buildings/6756311UL7465N' });
    expect(house.statusCode).toBe(200);
    expect(house.json().data).toEqual({
      refCatastral: '6756311UL7465N',
      uso: 'Residencial',
      superficieConstruida: 347,
      anioConstruccion: 1900,
      viviendas: 4,
      unidades: 4,
      dataDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // A unit reference answers for its finca; no dwellings is 0, not absent.
    const shed = await app.inject({ method: 'GET', url: '/api/copy/buildings/000700100UL74F0001XX' });
    expect(shed.json().data).toMatchObject({ refCatastral: '000700100UL74F', uso: 'Industrial', viviendas: 0, unidades: 1, superficieConstruida: 109 });
    // Farmland has no building record: only its reference and date.
    const field = await app.inject({ method: 'GET', url: '/api/copy/buildings/40146A00405051' });
    expect(Object.keys(field.json().data).sort()).toEqual(['dataDate', 'refCatastral']);
  });

  it('404 NOT_FOUND for a parcel the copy lacks, 400 VALIDATION_ERROR for what is not a Spanish reference', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/copy/buildings/9398516VK3799G' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
    const bad = await app.inject({ method: 'GET', url: '/api/copy/buildings/not-a-ref' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
