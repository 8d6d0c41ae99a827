import { geocoderAddressSearch } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import type { NlSourcesConfig } from './country.js';
import { LOCATIESERVER_SOURCE, freeUrl, parseLocatieserverAnswer } from './locatieserver.js';

const LOCATIESERVER_ATTRIBUTION = 'PDOK Locatieserver (BAG, Kadaster)';

/** The Locatieserver's addresses, each naming its parcels (the first is the address's parcel). */
export const dutchAddressCandidates = geocoderAddressSearch(LOCATIESERVER_ATTRIBUTION, async (request, urls: NlSourcesConfig, ctx) => {
  const found = parseLocatieserverAnswer(
    await fetchText(freeUrl(urls, request.address.texto, Math.max(request.limit * 2, 10)), LOCATIESERVER_SOURCE, ctx, 'application/json'),
  );
  return found.map((a) => ({
    direccion: a.weergavenaam,
    point: a.point,
    numero: a.huisnummer,
    municipio: a.woonplaats ?? a.gemeente,
    provincia: a.provincie,
    postcode: a.postcode,
    score: a.score,
    linkedParcel: a.percelen[0],
  }));
});
