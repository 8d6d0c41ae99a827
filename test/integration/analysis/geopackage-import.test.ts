import path from 'node:path';
import { area, length, lineString, pointOnFeature, polygon as turfPolygon } from '@turf/turf';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalysisService } from '../../../core/analysis/analysis-service.js';
import { AnalysisTables } from '../../../core/store/analysis-tables.js';
import { openDatabase } from '../../../core/store/db.js';
import { readLayer, type LayerFeature } from '../../../core/analysis/terrain/read-layer.js';
import type { LonLat } from '../../../core/model/index.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { buildVariant, hasOgr2ogr, noOgr2ogrReason, ogr2ogr, VARIANTS, ZEC, ZEPA } from './gpkg-fixtures.js';
import { squareParcel } from './parcels.js';
import { tempDir } from '../../helpers/temp-dir.js';

if (!hasOgr2ogr) console.warn(noOgr2ogrReason);

/**
 * Tolerance for a vertex read from the GeoPackage against the same vertex of the GeoJSON import:
 * 1e-7° (≈ 1.1 cm). Both paths are exact projections on the same ellipsoid with no datum shift
 * (ETRS89 = WGS84 here), so they differ only by floating point and projection formulas
 * (measured: ≈ 1e-14° for UTM and 4326, 1.6e-9° ≈ 0.2 mm for EPSG:3035, where PROJ's and
 * proj4js's LAEA differ); 1e-7° is the storage rounding of the writer (round7), the precision
 * the sites are kept at anyway.
 */
const VERTEX_TOLERANCE_DEG = 1e-7;
/** A boundary shifted by at most 2 × 1.1 cm changes a site's area by at most perimeter × 0.022 m. */
const AREA_TOLERANCE_M_PER_M = 0.022;

async function featuresOf(file: string, options: { layer?: string } = {}): Promise<LayerFeature[]> {
  const features: LayerFeature[] = [];
  for await (const feature of readLayer(file, options)) features.push(feature);
  return features;
}

function newService(dir: string, name: string): { service: AnalysisService; db: Database.Database } {
  const db = openDatabase(path.join(dir, `${name}.sqlite`));
  return { service: new AnalysisService({ tables: new AnalysisTables(db), http: new UpstreamClient() }), db };
}

/** Stored area (m², geodesic) per site code: the sum of its pieces, which tile the site. */
function storedAreas(db: Database.Database): Map<string, number> {
  const rows = db.prepare('SELECT s.code, p.rings FROM analysis_pa_parts p JOIN analysis_pa_sites s ON s.id = p.site_id').all() as {
    code: string;
    rings: string;
  }[];
  const areas = new Map<string, number>();
  for (const row of rows) areas.set(row.code, (areas.get(row.code) ?? 0) + area(turfPolygon(JSON.parse(row.rings) as LonLat[][])));
  return areas;
}

const perimeterM = (feature: LayerFeature) => feature.polygons.flat().reduce((sum, ring) => sum + length(lineString(ring), { units: 'meters' }), 0);

describe.skipIf(!hasOgr2ogr)('protected areas from GeoPackage (written by GDAL ogr2ogr from the real Madrid ZEPA/ZEC layers)', () => {
  const dir = tempDir('analysis-gpkg-');
  const files = new Map<string, string>();
  const reference = new Map<string, LayerFeature[]>();
  let geojson: { service: AnalysisService; db: Database.Database };

  beforeAll(async () => {
    for (const variant of VARIANTS) files.set(variant.file, buildVariant(dir, variant));
    reference.set(ZEPA, await featuresOf(ZEPA));
    reference.set(ZEC, await featuresOf(ZEC));
    geojson = newService(dir, 'from-geojson');
    expect(await geojson.service.importProtectedAreas(ZEPA)).toEqual({ sites: 7 });
    expect(await geojson.service.importProtectedAreas(ZEC)).toEqual({ sites: 7 });
  });

  it.each(VARIANTS)('reader: $label gives the GeoJSON features, vertex by vertex', async (variant) => {
    const expected = reference.get(variant.source)!;
    const actual = await featuresOf(files.get(variant.file)!);
    expect(actual.map((f) => f.properties[variant.code])).toEqual(expected.map((f) => f.properties[variant.sourceCode]));
    let worst = 0;
    actual.forEach((feature, i) => {
      const want = expected[i].polygons;
      expect(feature.polygons.map((rings) => rings.map((ring) => ring.length))).toEqual(want.map((rings) => rings.map((ring) => ring.length)));
      feature.polygons.forEach((rings, p) =>
        rings.forEach((ring, r) =>
          ring.forEach(([lon, lat], v) => {
            worst = Math.max(worst, Math.abs(lon - want[p][r][v][0]), Math.abs(lat - want[p][r][v][1]));
          }),
        ),
      );
    });
    expect(worst).toBeLessThan(VERTEX_TOLERANCE_DEG);
  });

  it.each(VARIANTS)('import: $label stores the same sites and areas as the GeoJSON import', async (variant) => {
    const gpkg = newService(dir, `import-${variant.file}`);
    const expected = reference.get(variant.source)!;
    expect(await gpkg.service.importProtectedAreas(files.get(variant.file)!)).toEqual({ sites: expected.length });
    const codes = (gpkg.db.prepare('SELECT code FROM analysis_pa_sites ORDER BY code').all() as { code: string }[]).map((r) => r.code);
    expect(codes).toEqual(expected.map((f) => String(f.properties[variant.sourceCode])).sort());
    const areas = storedAreas(gpkg.db);
    const want = storedAreas(geojson.db);
    for (const feature of expected) {
      const code = String(feature.properties[variant.sourceCode]);
      expect(Math.abs(areas.get(code)! - want.get(code)!), code).toBeLessThan(perimeterM(feature) * AREA_TOLERANCE_M_PER_M);
    }
    gpkg.db.close();
  });

  it('terrain: parcels inside and across the edge of Monte de El Pardo get the same answer from GeoPackage and GeoJSON', async () => {
    const eea = newService(dir, 'terrain-eea');
    await eea.service.importProtectedAreas(files.get('natura_eea_3035_multi.gpkg')!);
    await eea.service.importProtectedAreas(files.get('zec_4326_z.gpkg')!);
    const pardo = reference.get(ZEPA)!.find((f) => f.properties.CD_ZEPA === 'ES0000011')!;
    const outer = turfPolygon(pardo.polygons[0]);
    const [lon, lat] = pointOnFeature(outer).geometry.coordinates;
    const ring = pardo.polygons[0][0];
    const [edgeLon, edgeLat] = ring[Math.floor(ring.length / 3)];
    const parcels = [squareParcel(lon, lat, 'ES'), squareParcel(edgeLon, edgeLat, 'ES', {}, 0.002)];

    const inside = eea.service.terrain(parcels[0]).protected_areas;
    expect(inside).toMatchObject({ status: 'ok', intersects: true, inside: true, max_overlap_pct: 100 });
    expect(inside.natura2000.find((n) => n.code === 'ES0000011')).toMatchObject({ name: 'Monte de El Pardo', type: 'SPA', country: 'ES', overlap_pct: 100 });
    // The EEA field layout was detected: its source name, not the regional one.
    expect(inside.sources.map((s) => s.name)).toEqual(['Natura 2000 (European Environment Agency)', 'Comunidad de Madrid, Red Natura 2000: ZEC']);

    for (const parcel of parcels) {
      const fromGpkg = eea.service.terrain(parcel).protected_areas;
      const fromGeoJson = geojson.service.terrain(parcel).protected_areas;
      expect({ ...fromGpkg, natura2000: [], sources: [] }).toEqual({ ...fromGeoJson, natura2000: [], sources: [] });
      expect(fromGpkg.natura2000.map(({ overlap_pct: _, ...site }) => site)).toEqual(fromGeoJson.natura2000.map(({ overlap_pct: _, ...site }) => site));
      // overlap_pct is rounded to 0.01: a centimetre shift of a boundary may flip the last digit.
      fromGpkg.natura2000.forEach((site, i) => expect(Math.abs(site.overlap_pct - fromGeoJson.natura2000[i].overlap_pct)).toBeLessThanOrEqual(0.0100001));
    }
    const edge = eea.service.terrain(parcels[1]).protected_areas.natura2000.find((n) => n.code === 'ES0000011')!;
    expect(edge.overlap_pct).toBeGreaterThan(5);
    expect(edge.overlap_pct).toBeLessThan(95);
    eea.db.close();
  });

  it('layer option: a GeoPackage with two feature tables is read whole, or one table by name', async () => {
    const two = path.join(dir, 'madrid_natura.gpkg');
    ogr2ogr('-f', 'GPKG', two, ZEPA, '-t_srs', 'EPSG:25830', '-nln', 'zepa');
    ogr2ogr('-update', two, `/vsigzip/${ZEC}`, '-t_srs', 'EPSG:25830', '-nln', 'zec');
    const all = await featuresOf(two);
    expect(all.map((f) => f.properties.CD_ZEC_COD ?? f.properties.CD_ZEPA)).toEqual([
      ...reference.get(ZEC)!.map((f) => f.properties.CD_ZEC_COD),
      ...reference.get(ZEPA)!.map((f) => f.properties.CD_ZEPA),
    ]);
    const { service, db } = newService(dir, 'layer-option');
    expect(await service.importProtectedAreas(two, { layer: 'zepa' })).toEqual({ sites: 7 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM analysis_pa_sites WHERE code LIKE 'ES0000%'").get()).toEqual({ n: 7 });
    await expect(service.importProtectedAreas(two, { layer: 'zepas' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('feature tables: zec, zepa'),
    });
    await expect(service.importProtectedAreas(ZEPA, { layer: 'zepa' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('only applies to a GeoPackage'),
    });
    db.close();
  });
});
