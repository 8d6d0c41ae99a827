import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import type { NationalAdapter } from '../national/national-adapter.js';
import { ADRESSER_SOURCE, addressSearchUrl, parseAdresser } from './adresser.js';

/** The official address register, which links each address to its matrikkelenhet. */
export async function norwegianAddressCandidates(
  adapter: NationalAdapter,
  urls: { adresserUrl: string },
  query: AddressQuery,
  ctx: AdapterContext,
): Promise<AddressCandidatesResult> {
  const request = candidatesRequestOf(query);
  const url = addressSearchUrl(urls.adresserUrl, request.address.texto, Math.max(request.limit * 2, 10));
  const found = parseAdresser(await fetchText(url, ADRESSER_SOURCE, ctx, 'application/json'));
  const geocoded = found.map((a) => ({
    direccion: a.text,
    point: a.point,
    numero: a.number,
    municipio: a.municipality ?? a.postTown,
    postcode: a.postcode,
    score: 1,
    ...(a.property && { linkedParcel: a.property }),
  }));
  return nationalAddressCandidates(adapter, request, geocoded, 'Kartverket adresse-API (Matrikkelen)', ctx);
}
