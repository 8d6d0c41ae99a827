import { basename } from 'node:path';
import type { Database } from 'better-sqlite3';
import { validationError } from '../../model/index.js';
import { inImportTransaction } from '../import-transaction.js';
import type { SourceInfo } from '../types.js';
import { detectPreset, siteTypes, type FieldMapping } from './field-mapping.js';
import { ProtectedAreaWriter } from './protected-area-writer.js';
import { readLayer } from './read-layer.js';

export interface ProtectedAreaImportOptions {
  /** Field names of the layer; detected from the known layouts (EEA, Madrid ZEPA/ZEC) when omitted. */
  mapping?: FieldMapping;
  /** GeoPackage only: the feature table to import (default: every feature table). */
  layer?: string;
  source?: Partial<SourceInfo>;
  onProgress?: (progress: { file: string; sites: number }) => void;
}

/**
 * Imports a protected-area layer (GeoJSON incl. .gz, shapefile or GeoPackage) in one transaction. Each
 * feature becomes a site; its country is the site code's prefix (Natura 2000 codes start with
 * the member state, e.g. ES0000139). Features without a code or polygons are refused: a layer
 * we cannot read must not be half-imported.
 */
export async function importProtectedAreas(db: Database, file: string, options: ProtectedAreaImportOptions = {}): Promise<{ sites: number }> {
  const today = new Date().toISOString().slice(0, 10);
  return inImportTransaction(db, async (conn) => {
    const writer = new ProtectedAreaWriter(conn);
    let mapping = options.mapping;
    let datasetId: number | undefined;
    let sites = 0;
    for await (const feature of readLayer(file, { layer: options.layer })) {
      if (!mapping || datasetId === undefined) {
        const preset = detectPreset(feature.properties);
        mapping ??= preset?.mapping;
        if (!mapping) throw validationError(`${basename(file)}: unknown field layout (${Object.keys(feature.properties).join(', ')}); give a field mapping.`);
        datasetId = writer.dataset(basename(file), {
          name: options.source?.name ?? preset?.source.name ?? basename(file),
          license: options.source?.license ?? preset?.source.license ?? 'not stated',
          edition: options.source?.edition ?? `imported ${today}`,
        });
      }
      const code = String(feature.properties[mapping.code] ?? '').trim();
      if (!code) throw validationError(`${basename(file)}: a feature has no ${mapping.code}.`);
      if (feature.polygons.length === 0) throw validationError(`${basename(file)}: site ${code} has no polygon geometry.`);
      writer.site(datasetId, {
        code,
        name: String(feature.properties[mapping.name] ?? '').trim(),
        types: siteTypes(mapping, feature.properties),
        country: code.slice(0, 2).toUpperCase(),
        polygons: feature.polygons,
      });
      sites++;
      options.onProgress?.({ file, sites });
    }
    if (datasetId === undefined) throw validationError(`${basename(file)} holds no features.`);
    writer.finish(datasetId, sites);
    return { sites };
  });
}
