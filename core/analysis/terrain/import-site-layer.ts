import { basename } from 'node:path';
import { todayIso, validationError, type SiteRegister } from '../../model/index.js';
import type { AnalysisTables } from '../../store/analysis-tables.js';
import type { SourceInfo } from '../types.js';
import type { SourceDefaults } from './field-mapping.js';
import { ProtectedAreaWriter, type SiteRecord } from './protected-area-writer.js';
import { readLayerInWorker } from './read-layer-in-worker.js';

/** Options every site-layer import takes, whichever register it feeds. */
export interface SiteLayerOptions {
  /** GeoPackage only: the feature table to import (default: every feature table). */
  layer?: string;
  source?: Partial<SourceInfo>;
  onProgress?: (progress: { file: string; sites: number }) => void;
}

/** How one register reads a layer's attributes. */
export interface SiteLayerReader {
  /** Sees the first feature's attributes before anything is written: checks the field layout, may name the source. */
  begin(properties: Record<string, unknown>): { register: SiteRegister; defaults?: SourceDefaults };
  /** One feature's site, without its polygons; throws a validationError for a feature it cannot place. */
  site(properties: Record<string, unknown>): Omit<SiteRecord, 'polygons'>;
}

/**
 * Imports a site layer (GeoJSON incl. .gz, shapefile or GeoPackage) in ONE transaction: a layer
 * we cannot read must not be half-imported. Re-importing a file (same base name) replaces the
 * sites it brought before, whichever register they were in.
 */
export async function importSiteLayer(
  tables: AnalysisTables,
  file: string,
  reader: SiteLayerReader,
  options: SiteLayerOptions = {},
): Promise<{ sites: number }> {
  const today = todayIso();
  return tables.importTransaction(async (layerWriter) => {
    const writer = new ProtectedAreaWriter(layerWriter);
    let datasetId: number | undefined;
    let sites = 0;
    for await (const feature of readLayerInWorker(file, { layer: options.layer })) {
      if (datasetId === undefined) {
        const { register, defaults } = reader.begin(feature.properties);
        datasetId = writer.dataset(
          basename(file),
          {
            name: options.source?.name ?? defaults?.name ?? basename(file),
            license: options.source?.license ?? defaults?.license ?? 'not stated',
            edition: options.source?.edition ?? `imported ${today}`,
          },
          register,
        );
      }
      const site = reader.site(feature.properties);
      if (feature.polygons.length === 0) throw validationError(`${basename(file)}: site ${site.code} has no polygon geometry.`);
      writer.site(datasetId, { ...site, polygons: feature.polygons });
      sites++;
      options.onProgress?.({ file, sites });
    }
    if (datasetId === undefined) throw validationError(`${basename(file)} holds no features.`);
    writer.finish(datasetId, sites);
    return { sites };
  });
}
