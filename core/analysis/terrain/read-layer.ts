import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import proj4 from 'proj4';
import * as shapefile from 'shapefile';
import { epsgFromSrsName, isSupportedEpsg, toWgs84 } from '../../geo/crs.js';
import { validationError, type LonLat } from '../../model/index.js';
import { polygonsOf, project, type LayerFeature, type Reproject } from './layer-feature.js';
import { readGeoPackage } from './read-geopackage.js';

export type { LayerFeature } from './layer-feature.js';

export interface ReadLayerOptions {
  /** GeoPackage only: the feature table to read (default: every feature table). */
  layer?: string;
}

/**
 * Largest GeoJSON read, after decompression. GeoJSON is parsed whole (JSON.parse), so this
 * bounds the memory of an import; a `.geojson.gz` bomb (1.6 MB growing to 3.4 GB) stops here.
 * Larger layers come as GeoPackage or shapefile, which are read feature by feature.
 */
export const GEOJSON_MAX_BYTES = 256 * 1024 * 1024;

/** The file's bytes (inflated when `.gz`), streamed, refused as soon as they pass `maxBytes`. */
async function readCapped(file: string, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > maxBytes) {
        return done(
          validationError(
            `${basename(file)} is larger than ${maxBytes / 1024 / 1024} MB of GeoJSON${file.endsWith('.gz') ? ' once decompressed' : ''}; refused. Import large layers as GeoPackage (.gpkg) or shapefile (.shp).`,
          ),
        );
      }
      chunks.push(chunk);
      done();
    },
  });
  try {
    if (file.endsWith('.gz')) await pipeline(createReadStream(file), createGunzip(), collect);
    else await pipeline(createReadStream(file), collect);
  } catch (error) {
    if ((error as { code?: string }).code === 'VALIDATION_ERROR') throw error;
    throw validationError(`${basename(file)} could not be read: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks);
}

/** GeoJSON (.geojson/.json, optionally .gz): the legacy `crs` member names the CRS (qgis2web writes EPSG:3857); RFC 7946 default WGS84. */
async function* readGeoJson(file: string, maxBytes = GEOJSON_MAX_BYTES): AsyncGenerator<LayerFeature> {
  const text = (await readCapped(file, maxBytes)).toString('utf8');
  let doc: { type?: string; crs?: { properties?: { name?: string } }; features?: unknown[] };
  try {
    doc = JSON.parse(text);
  } catch {
    throw validationError(`${file} is not valid JSON.`);
  }
  if (doc.type !== 'FeatureCollection' || !Array.isArray(doc.features)) throw validationError(`${file} is not a GeoJSON FeatureCollection.`);
  const srs = doc.crs?.properties?.name;
  const epsg = srs ? (epsgFromSrsName(srs) ?? (/CRS84$/i.test(srs) ? 4326 : undefined)) : 4326;
  if (epsg === undefined || !isSupportedEpsg(epsg)) throw validationError(`${file}: unsupported CRS ${srs}.`);
  const reproject: Reproject = (x, y) => toWgs84(epsg, x, y);
  for (const feature of doc.features as { properties?: Record<string, unknown>; geometry?: { type: string; coordinates: unknown } }[]) {
    yield { properties: feature.properties ?? {}, polygons: project(polygonsOf(feature.geometry ?? null), reproject) };
  }
}

/** Shapefile, streamed: the `.prj` WKT goes to proj4 as is; `.cpg` names the attribute encoding. */
async function* readShapefile(file: string): AsyncGenerator<LayerFeature> {
  const base = file.replace(/\.shp$/i, '');
  const prj = existsSync(`${base}.prj`) ? readFileSync(`${base}.prj`, 'utf8') : undefined;
  const cpg = existsSync(`${base}.cpg`) ? readFileSync(`${base}.cpg`, 'utf8').trim() : undefined;
  let reproject: Reproject = (x, y) => [x, y];
  if (prj && !/^GEOGCS\[.*(WGS_?84|WGS 1984)/i.test(prj)) {
    const converter = proj4(prj, 'EPSG:4326');
    reproject = (x, y) => converter.forward([x, y]) as LonLat;
  }
  const source = await shapefile.open(file, `${base}.dbf`, { encoding: cpg || 'windows-1252' });
  try {
    for (;;) {
      const record = await source.read();
      if (record.done) break;
      const feature = record.value as { properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } | null };
      yield { properties: feature.properties, polygons: project(polygonsOf(feature.geometry), reproject) };
    }
  } finally {
    // A reader stopping early (layerFields reads one feature) must not leave the .shp/.dbf open.
    await source.cancel();
  }
}

type LayerFormat = 'gpkg' | 'shp' | 'geojson';

/** The format a layer file is read as, from its name; refuses other files and a layer name for anything but a GeoPackage. */
export function layerFormat(file: string, options: ReadLayerOptions = {}): LayerFormat {
  if (/\.gpkg$/i.test(file)) return 'gpkg';
  // Only a GeoPackage holds several layers: a layer name given for any other file is a mistake.
  if (options.layer !== undefined) throw validationError(`${file}: a layer name (${options.layer}) only applies to a GeoPackage (.gpkg).`);
  if (/\.shp$/i.test(file)) return 'shp';
  if (/\.(geo)?json(\.gz)?$/i.test(file)) return 'geojson';
  throw validationError(`${file}: protected areas are imported from GeoJSON (.geojson, .json, optionally .gz), shapefile (.shp) or GeoPackage (.gpkg).`);
}

/** Features of a protected-area layer in WGS84. */
export function readLayer(file: string, options: ReadLayerOptions = {}): AsyncGenerator<LayerFeature> {
  switch (layerFormat(file, options)) {
    case 'gpkg':
      return readGeoPackage(file, options);
    case 'shp':
      return readShapefile(file);
    case 'geojson':
      return readGeoJson(file);
  }
}
