import path from 'node:path';
import { openCadastralStore } from '../core/store/open-store.js';
import { UpstreamClient } from '../core/upstream/upstream-client.js';
import { failureLine } from './failure.js';
import { checkInputFile } from '../core/file-checks.js';
import { validationError } from '../core/model/index.js';
import { AnalysisService } from '../core/analysis/analysis-service.js';

export interface LayerImportOptions {
  protectedAreas?: string[];
  designatedAreas?: string[];
  groundMotion?: string[];
  layer?: string;
  /** Field mapping and country of the --designated-areas layers. */
  codeField?: string;
  nameField?: string;
  designationField?: string;
  designation?: string;
  country?: string;
  /** Attribution of the protected-area or designated-area layers, shown in the terrain result's `sources`. */
  sourceName?: string;
  sourceLicense?: string;
  sourceEdition?: string;
  data: string;
}

/** The options that only describe national designated-areas layers. */
const NATIONAL_OPTIONS = ['codeField', 'nameField', 'designationField', 'designation', 'country'] as const;
/** The options that name the source of area layers (terrain `sources`: name, license, edition). */
const SOURCE_OPTIONS = ['sourceName', 'sourceLicense', 'sourceEdition'] as const;

/**
 * `catastro import-layers`: each file in its own transaction; returns the exit code. A command
 * line naming no file, or options that describe no layer named, is refused (VALIDATION_ERROR,
 * thrown: the CLI prints it as every refusal, exit 1) before the copy is opened.
 */
export async function runLayerImport(options: LayerImportOptions): Promise<number> {
  const files = [...(options.protectedAreas ?? []), ...(options.designatedAreas ?? []), ...(options.groundMotion ?? [])];
  if (files.length === 0) {
    throw validationError(
      'Name at least one file with --protected-areas, --designated-areas or --ground-motion, e.g. catastro import-layers --protected-areas Natura2000.gpkg --ground-motion EGMS_L3_E45N17_100km_U_2020_2024_1.zip.',
    );
  }
  // A mapping given without a national layer would be silently ignored: say so instead.
  if (!options.designatedAreas?.length && NATIONAL_OPTIONS.some((key) => options[key] !== undefined)) {
    throw validationError(
      '--code-field, --name-field, --designation-field, --designation and --country describe --designated-areas layers; name one, e.g. --designated-areas CDDA.gpkg --code-field cddaId --name-field siteName --designation-field designationTypeCode.',
    );
  }
  const areaFiles = (options.protectedAreas?.length ?? 0) + (options.designatedAreas?.length ?? 0);
  if (areaFiles === 0 && SOURCE_OPTIONS.some((key) => options[key] !== undefined)) {
    throw validationError(
      '--source-name, --source-license and --source-edition describe --protected-areas or --designated-areas layers; name one, e.g. --protected-areas zepa.geojson --source-name "Comunidad de Madrid".',
    );
  }
  try {
    for (const file of files) checkInputFile(file, 'Layer');
  } catch (error) {
    console.error(`${failureLine(error)} Nothing was imported.`);
    return 1;
  }
  const source = {
    name: options.sourceName?.trim() || undefined,
    license: options.sourceLicense?.trim() || undefined,
    edition: options.sourceEdition?.trim() || undefined,
  };
  // The analysis layers stay in the data folder's local copy whichever store holds the parcels.
  const store = await openCadastralStore({ dataDir: options.data });
  const analyses = new AnalysisService({ tables: store.local.analysisTables(), http: new UpstreamClient() });
  try {
    for (const file of options.protectedAreas ?? []) {
      const { sites } = await analyses.importProtectedAreas(path.resolve(file), { layer: options.layer, source });
      console.log(`${path.basename(file)}: ${sites} protected sites`);
    }
    for (const file of options.designatedAreas ?? []) {
      const { sites } = await analyses.importDesignatedAreas(path.resolve(file), {
        layer: options.layer,
        mapping: { code: options.codeField, name: options.nameField, designationField: options.designationField, designation: options.designation },
        country: options.country,
        source,
      });
      console.log(`${path.basename(file)}: ${sites} national designated areas`);
    }
    for (const file of options.groundMotion ?? []) {
      const { cells } = await analyses.importGroundMotion(path.resolve(file));
      console.log(`${path.basename(file)}: ${cells} ground-motion cells`);
    }
    return 0;
  } catch (error) {
    console.error(`\n${failureLine(error)}`);
    console.error('Layers imported before it were kept; the failed file changed nothing.');
    return 1;
  } finally {
    await store.close();
  }
}
