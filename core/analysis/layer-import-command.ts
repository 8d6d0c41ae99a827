import path from 'node:path';
import { ParcelStore } from '../store/parcel-store.js';
import { UpstreamClient } from '../upstream/upstream-client.js';
import { AnalysisService } from './analysis-service.js';

/** `catastro import-layers`: each file in its own transaction; returns the exit code. */
export async function runLayerImport(options: { protectedAreas?: string[]; groundMotion?: string[]; layer?: string; data: string }): Promise<number> {
  const files = [...(options.protectedAreas ?? []), ...(options.groundMotion ?? [])];
  if (files.length === 0) {
    console.error('Name at least one file with --protected-areas or --ground-motion.');
    return 2;
  }
  const store = ParcelStore.open(path.join(options.data, 'catastro.sqlite'));
  const analyses = new AnalysisService({ db: store.db, http: new UpstreamClient() });
  try {
    for (const file of options.protectedAreas ?? []) {
      const { sites } = await analyses.importProtectedAreas(path.resolve(file), { layer: options.layer });
      console.log(`${path.basename(file)}: ${sites} protected sites`);
    }
    for (const file of options.groundMotion ?? []) {
      const { cells } = await analyses.importGroundMotion(path.resolve(file));
      console.log(`${path.basename(file)}: ${cells} ground-motion cells`);
    }
    return 0;
  } catch (error) {
    console.error(`\n${(error as Error).message}`);
    console.error('Layers imported before it were kept; the failed file changed nothing.');
    return 1;
  } finally {
    store.close();
  }
}
