import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pointOnFeature } from '@turf/turf';
import proj4 from 'proj4';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalysisService } from '../../../core/analysis/analysis-service.js';
import { AnalysisTables } from '../../../core/store/analysis-tables.js';
import { openDatabase } from '../../../core/store/db.js';
import type { Parcel } from '../../../core/model/index.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { analysisDir, independentSites, sampledOverlapPct, ZEC, ZEPA } from './madrid-layers.js';
import { squareParcel } from './parcels.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('terrain: Madrid ZEPA/ZEC layers imported, overlap measured on the real geometries', () => {
  const sites = independentSites();
  const elPardo = sites.find((s) => s.code === 'ES0000011')!;
  let service: AnalysisService;
  let dbFile: string;

  beforeAll(async () => {
    dbFile = path.join(tempDir('analysis-terrain-'), 'copy.sqlite');
    const db = openDatabase(dbFile);
    service = new AnalysisService({ tables: new AnalysisTables(db), http: new UpstreamClient() });
    expect(await service.importProtectedAreas(ZEPA)).toEqual({ sites: 7 });
    expect(await service.importProtectedAreas(ZEC)).toEqual({ sites: 7 });
  });

  function expectMatchesSampling(parcel: Parcel) {
    const result = service.terrain(parcel).protected_areas;
    for (const site of sites) {
      const sampled = sampledOverlapPct(parcel, site.geometry);
      const reported = result.natura2000.find((n) => n.code === site.code)?.overlap_pct ?? 0;
      expect(Math.abs(reported - sampled), site.code).toBeLessThan(1.5);
    }
    return result;
  }

  it('a parcel well inside Monte de El Pardo (SPA) is inside, 100 %', () => {
    const [lon, lat] = pointOnFeature(elPardo.geometry).geometry.coordinates;
    const parcel = squareParcel(lon, lat, 'ES');
    expect(sampledOverlapPct(parcel, elPardo.geometry)).toBe(100);
    const result = expectMatchesSampling(parcel);
    expect(result).toMatchObject({ status: 'ok', intersects: true, inside: true, max_overlap_pct: 100, method: 'parcel', national: [] });
    expect(result.natura2000.find((n) => n.code === 'ES0000011')).toMatchObject({ name: 'Monte de El Pardo', type: 'SPA', country: 'ES', overlap_pct: 100 });
    expect(result.sources.map((s) => s.name)).toEqual(['Comunidad de Madrid, Red Natura 2000: ZEPA', 'Comunidad de Madrid, Red Natura 2000: ZEC']);
  });

  it('a parcel across the edge of El Pardo overlaps partly, as an independent point count says', () => {
    const ring = (elPardo.geometry as GeoJSON.Polygon).coordinates[0];
    const [lon, lat] = ring[Math.floor(ring.length / 3)];
    const parcel = squareParcel(lon, lat, 'ES', {}, 0.002);
    const sampled = sampledOverlapPct(parcel, elPardo.geometry);
    expect(sampled).toBeGreaterThan(5);
    expect(sampled).toBeLessThan(95);
    const result = expectMatchesSampling(parcel);
    expect(result.intersects).toBe(true);
    // Inside only if some other site (the ZEC around El Pardo) covers the whole square.
    expect(result.inside).toBe(sites.some((s) => sampledOverlapPct(parcel, s.geometry) === 100));
    expect(result.natura2000.find((n) => n.code === 'ES0000011')!.overlap_pct).toBeLessThan(95);
    expect(result.natura2000.some((n) => n.code === 'ES0000011' && n.type === 'SPA')).toBe(true);
  });

  it('a parcel at Puerta del Sol meets no site', () => {
    const parcel = squareParcel(-3.7038, 40.4168, 'ES');
    const result = expectMatchesSampling(parcel);
    expect(result).toMatchObject({ status: 'ok', intersects: false, inside: false, max_overlap_pct: 0, natura2000: [] });
  });

  it('a self-intersecting (bow-tie) outline over El Pardo is measured without throwing', () => {
    const [lon, lat] = pointOnFeature(elPardo.geometry).geometry.coordinates;
    const d = 0.0005;
    const bowtie = {
      ...squareParcel(lon, lat, 'ES'),
      poligono: [
        [lon - d, lat - d],
        [lon + d, lat + d],
        [lon + d, lat - d],
        [lon - d, lat + d],
        [lon - d, lat - d],
      ] as [number, number][],
    };
    const result = service.terrain(bowtie).protected_areas;
    expect(result.intersects).toBe(true);
    expect(result.max_overlap_pct).toBeGreaterThan(0);
    expect(result.max_overlap_pct).toBeLessThanOrEqual(100);
  });

  it('re-importing a layer replaces it; a broken file answers 400 and changes nothing', async () => {
    expect(await service.importProtectedAreas(ZEPA)).toEqual({ sites: 7 });
    const broken = path.join(path.dirname(dbFile), 'broken.geojson');
    writeFileSync(broken, readFileSync(ZEPA, 'utf8').slice(0, 50_000));
    await expect(service.importProtectedAreas(broken)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const overlay = service.protectedAreasInBBox([-3.9, 40.4, -3.6, 40.6], 100);
    expect(new Set(overlay.features.map((f) => f.properties!.code))).toContain('ES0000011');
    expect(service.terrain(squareParcel(...(pointOnFeature(elPardo.geometry).geometry.coordinates as [number, number]), 'ES')).protected_areas.inside).toBe(
      true,
    );
  });

  it('a shapefile layer is reprojected from its .prj (real SIGPAC recintos, EPSG:25830, with a field mapping)', async () => {
    const shp = path.join(analysisDir, 'es_sigpac_andalucia_sp22_REC_41086/sp22_REC_41086.shp');
    const result = await service.importProtectedAreas(shp, {
      mapping: { code: 'ID_RECINTO', name: 'CD_USO', fixedTypes: ['SCI'] },
      source: { name: 'test layer' },
    });
    expect(result.sites).toBe(49);
    // First recinto's first vertex, converted independently with proj4 (UTM 30N, ETRS89).
    const toWgs = proj4('+proj=utm +zone=30 +ellps=GRS80 +units=m +no_defs', 'EPSG:4326');
    const [lon, lat] = toWgs.forward([232322.80709609302, 4141106.14035002]);
    const overlay = service.protectedAreasInBBox([lon - 0.001, lat - 0.001, lon + 0.001, lat + 0.001], 100);
    expect(overlay.features.some((f) => f.properties!.code === '1485457638')).toBe(true);
  });
});

describe('terrain without data and outside coverage', () => {
  const service = new AnalysisService({ tables: new AnalysisTables(openDatabase(':memory:')), http: new UpstreamClient() });
  it('no layer imported: status no_data, nothing claimed', () => {
    expect(service.terrain(squareParcel(-3.7, 40.4, 'ES')).protected_areas).toMatchObject({
      status: 'no_data',
      intersects: false,
      natura2000: [],
      sources: [],
    });
  });
  it('422 CNV_COVERAGE for NL', () => {
    expect(() => service.terrain(squareParcel(5.1, 52.1, 'NL'))).toThrow(expect.objectContaining({ code: 'CNV_COVERAGE' }));
  });
});
