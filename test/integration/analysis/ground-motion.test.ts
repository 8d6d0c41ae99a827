import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import proj4 from 'proj4';
import yauzl from 'yauzl';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalysisService } from '../../../core/analysis/analysis-service.js';
import { AnalysisTables } from '../../../core/store/analysis-tables.js';
import { openDatabase } from '../../../core/store/db.js';
import { motionClass } from '../../../core/analysis/ground-motion/motion-class.js';
import type { LonLat, Parcel } from '../../../core/model/index.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { fixture } from '../../helpers/paths.js';
import { squareParcel } from './parcels.js';
import { tempDir } from '../../helpers/temp-dir.js';

const egmsDir = fixture('analysis/egms');
const U_ZIP = path.join(egmsDir, 'EGMS_L3_E45N17_100km_U_2020_2024_1.zip');
const E_ZIP = path.join(egmsDir, 'EGMS_L3_E45N17_100km_E_2020_2024_1.zip');

/** The whole CSV entry of a zip as text (yauzl; the importer streams it through csv-parse instead). */
async function csvText(zip: string): Promise<string> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(zip, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))));
  return new Promise((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('.csv')) return file.readEntry();
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => {
            file.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          })
          .on('error', reject);
      });
    });
    file.readEntry();
  });
}

/** The CSV read independently of the importer: whole text, a plain split on commas. */
function readCsv(text: string) {
  const [header, ...lines] = text.trim().split('\n');
  const names = header.split(',');
  const rows = lines.map((line) => line.split(','));
  const col = (name: string) => names.indexOf(name);
  const cells = new Map(rows.map((r) => [`${r[col('easting')]}:${r[col('northing')]}`, r]));
  return { names, cells, col, dates: names.filter((n) => /^\d{8}$/.test(n)) };
}

// EPSG:3035 as the EPSG registry defines it (ETRS89-extended / LAEA Europe).
const laea = proj4('+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 +ellps=GRS80 +units=m +no_defs', 'EPSG:4326');

/** A parcel whose outline is the 3035 rectangle [x0, x1] × [y0, y1]. */
function parcelFrom3035(x0: number, y0: number, x1: number, y1: number): Parcel {
  const ring = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ].map((p) => laea.forward(p) as LonLat);
  const [lon, lat] = laea.forward([(x0 + x1) / 2, (y0 + y1) / 2]);
  return { ...squareParcel(lon, lat, 'IT'), refCatastral: 'IT-USTICA-TEST', poligono: ring };
}

describe('ground motion: EGMS L3 tile E45N17 (Ustica) imported, statistics under a parcel', () => {
  let U: ReturnType<typeof readCsv>;
  let E: ReturnType<typeof readCsv>;
  let service: AnalysisService;
  let db: Database.Database;
  // A 2 × 2 block of cells present in both components: lower-left cell centre (e, n).
  let block: number[];

  beforeAll(async () => {
    U = readCsv(await csvText(U_ZIP));
    E = readCsv(await csvText(E_ZIP));
    block = [...U.cells.keys()]
      .map((k) => k.split(':').map(Number))
      .find(([e, n]) =>
        [
          [0, 0],
          [100, 0],
          [0, 100],
          [100, 100],
        ].every(([dx, dy]) => U.cells.has(`${e + dx}:${n + dy}`) && E.cells.has(`${e + dx}:${n + dy}`)),
      )!;
    const file = path.join(tempDir('analysis-egms-'), 'copy.sqlite');
    db = openDatabase(file);
    // The recorded tile is Italian (Ustica). Which countries are analysed comes from the country
    // adapters' coverage; this build may not have Italy's yet, and the statistics do not depend on it.
    service = new AnalysisService({ tables: new AnalysisTables(db), http: new UpstreamClient(), analysisCountries: ['ES', 'IT'] });
    expect(await service.importGroundMotion(U_ZIP)).toEqual({ cells: U.cells.size });
    expect(await service.importGroundMotion(E_ZIP)).toEqual({ cells: E.cells.size });
  });

  it('a parcel over 4 whole-ish cells: means, extremes, east-west, period, coverage as read from the CSV', () => {
    const [e, n] = block;
    // 5 m inside the block's edges: each of the 4 cells is covered by the same 95 m × 95 m.
    const result = service.groundMotion(parcelFrom3035(e - 45, n - 45, e + 145, n + 145));
    const keys = [
      [0, 0],
      [100, 0],
      [0, 100],
      [100, 100],
    ].map(([dx, dy]) => `${e + dx}:${n + dy}`);
    const uValues = (name: string) => keys.map((k) => Number(U.cells.get(k)![U.col(name)]));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b) / xs.length;
    const velocities = uValues('mean_velocity');
    const close = (actual: number, expected: number, tolerance = 0.051) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance);

    expect(result.status).toBe('ok');
    const gm = result.ground_motion!;
    expect(gm).toMatchObject({ cells_with_data: 4, cells_considered: 4, coverage_pct: 100, basis: 'parcel', cell_size_m: 100 });
    close(gm.vertical.mean_mm_year, mean(velocities));
    close(gm.vertical.max_subsidence_mm_year, Math.min(0, ...velocities));
    close(gm.vertical.max_uplift_mm_year, Math.max(0, ...velocities));
    close(gm.vertical.std_mm_year, mean(uValues('mean_velocity_std')));
    close(gm.vertical.acceleration_mm_year2, mean(uValues('acceleration')), 0.0051);
    close(gm.vertical.rmse_mm, mean(uValues('rmse_ts')));
    close(gm.east_west!.mean_mm_year, mean(keys.map((k) => Number(E.cells.get(k)![E.col('mean_velocity')]))));
    expect(gm.class).toBe(motionClass(mean(velocities)));
    expect(result.period).toEqual({ from: '2020-01', to: '2024-12', label: '2020-2024' });
    expect(result.source.resolution).toBe('100 m');
    expect(result.provenance).toContain('EGMS_L3_E45N17_100km_U_2020_2024_1.zip');

    // 2021 trend of the mean series, by the closed-form least-squares slope (days from ISO dates).
    const idx = U.dates.map((d, i) => [d, i] as const).filter(([d]) => d.startsWith('2021'));
    const xs = idx.map(([d]) => Date.parse(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T00:00:00Z`) / 86_400_000);
    const ys = idx.map(([, i]) => mean(keys.map((k) => Number(U.cells.get(k)![U.names.indexOf(U.dates[i])]))));
    const count = xs.length;
    const sx = xs.reduce((a, b) => a + b),
      sy = ys.reduce((a, b) => a + b);
    const sxy = xs.reduce((a, x, i) => a + x * ys[i], 0),
      sxx = xs.reduce((a, x) => a + x * x, 0);
    const slopePerDay = (count * sxy - sx * sy) / (count * sxx - sx * sx);
    close(gm.yearly_displacement.find((y) => y.year === 2021)!.mm, slopePerDay * 365.25, 0.06);
    expect(gm.yearly_displacement.map((y) => y.year)).toEqual([2020, 2021, 2022, 2023, 2024]);
  });

  it('worst class is the fastest cell; the most subsiding cell of the tile gives moderate subsidence', () => {
    const col = U.col('mean_velocity');
    const [k, row] = [...U.cells].reduce((a, b) => (Number(b[1][col]) < Number(a[1][col]) ? b : a));
    const [e, n] = k.split(':').map(Number);
    const result = service.groundMotion(parcelFrom3035(e - 40, n - 40, e + 40, n + 40));
    expect(result.ground_motion!.vertical.max_subsidence_mm_year).toBeCloseTo(Number(row[col]), 5);
    expect(result.ground_motion!.worst_class).toBe(Number(row[col]) <= -5 ? 'moderate_subsidence' : 'slight_subsidence');
  });

  it('no cell under the parcel (open sea off Ustica, or no tile at all): status no_data', () => {
    const inSea = service.groundMotion(parcelFrom3035(4590050, 1730050, 4590250, 1730250));
    expect(inSea.status).toBe('no_data');
    expect(inSea.ground_motion).toBeUndefined();
    expect(service.groundMotion(squareParcel(-3.7, 40.4, 'ES')).status).toBe('no_data');
  });

  it('map overlay returns cell squares with mean_velocity and east-west velocity', () => {
    const [e, n] = block;
    const [lon, lat] = laea.forward([e, n]);
    const overlay = service.groundMotionCellsInBBox([lon - 0.0005, lat - 0.0005, lon + 0.0005, lat + 0.0005], 50);
    const row = U.cells.get(`${e}:${n}`)!;
    const cell = overlay.features.find((f) => f.properties!.pid === row[U.col('pid')]);
    expect(cell).toBeDefined();
    expect(cell!.properties!.mean_velocity).toBe(Number(row[U.col('mean_velocity')]));
    expect(cell!.properties!.east_west_velocity).toBe(Number(E.cells.get(`${e}:${n}`)![E.col('mean_velocity')]));
  });

  it('a CSV without EGMS columns answers 400 and keeps the imported cells', async () => {
    const bad = path.join(tempDir('analysis-egms-bad-'), 'EGMS_L3_X_100km_U_2020_2024_1.csv');
    writeFileSync(bad, 'a,b,c\n1,2,3\n');
    await expect(service.importGroundMotion(bad)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const [e, n] = block;
    expect(service.groundMotion(parcelFrom3035(e - 45, n - 45, e + 145, n + 145)).status).toBe('ok');
  });

  it('a file that breaks after 100 good rows is rolled back whole (one transaction per file)', async () => {
    const text = await csvText(U_ZIP);
    const lines = text.split('\n');
    const broken = path.join(tempDir('analysis-egms-cut-'), 'EGMS_L3_E45N17_100km_U_2020_2024_1.csv');
    writeFileSync(broken, [...lines.slice(0, 101), 'cut,here'].join('\n'));
    const count = () => (db.prepare('SELECT count(*) AS n FROM analysis_gm_cells').get() as { n: number }).n;
    const before = count();
    await expect(service.importGroundMotion(broken)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(count()).toBe(before);
    expect(db.prepare('SELECT count(*) AS n FROM analysis_gm_tiles WHERE file = ?').get(path.basename(broken))).toEqual({ n: 0 });
  });

  it('422 CNV_COVERAGE outside the analysis countries', () => {
    expect(() => service.groundMotion(squareParcel(5.1, 52.1, 'NL'))).toThrow(expect.objectContaining({ code: 'CNV_COVERAGE' }));
  });
});

describe('motion classes (documented thresholds)', () => {
  it('±2 stable band, 5 and 10 mm/year steps', () => {
    expect([-12, -10, -7, -5, -3, -2, 0, 1.9, 2, 4, 6, 11].map(motionClass)).toEqual([
      'severe_subsidence',
      'severe_subsidence',
      'moderate_subsidence',
      'moderate_subsidence',
      'slight_subsidence',
      'slight_subsidence',
      'stable',
      'stable',
      'slight_uplift',
      'slight_uplift',
      'moderate_uplift',
      'severe_uplift',
    ]);
  });
});
