import type { EsAtomCatalogue } from '../countries/es/atom-catalogue.js';
import { HMLR_INSPIRE_DOWNLOAD_PAGE } from '../countries/uk/hmlr-files.js';
import type { OfflineDownloadResult, OfflineFileFailure } from '../model/index.js';
import type { LocalCopy } from '../store/cadastral-store.js';
import { updateAreas, type DownloadAreasOptions } from './download-areas.js';
import { updateFrenchAreas } from './download-fr.js';

/**
 * Updates areas the copy holds, each from its own publisher: France's (`FR.…`) from Etalab's
 * files, the rest from the Catastro's ATOM feeds. One rule for the command line and the app.
 * An English or Welsh authority (`UK.…`, imported by hand) has no feed to fetch: it is a failure
 * saying how to refresh it, and nothing is asked of the Catastro for it.
 */
export async function updateOfflineAreas(
  store: LocalCopy,
  catalogue: EsAtomCatalogue,
  ids: string[],
  options: DownloadAreasOptions & { etalabRoot: string },
): Promise<OfflineDownloadResult> {
  const british = ids.filter((id) => id.startsWith('UK.')).map(importedByHand);
  const result = await updatePublishedAreas(
    store,
    catalogue,
    ids.filter((id) => !id.startsWith('UK.')),
    options,
    british.length > 0,
  );
  return british.length ? { ...result, failures: [...british, ...result.failures] } : result;
}

function importedByHand(id: string): OfflineFileFailure {
  return {
    file: id,
    url: HMLR_INSPIRE_DOWNLOAD_PAGE,
    message: `${id} was imported from HM Land Registry's INSPIRE Index Polygons, which publish no feed to update from: download the authority's zip again from ${HMLR_INSPIRE_DOWNLOAD_PAGE} (refreshed monthly) and import it; it replaces the area.`,
  };
}

async function updatePublishedAreas(
  store: LocalCopy,
  catalogue: EsAtomCatalogue,
  ids: string[],
  options: DownloadAreasOptions & { etalabRoot: string },
  othersAsked: boolean,
): Promise<OfflineDownloadResult> {
  if (ids.length === 0 && othersAsked) return { areas: [], failures: [], parcels: 0, buildings: 0, cancelled: false };
  const french = ids.filter((id) => id.startsWith('FR.'));
  const others = ids.filter((id) => !id.startsWith('FR.'));
  const fr = french.length ? await updateFrenchAreas(store, french, { ...options, root: options.etalabRoot }) : undefined;
  if (fr?.cancelled) return fr;
  const es = others.length || !fr ? await updateAreas(store, catalogue, others, options) : undefined;
  if (!fr) return es!;
  if (!es) return fr;
  return {
    areas: [...fr.areas, ...es.areas],
    failures: [...fr.failures, ...es.failures],
    parcels: fr.parcels + es.parcels,
    buildings: fr.buildings + es.buildings,
    cancelled: es.cancelled,
  };
}
