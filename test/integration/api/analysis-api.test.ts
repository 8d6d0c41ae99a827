import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import { CatastroService } from '../../../core/service.js';
import { startFakePvgis, type FakePvgis } from '../../fake-upstream/pvgis.js';
import { startFakeSigpac, type FakeSigpac } from '../../fake-upstream/sigpac.js';

// Analysis of parcels of the bundled sample, end to end over HTTP, with PVGIS and SIGPAC faked
// from their real recorded/real-data answers.
let dir: string;
let service: CatastroService;
let app: FastifyInstance;
let pvgis: FakePvgis;
let sigpac: FakeSigpac;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-analysis-api-'));
  [pvgis, sigpac] = await Promise.all([startFakePvgis(), startFakeSigpac()]);
  service = await CatastroService.open({
    dataDir: dir,
    sources: { analysis: { pvgisBaseUrl: pvgis.baseUrl, sigpacBaseUrl: sigpac.baseUrl } },
    upstream: { timeoutMs: 2000, retries: 0 },
  });
  app = await buildApiServer({ service, auth: 'off' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  service?.close();
  await Promise.all([pvgis?.close(), sigpac?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });
const URBAN = '000700100UL74F';

describe('analysis endpoints on the bundled sample', () => {
  it('solar answers the spec fields from PVGIS for the parcel point', async () => {
    const response = await get(`/api/catastro/${URBAN}/solar`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ disponible: true, estado: 'ok' });
    for (const field of [
      'kwh_year',
      'kw_instalables',
      'ahorro_anual_eur',
      'amortizacion_anos',
      'co2_evitado_kg',
      'irradiacion_media',
      'nota_solar',
      'angulo_inclinacion',
      'costo_instalacion_eur',
    ]) {
      expect(typeof data[field], field).toBe('number');
    }
    expect(typeof data.orientacion_optima).toBe('string');
    expect(data.fuente).toMatch(/PVGIS/);
    expect(Object.keys(data.economics).sort()).toEqual([
      'autoconsumo_kwh_ano',
      'excedentes_kwh_ano',
      'ingreso_neto_anual_eur',
      'payback_anos',
      'retorno_total_25_anos_eur',
      'tir_pct',
    ]);
    const asked = pvgis.requests.at(-1)!;
    const parcel = (await get(`/api/catastro/${URBAN}`)).json().data;
    expect(Number(asked.get('lat'))).toBeCloseTo(parcel.latitud, 4);
    expect(Number(asked.get('lon'))).toBeCloseTo(parcel.longitud, 4);
  });

  it('agro calls an urban parcel urbano', async () => {
    const response = await get(`/api/catastro/${URBAN}/agro`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.agro.cultivo_principal).toBe('urbano');
  });

  it('terrain says no_data while no protected-area layer is imported', async () => {
    const response = await get(`/api/catastro/${URBAN}/terrain`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refcat: URBAN, country: 'ES' });
    expect(data.protected_areas).toMatchObject({ status: 'no_data', intersects: false, inside: false, method: 'parcel' });
  });

  it('ground motion says no_data where no EGMS cells are loaded', async () => {
    const response = await get(`/api/catastro/${URBAN}/ground-motion`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ refcat: URBAN, country: 'ES', status: 'no_data' });
  });

  it('score and market answer', async () => {
    expect((await get(`/api/catastro/${URBAN}/score`)).statusCode).toBe(200);
    const market = await get(`/api/catastro/${URBAN}/market`);
    expect(market.statusCode).toBe(200);
    expect(market.json().data.disponible).toBe(false);
  });

  it.each(['solar', 'agro', 'terrain', 'ground-motion'])('%s outside the analysis countries answers 422 CNV_COVERAGE', async (kind) => {
    const response = await get(`/api/catastro/${URBAN}/${kind}?country=SE`);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('CNV_COVERAGE');
  });

  it('the overlay endpoints answer GeoJSON for a box and 400 for a bad box', async () => {
    const ok = await get('/api/overlays/protected-areas?bbox=-4.5,41.0,-4.4,41.1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.type).toBe('FeatureCollection');
    const bad = await get('/api/overlays/ground-motion?bbox=1,2,3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});
