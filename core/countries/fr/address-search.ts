import type { AddressCandidatesRequest } from '../../address/candidates-input.js';
import type { AddressCandidatesResult } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import { nationalAddressCandidates, type GeocodedAddress } from '../national/address-candidates.js';
import type { NationalAdapter } from '../national/national-adapter.js';
import type { BanAddress } from './geocodage.js';
import type { FranceLiveSource } from './live-source.js';

/** BAN types that are a place on a street; municipalities and localities name no parcel. */
const STREET_LEVEL = new Set(['housenumber', 'street']);

function geocoded(address: BanAddress): GeocodedAddress {
  const number = address.type === 'housenumber' ? Number.parseInt(address.housenumber ?? '', 10) : Number.NaN;
  return {
    direccion: address.label,
    point: address.point,
    numero: Number.isFinite(number) ? number : undefined,
    municipio: address.city,
    // "29, Finistère, Bretagne": the department number, as `provincia` is for FR parcels.
    provincia: address.context?.split(',')[0].trim() || undefined,
    postcode: address.postcode,
    score: address.score,
  };
}

/** Address search in France: BAN geocoding, then the parcel under each address point. */
export async function searchFrenchAddress(
  adapter: NationalAdapter,
  live: FranceLiveSource,
  request: AddressCandidatesRequest,
  ctx: AdapterContext,
): Promise<AddressCandidatesResult> {
  const answer = await live.search(request.address.texto, { limit: Math.max(request.limit * 2, 10), postcode: request.address.codigoPostal }, ctx);
  const places = answer.addresses.filter((a) => STREET_LEVEL.has(a.type)).map(geocoded);
  return nationalAddressCandidates(adapter, request, places, answer.attribution, ctx);
}
