import type { EsAtomCatalogue } from '../countries/es/atom-catalogue.js';
import type { OfflineDownloadResult } from '../model/index.js';
import type { ParcelStore } from '../store/parcel-store.js';
import { updateAreas, type DownloadAreasOptions } from './download-areas.js';
import { updateFrenchAreas } from './download-fr.js';

/**
 * Updates areas the copy holds, each from its own publisher: France's (`FR.…`) from Etalab's
 * files, the rest from the Catastro's ATOM feeds. One rule for the command line and the app.
 */
export async function updateOfflineAreas(
  store: ParcelStore, catalogue: EsAtomCatalogue, ids: string[], options: DownloadAreasOptions & { etalabRoot: string },
): Promise<OfflineDownloadResult> {
  const french = ids.filter((id) => id.startsWith('FR.'));
  const others = ids.filter((id) => !id.startsWith('FR.'));
  const fr = french.length ? await updateFrenchAreas(store, french, { ...options, root: options.etalabRoot }) : undefined;
  if (fr?.cancelled) return fr;
  const es = others.length || !fr ? await updateAreas(store, catalogue, others, options) : undefined;
  if (!fr) return es!;
  if (!es) return fr;
  return {
    areas: [...fr.areas, ...es.areas], failures: [...fr.failures, ...es.failures], parcels: fr.parcels + es.parcels,
    buildings: fr.buildings + es.buildings, cancelled: es.cancelled,
  };
}
