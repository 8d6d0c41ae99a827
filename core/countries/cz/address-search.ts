import { geocoderAddressSearch } from '../national/address-candidates.js';
import { askedAddress } from '../national/address-match.js';
import { fetchText } from '../national/fetch-text.js';
import { RUIAN_ATTRIBUTION, RUIAN_SOURCE, parseRuianCandidates, ruianCandidatesUrl } from './ruian-geocoder.js';

/** RÚIAN addresses, each becoming the parcel under its point; the number matches its č.p. or its č.o. */
export const czechAddressCandidates = geocoderAddressSearch(RUIAN_ATTRIBUTION, async (request, urls: { geocoderUrl: string }, ctx) => {
  const url = ruianCandidatesUrl(urls.geocoderUrl, request.address.texto, Math.max(request.limit * 2, 10));
  const found = parseRuianCandidates(await fetchText(url, RUIAN_SOURCE, ctx, 'application/json'));
  const asked = askedAddress(request).numero;
  return found.map((a) => ({
    direccion: a.label,
    point: a.point,
    postcode: a.postcode,
    municipio: a.municipality,
    score: a.score,
    numero: asked !== undefined && a.numbers.includes(asked) ? asked : a.numbers[0],
  }));
});
