import { CATASTRO_ATTRIBUTION } from '../attribution.js';
import {
  SPANISH_FINCA_REFERENCE,
  isServiceError,
  notFound,
  type AddressCandidate,
  type AddressCandidatesResult,
  type AddressQuery,
  type CountryCode,
} from '../../../model/index.js';
import { foralOfProvince } from '../../foral/territory-of-reference.js';
import type { GeocoderCandidate } from './cartociudad.js';
import { confianza, municipalityMatches, streetSimilarity } from '../../../address/confianza.js';
import { fold } from '../../../address/normalize.js';
import type { CopyAddress, LocalAddressSearch, ParcelLookup } from '../../../address/ports.js';
import { addressOfQuery, type ParsedAddress } from '../../../address/query.js';
import { SPANISH_ADDRESS, SPANISH_NAMES } from './grammar.js';

export const CARTOCIUDAD_ATTRIBUTION = 'CartoCiudad (IGN/CNIG)';

/** What endpoint 1 needs; the lead builds it with `createAddressDeps` (./deps.ts). */
export interface AddressCandidatesDeps {
  /** Spain's geocoder; `CartoCiudadClient` satisfies it. */
  geocoder: { candidates(q: string, options: { limit?: number; postcode?: string; signal?: AbortSignal }): Promise<GeocoderCandidate[]> };
  /** The local copy, for `enCopia` and the copy's use, dwellings and year. */
  copy: ParcelLookup;
  /** The copy's stored addresses, for answers while the geocoder is down. Optional: without it a down geocoder is a 503. */
  localAddresses?: LocalAddressSearch;
}

/** Basque Country and Navarre candidates carry `pais` PV / NA with the foral reference (endpoint 1, rule 1). */
function paisOf(provinceCode: string | undefined): CountryCode {
  return foralOfProvince(provinceCode) ?? 'ES';
}

/** Adds what the local copy knows: the parcel's facts first, the finca's (from its units) where the parcel has none. */
async function enrich(candidate: AddressCandidate, copy: ParcelLookup): Promise<AddressCandidate> {
  const parcel = await copy.getParcel(candidate.pais, candidate.refCatastral);
  if (!parcel) return candidate;
  const finca = (await copy.getFinca?.(candidate.refCatastral)) ?? undefined;
  const direccion = parcel.direccion || finca?.direccion;
  const uso = parcel.uso || finca?.usoGeneral;
  const anio = parcel.anioConstruccion ?? (finca?.anioConstruccion || undefined);
  return {
    ...candidate,
    enCopia: true,
    ...(direccion && { direccionCatastro: direccion }),
    ...(uso && { uso }),
    ...(parcel.declaredDwellings !== undefined && { viviendas: parcel.declaredDwellings }),
    ...(anio !== undefined && { anioConstruccion: anio }),
  };
}

function fromGeocoder(c: GeocoderCandidate, address: ParsedAddress): AddressCandidate | undefined {
  const pais = paisOf(c.provinceCode);
  // A foral portal keeps an empty reference when the geocoder has none: the foral parcel under it names it (foral/address-candidates.ts).
  const ref = c.refCatastral?.toUpperCase() ?? (pais === 'ES' ? undefined : '');
  if (ref === undefined || c.portalNumber === undefined || (pais === 'ES' && !SPANISH_FINCA_REFERENCE.test(ref))) return undefined;
  const numberMatches =
    address.numero !== undefined &&
    c.portalNumber === address.numero &&
    (address.extension === undefined || fold(address.extension) === fold(c.extension ?? ''));
  const muniMatches = address.municipio
    ? municipalityMatches(c.muni, address.municipio, SPANISH_NAMES)
    : address.codigoPostal !== undefined && address.codigoPostal === c.postalCode;
  const similarity = streetSimilarity(c.address, c.tipVia, address.nombreVia, address.streetType?.name, SPANISH_NAMES);
  // A portal on a street with no word in common with the one asked for is not a match.
  if (similarity === 0) return undefined;
  const number = `${c.portalNumber}${c.extension ?? ''}`;
  const place = [c.postalCode, c.muni].filter(Boolean).join(' ');
  return {
    refCatastral: ref,
    pais,
    direccion: `${[c.tipVia, c.address, number].filter(Boolean).join(' ')}${place ? `, ${place}` : ''}`,
    numero: c.portalNumber,
    ...(c.postalCode && { codigoPostal: c.postalCode }),
    ...(c.muni && { municipio: c.muni }),
    ...(c.province && { provincia: c.province }),
    ...(c.lat !== undefined && c.lng !== undefined && { latitud: c.lat, longitud: c.lng }),
    confianza: confianza({
      numberMatches,
      municipalityMatches: muniMatches,
      streetSimilarity: similarity,
    }),
    coincideNumero: numberMatches,
    coincideMunicipio: muniMatches,
    enCopia: false,
  };
}

/** House number written right after the street name in a stored address ("CL MADROÑO 3 ..."). */
function numberAfterStreet(direccion: string, streetName: string): number | undefined {
  const words = fold(direccion).split(' ');
  const last = SPANISH_NAMES.tokens(streetName).at(-1);
  const at = last ? words.lastIndexOf(last) : -1;
  const next = at >= 0 ? words.slice(at + 1).find((w) => /^\d+$/.test(w)) : undefined;
  return next === undefined ? undefined : Number(next);
}

/** A candidate from an address of the copy; `enCopia` is set by `enrich` when its parcel is in the copy. */
function fromCopy(parcel: CopyAddress, address: ParsedAddress): AddressCandidate | undefined {
  if (!parcel.direccion || !SPANISH_NAMES.contains(parcel.direccion, address.nombreVia)) return undefined;
  const numero = numberAfterStreet(parcel.direccion, address.nombreVia);
  if (numero === undefined) return undefined;
  const numberMatches = address.numero !== undefined && numero === address.numero;
  const muniMatches = address.municipio
    ? municipalityMatches(parcel.municipio, address.municipio, SPANISH_NAMES)
    : address.codigoPostal !== undefined && address.codigoPostal === parcel.codigoPostal;
  return {
    refCatastral: parcel.ref,
    pais: parcel.country,
    direccion: parcel.direccion,
    numero,
    ...(parcel.codigoPostal && { codigoPostal: parcel.codigoPostal }),
    ...(parcel.municipio && { municipio: parcel.municipio }),
    ...(parcel.provincia && { provincia: parcel.provincia }),
    latitud: parcel.centroid[1],
    longitud: parcel.centroid[0],
    // The stored address contains every word of the street asked for: similarity 1.
    confianza: confianza({ numberMatches, municipalityMatches: muniMatches, streetSimilarity: 1 }),
    coincideNumero: numberMatches,
    coincideMunicipio: muniMatches,
    enCopia: false,
  };
}

function rank(candidates: AddressCandidate[], address: ParsedAddress, limit: number): AddressCandidate[] {
  const best = new Map<string, AddressCandidate>();
  for (const c of candidates) {
    // Foral portals not yet named by their parcel are told apart by their point.
    const key = c.refCatastral || `${c.pais}@${c.longitud},${c.latitud}`;
    const seen = best.get(key);
    if (!seen || c.confianza > seen.confianza) best.set(key, c);
  }
  const distance = (c: AddressCandidate) => (address.numero === undefined ? c.numero : Math.abs(c.numero - address.numero));
  return [...best.values()]
    .sort((a, b) => b.confianza - a.confianza || distance(a) - distance(b) || a.refCatastral.localeCompare(b.refCatastral))
    .slice(0, limit);
}

function geocoderText(address: ParsedAddress): string {
  const street = [address.calle, address.numero !== undefined ? `${address.numero}${address.extension ?? ''}` : undefined].filter(Boolean).join(' ');
  return [street, address.municipio].filter(Boolean).join(', ');
}

async function geocode(address: ParsedAddress, limit: number, deps: AddressCandidatesDeps, signal?: AbortSignal): Promise<AddressCandidate[]> {
  // Ask for more than `limit`: entries without a reference or a number are dropped, duplicates merged.
  const ask = Math.max(limit * 4, 20);
  const found = await deps.geocoder.candidates(geocoderText(address), { limit: ask, postcode: address.codigoPostal, signal });
  let candidates = found.map((c) => fromGeocoder(c, address)).filter((c): c is AddressCandidate => c !== undefined);
  const street = found
    .filter((c) => c.type === 'callejero')
    .map((c) => ({ c, similarity: streetSimilarity(c.address, c.tipVia, address.nombreVia, address.streetType?.name, SPANISH_NAMES) }))
    .filter((s) => s.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity)[0]?.c;
  if (candidates.length === 0 && street) {
    // The geocoder knows only the street (no number asked, or none it can place): take the
    // portals it has on that street; coincideNumero stays false for them (spec rule 4).
    const onStreet = await deps.geocoder.candidates(`${[street.tipVia, street.address, '1'].filter(Boolean).join(' ')}, ${street.muni ?? ''}`, {
      limit: ask,
      postcode: address.codigoPostal,
      signal,
    });
    candidates = onStreet
      .filter((c) => fold(c.address) === fold(street.address) && c.muniCode === street.muniCode)
      .map((c) => fromGeocoder(c, address))
      .filter((c): c is AddressCandidate => c !== undefined);
  }
  return candidates;
}

/**
 * Endpoint 1, address → ranked parcel candidates (Spain through CartoCiudad). Each candidate is
 * a building entrance with its 14-character reference; candidates in the local copy carry the
 * copy's use, dwellings and year. When the geocoder is down, the copy's stored addresses answer
 * where they can (else 503). Nothing found → 404 NOT_FOUND (free).
 */
export async function addressCandidates(query: AddressQuery, deps: AddressCandidatesDeps, signal?: AbortSignal): Promise<AddressCandidatesResult> {
  const address = addressOfQuery(query, SPANISH_ADDRESS);
  const { limit } = query;
  let candidates: AddressCandidate[];
  let attribution = `${CARTOCIUDAD_ATTRIBUTION}; ${CATASTRO_ATTRIBUTION}`;
  let answeredByCopy = false;
  try {
    candidates = await geocode(address, limit, deps, signal);
  } catch (error) {
    if (!isServiceError(error) || error.code !== 'SERVICE_UNAVAILABLE' || !deps.localAddresses) throw error;
    const fromLocal = (await deps.localAddresses.addressesOnStreet(address.nombreVia, 500))
      .map((p) => fromCopy(p, address))
      .filter((c): c is AddressCandidate => c !== undefined);
    if (fromLocal.length === 0) throw error;
    candidates = fromLocal;
    attribution = CATASTRO_ATTRIBUTION;
    answeredByCopy = true;
  }
  const ranked = await Promise.all(rank(candidates, address, limit).map((c) => enrich(c, deps.copy)));
  if (ranked.length === 0) throw notFound(`No address matches '${address.texto.slice(0, 80)}'.`);
  return {
    consulta: { texto: address.texto, calle: address.calle, numero: address.numero ?? null, municipio: address.municipio ?? null },
    candidatos: ranked,
    attribution,
    // Said, so a client can tell the user the copy answered (only what it holds was searched).
    ...(answeredByCopy && { dataSource: 'local_clone' as const }),
  };
}
