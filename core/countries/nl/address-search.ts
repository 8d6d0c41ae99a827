import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import type { NationalAdapter } from '../national/national-adapter.js';
import type { NlSourcesConfig } from './country.js';
import { LOCATIESERVER_SOURCE, freeUrl, parseLocatieserverAnswer } from './locatieserver.js';

const LOCATIESERVER_ATTRIBUTION = 'PDOK Locatieserver (BAG, Kadaster)';

/** The Locatieserver's addresses, each naming its parcels (the first is the address's parcel). */
export async function dutchAddressCandidates(
  adapter: NationalAdapter,
  urls: NlSourcesConfig,
  query: AddressQuery,
  ctx: AdapterContext,
): Promise<AddressCandidatesResult> {
  const request = candidatesRequestOf(query);
  const found = parseLocatieserverAnswer(
    await fetchText(freeUrl(urls, request.address.texto, Math.max(request.limit * 2, 10)), LOCATIESERVER_SOURCE, ctx, 'application/json'),
  );
  const geocoded = found.map((a) => ({
    direccion: a.weergavenaam,
    point: a.point,
    numero: a.huisnummer,
    municipio: a.woonplaats ?? a.gemeente,
    provincia: a.provincie,
    postcode: a.postcode,
    score: a.score,
    linkedParcel: a.percelen[0],
  }));
  return nationalAddressCandidates(adapter, request, geocoded, LOCATIESERVER_ATTRIBUTION, ctx);
}
