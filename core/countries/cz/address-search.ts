import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { askedAddress } from '../national/address-match.js';
import { fetchText } from '../national/fetch-text.js';
import type { NationalAdapter } from '../national/national-adapter.js';
import { RUIAN_ATTRIBUTION, RUIAN_SOURCE, parseRuianCandidates, ruianCandidatesUrl } from './ruian-geocoder.js';

/** RÚIAN addresses, each becoming the parcel under its point; the number matches its č.p. or its č.o. */
export async function czechAddressCandidates(
  adapter: NationalAdapter,
  urls: { geocoderUrl: string },
  query: AddressQuery,
  ctx: AdapterContext,
): Promise<AddressCandidatesResult> {
  const request = candidatesRequestOf(query);
  const url = ruianCandidatesUrl(urls.geocoderUrl, request.address.texto, Math.max(request.limit * 2, 10));
  const found = parseRuianCandidates(await fetchText(url, RUIAN_SOURCE, ctx, 'application/json'));
  const asked = askedAddress(request).numero;
  const geocoded = found.map((a) => ({
    direccion: a.label,
    point: a.point,
    postcode: a.postcode,
    municipio: a.municipality,
    score: a.score,
    numero: asked !== undefined && a.numbers.includes(asked) ? asked : a.numbers[0],
  }));
  return nationalAddressCandidates(adapter, request, geocoded, RUIAN_ATTRIBUTION, ctx);
}
