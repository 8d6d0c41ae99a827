import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fixture } from '../../helpers/paths.js';

/**
 * GeoPackages for the tests, written by GDAL's ogr2ogr from the real Madrid Natura 2000 layers
 * (test/fixtures/analysis, PROVENANCE.md). No real .gpkg can be committed or downloaded, and
 * GDAL is an independent GeoPackage writer, so reading its output is not a circular test.
 */
const analysisDir = fixture('analysis');
export const ZEPA = path.join(analysisDir, 'es_madrid_zepa_qgis2web_3857.geojson');
export const ZEC = path.join(analysisDir, 'es_madrid_zec_qgis2web_3857.geojson.gz');
/** Layer names GDAL gives the two GeoJSON files (ogrinfo), needed in -sql. */
const ZEPA_LAYER = 'lyr_zepascomunidaddemadrid';

export const hasOgr2ogr = spawnSync('ogr2ogr', ['--version']).status === 0;
export const noOgr2ogrReason = 'GeoPackage tests skipped: ogr2ogr not found (install GDAL, Debian package gdal-bin).';

export function ogr2ogr(...args: string[]): void {
  execFileSync('ogr2ogr', args, { stdio: 'pipe' });
}

export interface GpkgVariant {
  /** What the variant exercises. */
  label: string;
  file: string;
  /** The GeoJSON it was written from, and that file's site-code field. */
  source: string;
  sourceCode: string;
  /** Site-code field in the GeoPackage. */
  code: string;
  args: (out: string) => string[];
}

const eeaSql = `SELECT CD_ZEPA AS SITECODE, DS_ZEPA AS SITENAME, 'A' AS SITETYPE FROM ${ZEPA_LAYER}`;

export const VARIANTS: GpkgVariant[] = [
  {
    label: 'Madrid ZEPA fields, EPSG:25830 (known EPSG code)',
    file: 'zepa_25830.gpkg',
    source: ZEPA,
    sourceCode: 'CD_ZEPA',
    code: 'CD_ZEPA',
    args: (out) => ['-f', 'GPKG', out, ZEPA, '-t_srs', 'EPSG:25830', '-nln', 'zepa'],
  },
  {
    label: 'EEA fields, EPSG:3035 like the EEA release',
    file: 'natura_eea_3035.gpkg',
    source: ZEPA,
    sourceCode: 'CD_ZEPA',
    code: 'SITECODE',
    args: (out) => ['-f', 'GPKG', out, ZEPA, '-t_srs', 'EPSG:3035', '-nln', 'NaturaSite_polygon', '-sql', eeaSql],
  },
  {
    label: 'EEA fields, EPSG:3035, MULTIPOLYGON',
    file: 'natura_eea_3035_multi.gpkg',
    source: ZEPA,
    sourceCode: 'CD_ZEPA',
    code: 'SITECODE',
    args: (out) => ['-f', 'GPKG', out, ZEPA, '-t_srs', 'EPSG:3035', '-nln', 'NaturaSite_polygon', '-nlt', 'MULTIPOLYGON', '-sql', eeaSql],
  },
  {
    // Not in core/geo/crs.ts: converted from the srs WKT; its axis order is northing first.
    label: 'Madrid ZEPA fields, EPSG:3042 (WKT definition, N-E axis order)',
    file: 'zepa_3042.gpkg',
    source: ZEPA,
    sourceCode: 'CD_ZEPA',
    code: 'CD_ZEPA',
    args: (out) => ['-f', 'GPKG', out, ZEPA, '-t_srs', 'EPSG:3042', '-nln', 'zepa'],
  },
  {
    label: 'Madrid ZEC fields, EPSG:4326, MultiPolygon Z',
    file: 'zec_4326_z.gpkg',
    source: ZEC,
    sourceCode: 'CD_ZEC_COD',
    code: 'CD_ZEC_COD',
    args: (out) => ['-f', 'GPKG', out, `/vsigzip/${ZEC}`, '-t_srs', 'EPSG:4326', '-dim', 'XYZ', '-nln', 'zec'],
  },
];

export function buildVariant(dir: string, variant: GpkgVariant): string {
  const out = path.join(dir, variant.file);
  ogr2ogr(...variant.args(out));
  return out;
}
