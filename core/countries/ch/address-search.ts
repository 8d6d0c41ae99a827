import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import type { NationalAdapter } from '../national/national-adapter.js';
import { GEO_ADMIN_SOURCE, addressSearchUrl, parseSwissAddresses } from './geo-admin.js';

/** The federal building address directory (official, free), each address's parcel the one under its point. */
export async function swissAddressCandidates(
  adapter: NationalAdapter,
  urls: { searchServerUrl: string },
  query: AddressQuery,
  ctx: AdapterContext,
): Promise<AddressCandidatesResult> {
  const request = candidatesRequestOf(query);
  const url = addressSearchUrl(urls.searchServerUrl, request.address.texto, Math.max(request.limit * 2, 10));
  const found = parseSwissAddresses(await fetchText(url, GEO_ADMIN_SOURCE, ctx, 'application/json'), GEO_ADMIN_SOURCE);
  const geocoded = found.map((a) => ({
    direccion: a.label,
    point: a.point,
    numero: a.number,
    municipio: a.town,
    provincia: a.canton,
    postcode: a.postcode,
    score: 1,
  }));
  return nationalAddressCandidates(adapter, request, geocoded, 'geo.admin.ch SearchServer (Amtliches Gebäudeadressverzeichnis)', ctx);
}
