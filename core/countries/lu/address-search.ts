import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import type { NationalAdapter } from '../national/national-adapter.js';
import { LU_GEOCODER_ATTRIBUTION, LU_GEOCODER_SOURCE, geocodeUrl, parseGeoportailAnswer } from './geoportail.js';

/** The geoportail.lu geocoder's addresses, each address's parcel the one under its point. */
export async function luxembourgAddressCandidates(
  adapter: NationalAdapter,
  urls: { geocoderUrl: string },
  query: AddressQuery,
  ctx: AdapterContext,
): Promise<AddressCandidatesResult> {
  const request = candidatesRequestOf(query);
  const found = parseGeoportailAnswer(await fetchText(geocodeUrl(urls.geocoderUrl, request.address.texto), LU_GEOCODER_SOURCE, ctx, 'application/json'));
  const geocoded = found.map((a) => ({
    direccion: a.label,
    point: a.point,
    numero: a.number,
    municipio: a.locality,
    postcode: a.zip,
    score: a.ratio ?? 1,
  }));
  return nationalAddressCandidates(adapter, request, geocoded, LU_GEOCODER_ATTRIBUTION, ctx);
}
