import { geocoderAddressSearch } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import { ADRESSER_SOURCE, addressSearchUrl, parseAdresser } from './adresser.js';

/** The official address register, which links each address to its matrikkelenhet. */
export const norwegianAddressCandidates = geocoderAddressSearch('Kartverket adresse-API (Matrikkelen)', async (request, urls: { adresserUrl: string }, ctx) => {
  const url = addressSearchUrl(urls.adresserUrl, request.address.texto, Math.max(request.limit * 2, 10));
  const found = parseAdresser(await fetchText(url, ADRESSER_SOURCE, ctx, 'application/json'));
  return found.map((a) => ({
    direccion: a.text,
    point: a.point,
    numero: a.number,
    municipio: a.municipality ?? a.postTown,
    postcode: a.postcode,
    score: 1,
    ...(a.property && { linkedParcel: a.property }),
  }));
});
