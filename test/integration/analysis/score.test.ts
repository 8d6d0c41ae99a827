import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisService } from '../../../core/analysis/analysis-service.js';
import { AnalysisTables } from '../../../core/store/analysis-tables.js';
import { openDatabase } from '../../../core/store/db.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { fixture } from '../../helpers/paths.js';
import { PVCALC_RECORDING, startFakePvgis, type FakePvgis } from '../../fake-upstream/pvgis.js';
import { startFakeSigpac, type FakeSigpac } from '../../fake-upstream/sigpac.js';
import { squareParcel } from './parcels.js';
import { chargedUnits } from '../../helpers/charged-units.js';

describe('AnalysisService.score over the fakes and the Madrid layers', () => {
  let pvgis: FakePvgis;
  let sigpac: FakeSigpac;
  let service: AnalysisService;
  beforeAll(async () => {
    pvgis = await startFakePvgis({ noDataAt: (lat) => lat < 36 });
    sigpac = await startFakeSigpac();
    service = new AnalysisService({
      tables: new AnalysisTables(openDatabase(':memory:')),
      http: new UpstreamClient({ retries: 0 }),
      config: { pvgisBaseUrl: pvgis.baseUrl, sigpacBaseUrl: sigpac.baseUrl },
    });
    await service.importProtectedAreas(fixture('analysis/es_madrid_zepa_qgis2web_3857.geojson'));
  });
  afterAll(async () => {
    await pvgis.close();
    await sigpac.close();
  });

  it('urban parcel at Puerta del Sol: solar and terrain known, ground motion and agro not', async () => {
    const eY = JSON.parse(readFileSync(PVCALC_RECORDING, 'utf8')).outputs.totals.fixed.E_y as number;
    const solarScore = (Math.round(((eY - 800) / 1000) * 10 * 10) / 10) * 10; // nota_solar (1 decimal) × 10
    const result = await service.score(squareParcel(-3.7038, 40.4168, 'ES', { clase: 'Urbano' }));
    expect(result).toMatchObject({ disponible: true, sin_datos: ['movimiento_suelo', 'agro'] });
    expect(chargedUnits('score', result)).toBe(1);
    if (!result.disponible) throw new Error('unreachable');
    expect(result.puntuacion).toBeCloseTo((35 * solarScore + 25 * 100) / 60, 1);
  });

  it('PVGIS down: the score goes on without solar', async () => {
    pvgis.failNext(503, 5);
    // A point outside the first test's cache cell, still outside every ZEPA.
    const result = await service.score(squareParcel(-3.6838, 40.4168, 'ES', { clase: 'Urbano' }));
    pvgis.failNext(0, 0);
    expect(result).toMatchObject({ disponible: true, puntuacion: 100, sin_datos: ['solar', 'movimiento_suelo', 'agro'] });
  });

  it('nothing known (no layers, PVGIS has no data, urban): disponible false', async () => {
    const empty = new AnalysisService({
      tables: new AnalysisTables(openDatabase(':memory:')),
      http: new UpstreamClient({ retries: 0 }),
      config: { pvgisBaseUrl: pvgis.baseUrl },
    });
    const result = await empty.score(squareParcel(-3.5, 35.95, 'ES', { clase: 'Urbano' }));
    expect(result).toMatchObject({ disponible: false });
    expect(chargedUnits('score', result)).toBe(0); // spec Limits: a /score without data is free
    await expect(empty.score(squareParcel(19, 47.5, 'UK'))).rejects.toMatchObject({ code: 'CNV_COVERAGE' });
  });
});

describe('parcels without a usable outline', () => {
  const service = new AnalysisService({ tables: new AnalysisTables(openDatabase(':memory:')), http: new UpstreamClient({ retries: 0 }) });
  const noOutline = {
    ...squareParcel(-3.7, 40.4, 'ES'),
    poligono: [
      [-3.7, 40.4],
      [-3.7, 40.4],
    ] as [number, number][],
  };
  const bowtie = {
    ...squareParcel(-3.7, 40.4, 'ES'),
    poligono: [
      [-3.7, 40.4],
      [-3.69, 40.41],
      [-3.69, 40.4],
      [-3.7, 40.41],
      [-3.7, 40.4],
    ] as [number, number][],
  };

  it('terrain and ground motion answer 400 VALIDATION_ERROR, not a crash', () => {
    expect(() => service.terrain(noOutline)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(() => service.groundMotion(noOutline)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  it('a self-intersecting outline is measured without throwing', () => {
    expect(service.terrain(bowtie).protected_areas.status).toBe('no_data');
    expect(service.groundMotion(bowtie).status).toBe('no_data');
  });
});
