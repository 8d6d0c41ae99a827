import { notFound, type AddressCandidatesResult, type AddressQuery } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import type { NationalAdapter } from '../national/national-adapter.js';
import { openGeocoderCandidates } from '../national/nominatim.js';
import { isRoadOrWater } from './reference.js';

/**
 * The open geocoder's addresses (Italy has no free official register), each becoming the parcel
 * under its point. Spec rule 3: pieces of road and water (`STRADA…`, `ACQUA…`) are never returned
 * as an address's parcel.
 */
export async function italianAddressCandidates(
  adapter: NationalAdapter,
  urls: { geocoderUrl: string },
  query: AddressQuery,
  ctx: AdapterContext,
): Promise<AddressCandidatesResult> {
  const found = await openGeocoderCandidates(adapter, query, ctx, urls.geocoderUrl);
  const candidatos = found.candidatos.filter((c) => !isRoadOrWater(c.refCatastral));
  if (candidatos.length === 0) {
    throw notFound(
      `No Italian address with a parcel matches '${found.consulta.texto.slice(0, 80)}': the addresses found lie on roads or waters (${found.candidatos.map((c) => c.refCatastral).join(', ')}), which are never returned.`,
    );
  }
  return { ...found, candidatos };
}
