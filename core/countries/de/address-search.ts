import { fold } from '../../address/normalize.js';
import { noCoverage } from '../../model/index.js';
import { geocoderAddressSearch } from '../national/address-candidates.js';
import { NOMINATIM_ATTRIBUTION, fetchNominatim, geocodedFromPlace, nominatimSearchUrl, parseNominatimPlaces } from '../national/nominatim.js';
import { BAVARIA_REASON } from './lander.js';

/**
 * The open geocoder's addresses (Germany has no free national address register). Addresses in
 * Bavaria are left out (no parcel service there); only Bavarian ones: 422 with the reason.
 */
export const germanAddressCandidates = geocoderAddressSearch(NOMINATIM_ATTRIBUTION, async (request, urls: { geocoderUrl: string }, ctx) => {
  const url = nominatimSearchUrl(urls.geocoderUrl, request.address.texto, 'de', Math.max(request.limit * 2, 10));
  const places = parseNominatimPlaces(await fetchNominatim(url, ctx));
  const outside = places.filter((p) => fold(p.region ?? '') !== 'BAYERN');
  if (places.length > 0 && outside.length === 0) throw noCoverage(`Address search in Germany covers 15 of the 16 Länder. ${BAVARIA_REASON}`);
  return outside.map((p) => geocodedFromPlace(p, request.address.calle));
});
