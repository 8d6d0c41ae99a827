import { basename } from 'node:path';
import { validationError, type HazardLayerMapping } from '../../model/index.js';
import { checkCountry, checkDesignatedAreaMapping, countryOfCode, type CheckedDesignatedAreaMapping } from './designated-area-mapping.js';
import { importSiteLayer, type SiteLayerOptions } from './import-site-layer.js';
import type { AnalysisTables } from '../../store/analysis-tables.js';

export interface DesignatedAreaImportOptions extends SiteLayerOptions {
  /** Required: see designated-area-mapping.ts for why nothing is detected. */
  mapping?: HazardLayerMapping;
  /** Country of every site; when omitted, each site code's first two letters must name one. */
  country?: string;
}

/**
 * Imports a national designated-areas layer (any format readLayer reads) as a register of its
 * own, apart from Natura 2000, in one transaction. Its sites fill the terrain result's
 * `national` list.
 */
export async function importDesignatedAreas(tables: AnalysisTables, file: string, options: DesignatedAreaImportOptions = {}): Promise<{ sites: number }> {
  const name = basename(file);
  const country = checkCountry(options.country);
  let mapping: CheckedDesignatedAreaMapping | undefined;
  return importSiteLayer(
    tables,
    file,
    {
      begin(properties) {
        mapping = checkDesignatedAreaMapping(name, options.mapping ?? {}, properties);
        return { register: 'national' };
      },
      site(properties) {
        const fields = mapping!;
        const code = String(properties[fields.code] ?? '').trim();
        if (!code) throw validationError(`${name}: a feature has no ${fields.code}.`);
        let designation: string;
        if ('designationField' in fields) {
          designation = String(properties[fields.designationField] ?? '').trim();
          if (!designation)
            throw validationError(`${name}: site ${code} has no ${fields.designationField}; give one designation text for the layer instead (--designation).`);
        } else {
          designation = fields.designation;
        }
        const siteCountry = country ?? countryOfCode(code);
        if (!siteCountry)
          throw validationError(`${name}: site code ${code} does not start with a country code; give the country of the layer (--country, e.g. ES).`);
        return { code, name: String(properties[fields.name] ?? '').trim(), types: [], designation, country: siteCountry };
      },
    },
    options,
  );
}
