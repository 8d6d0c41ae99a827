import { COUNTRY_CODES } from './countries.js';

/**
 * Hazard layers the analyses read, imported from files (CLI `import-layers`, the desktop app).
 * Shared with the renderer, so the desktop UI offers the same kinds, file types and countries
 * the core accepts.
 */
export const HAZARD_LAYER_KINDS = ['protected-areas', 'ground-motion', 'designated-areas'] as const;
export type HazardLayerKind = (typeof HAZARD_LAYER_KINDS)[number];

/** File extensions of each kind, as a file dialog filters them (`.gz` stands for `.geojson.gz`/`.json.gz`). */
export const HAZARD_LAYER_EXTENSIONS: Record<HazardLayerKind, readonly string[]> = {
  'protected-areas': ['geojson', 'json', 'gz', 'shp', 'gpkg'],
  'designated-areas': ['geojson', 'json', 'gz', 'shp', 'gpkg'],
  'ground-motion': ['zip'],
};

/** Files a shapefile is read with, beside its .shp: picked with it where the files are sent (a browser's upload). */
export const SHAPEFILE_SIDECAR_EXTENSIONS: readonly string[] = ['dbf', 'shx', 'prj', 'cpg'];

/**
 * Countries a site code may start with: the app's country codes except PV and NA, which here
 * are Spanish regions with cadastres of their own, not countries (their sites are ES…).
 */
export const SITE_COUNTRIES: readonly string[] = COUNTRY_CODES.filter((c) => c !== 'PV' && c !== 'NA');

/** Field names of a national designated-areas layer: code, name, and a designation field or one text for the layer. */
export interface HazardLayerMapping {
  code?: string;
  name?: string;
  designationField?: string;
  designation?: string;
}

export interface HazardLayerImportRequest {
  kind: HazardLayerKind;
  files: string[];
  /** designated-areas only (required there). */
  mapping?: HazardLayerMapping;
  /** designated-areas only: country of every site, else each code's first two letters. */
  country?: string;
  /** GeoPackage only: the feature table to import (default: every feature table). */
  layer?: string;
}

/** What one imported file brought: sites (protected, designated areas) or cells (ground motion). */
export interface HazardLayerResult {
  file: string;
  kind: HazardLayerKind;
  count: number;
}

/** Progress of one file of a hazard-layer import (`index` counts from 1). */
export interface HazardLayerProgress extends HazardLayerResult {
  index: number;
  total: number;
}

/**
 * Desktop app: files picked in the OS dialog for one kind. The paths stay in the main process;
 * the renderer gets an id to import them by, their base names, and the first layer's fields.
 */
export interface PickedLayerFiles {
  selection: string;
  kind: HazardLayerKind;
  files: string[];
  /** Attribute names of the first file's first feature (designated areas only; else empty). */
  fields: string[];
}
