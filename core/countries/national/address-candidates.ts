import { candidatesRequestOf, type AddressCandidatesRequest } from '../../address/candidates-input.js';
import { isServiceError, notFound, type AddressCandidate, type AddressQuery, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AddressCandidatesResult } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import { askedAddress, nationalMatch } from './address-match.js';
import type { NationalAdapter } from './national-adapter.js';

/** An address as a country's geocoder placed it. */
export interface GeocodedAddress {
  direccion: string;
  point: LonLat;
  numero?: number;
  municipio?: string;
  provincia?: string;
  postcode?: string;
  score: number;
  /** The parcel the address register itself links the address to (PDOK `gekoppeld_perceel`, DAWA `jordstykke`). */
  linkedParcel?: string;
}

/**
 * A country's own address search over its geocoder: `geocode` reads the asked address's places
 * from the geocoder at the country's source URLs; each then becomes the parcel under it.
 */
export function geocoderAddressSearch<Urls>(
  attribution: string,
  geocode: (request: AddressCandidatesRequest, urls: Urls, ctx: AdapterContext) => Promise<GeocodedAddress[]>,
): (adapter: NationalAdapter, urls: Urls, query: AddressQuery, ctx: AdapterContext) => Promise<AddressCandidatesResult> {
  return async (adapter, urls, query, ctx) => {
    const request = candidatesRequestOf(query);
    return nationalAddressCandidates(adapter, request, await geocode(request, urls, ctx), attribution, ctx);
  };
}

/**
 * Address candidates outside Spain: each geocoded address becomes the parcel under it, read
 * from the copy or the country's cadastre (the address register's own link to a parcel when
 * it has one, else the parcel at the address point). Addresses on no parcel are dropped;
 * a cadastre that does not answer is a 503, as for every lookup.
 */
export async function nationalAddressCandidates(
  adapter: NationalAdapter,
  request: AddressCandidatesRequest,
  geocoded: GeocodedAddress[],
  geocoderAttribution: string,
  ctx: AdapterContext,
): Promise<AddressCandidatesResult> {
  const asked = askedAddress(request);
  const byRef = new Map<string, AddressCandidate>();
  for (const address of geocoded) {
    const found = await parcelOf(adapter, address, ctx);
    if (!found) continue;
    const { parcel, inCopy } = found;
    const match = nationalMatch(asked, { numero: address.numero, municipio: address.municipio, postcode: address.postcode, score: address.score });
    const candidate: AddressCandidate = {
      refCatastral: parcel.ref,
      pais: adapter.code,
      direccion: address.direccion,
      numero: address.numero ?? asked.numero ?? 0,
      ...(address.postcode && { codigoPostal: address.postcode }),
      ...(address.municipio && { municipio: address.municipio }),
      ...(address.provincia && { provincia: address.provincia }),
      latitud: address.point[1],
      longitud: address.point[0],
      ...match,
      enCopia: inCopy,
    };
    const seen = byRef.get(parcel.ref);
    if (!seen || candidate.confianza > seen.confianza) byRef.set(parcel.ref, candidate);
  }
  const candidatos = [...byRef.values()].sort((a, b) => b.confianza - a.confianza).slice(0, request.limit);
  if (candidatos.length === 0) throw notFound(`No ${adapter.name} address with a parcel matches '${asked.text.slice(0, 80)}'.`);
  return {
    consulta: { texto: asked.text, calle: request.address.calle, numero: asked.numero ?? null, municipio: asked.municipio ?? null },
    candidatos,
    attribution: `${geocoderAttribution}; ${adapter.attribution}`,
  };
}

async function parcelOf(
  adapter: NationalAdapter,
  address: GeocodedAddress,
  ctx: AdapterContext,
): Promise<{ parcel: StoredParcel; inCopy: boolean } | undefined> {
  try {
    if (address.linkedParcel && adapter.matchesReference(address.linkedParcel)) {
      const { parcel, live } = await adapter.load(address.linkedParcel, ctx);
      return { parcel, inCopy: !live };
    }
    const stored = await ctx.store.parcelAt(address.point, adapter.code);
    return stored ? { parcel: stored, inCopy: true } : { parcel: await adapter.recordAt(address.point, ctx), inCopy: false };
  } catch (error) {
    if (isServiceError(error) && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}
