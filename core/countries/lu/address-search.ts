import { geocoderAddressSearch } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import { LU_GEOCODER_ATTRIBUTION, LU_GEOCODER_SOURCE, geocodeUrl, parseGeoportailAnswer } from './geoportail.js';

/** The geoportail.lu geocoder's addresses, each address's parcel the one under its point. */
export const luxembourgAddressCandidates = geocoderAddressSearch(LU_GEOCODER_ATTRIBUTION, async (request, urls: { geocoderUrl: string }, ctx) => {
  const found = parseGeoportailAnswer(await fetchText(geocodeUrl(urls.geocoderUrl, request.address.texto), LU_GEOCODER_SOURCE, ctx, 'application/json'));
  return found.map((a) => ({
    direccion: a.label,
    point: a.point,
    numero: a.number,
    municipio: a.locality,
    postcode: a.zip,
    score: a.ratio ?? 1,
  }));
});
