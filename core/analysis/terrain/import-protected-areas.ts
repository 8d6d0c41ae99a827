import { basename } from 'node:path';
import { validationError } from '../../model/index.js';
import { detectPreset, siteTypes, type FieldMapping } from './field-mapping.js';
import { importSiteLayer, type SiteLayerOptions } from './import-site-layer.js';
import type { AnalysisTables } from '../../store/analysis-tables.js';

export interface ProtectedAreaImportOptions extends SiteLayerOptions {
  /** Field names of the layer; detected from the known layouts (EEA, Madrid ZEPA/ZEC) when omitted. */
  mapping?: FieldMapping;
}

/**
 * Imports a Natura 2000 layer (GeoJSON incl. .gz, shapefile or GeoPackage) in one transaction.
 * Each feature becomes a site; its country is the site code's prefix (Natura 2000 codes start
 * with the member state, e.g. ES0000139). Features without a code or polygons are refused.
 */
export async function importProtectedAreas(tables: AnalysisTables, file: string, options: ProtectedAreaImportOptions = {}): Promise<{ sites: number }> {
  let mapping = options.mapping;
  return importSiteLayer(
    tables,
    file,
    {
      begin(properties) {
        const preset = detectPreset(properties);
        mapping ??= preset?.mapping;
        if (!mapping) throw validationError(`${basename(file)}: unknown field layout (${Object.keys(properties).join(', ')}); give a field mapping.`);
        return { register: 'natura2000', defaults: preset?.source };
      },
      site(properties) {
        const fields = mapping!;
        const code = String(properties[fields.code] ?? '').trim();
        if (!code) throw validationError(`${basename(file)}: a feature has no ${fields.code}.`);
        return {
          code,
          name: String(properties[fields.name] ?? '').trim(),
          types: siteTypes(fields, properties),
          country: code.slice(0, 2).toUpperCase(),
        };
      },
    },
    options,
  );
}
