import { geocoderAddressSearch } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import { GEO_ADMIN_SOURCE, addressSearchUrl, parseSwissAddresses } from './geo-admin.js';

/** The federal building address directory (official, free), each address's parcel the one under its point. */
export const swissAddressCandidates = geocoderAddressSearch(
  'geo.admin.ch SearchServer (Amtliches Gebäudeadressverzeichnis)',
  async (request, urls: { searchServerUrl: string }, ctx) => {
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
    return geocoded;
  },
);
