import { basename } from 'node:path';
import { isServiceError, validationError } from '../../model/index.js';
import { readLayerInWorker } from './read-layer-in-worker.js';

/**
 * The attribute names of a layer's first feature: what a field mapping can name (the importers
 * check the mapping against the same first feature). Stops reading after it; a GeoPackage is
 * closed by the generator's return.
 */
export async function layerFields(file: string, options: { layer?: string } = {}): Promise<string[]> {
  const features = readLayerInWorker(file, options);
  try {
    const first = await features.next();
    if (first.done) throw validationError(`${basename(file)} holds no features.`);
    return Object.keys(first.value.properties);
  } catch (error) {
    if (isServiceError(error)) throw error;
    throw validationError(`${basename(file)} could not be read: ${(error as Error).message}`);
  } finally {
    await features.return(undefined);
  }
}
