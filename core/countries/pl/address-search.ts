import { fold, nameRules } from '../../address/normalize.js';
import { geocoderAddressSearch } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import { UUG_ATTRIBUTION, UUG_SOURCE, parseUugAddresses, uugAddressUrl } from './uug.js';

/**
 * Street names compared without their type ("cecha" of the TERYT ULIC register): UUG writes it
 * out before the name ("ulica Stalowa", "aleja Jana Pawła II") where people type the bare name or
 * its abbreviation ("Stalowa", "ul. Stalowa"). Written by hand: TERYT's list of types is short
 * and fixed, and no library carries it.
 */
const POLISH_STREET_NAMES = nameRules(
  new Set(['ULICA', 'UL', 'ALEJA', 'ALEJE', 'AL', 'PLAC', 'PL', 'OSIEDLE', 'OS', 'SKWER', 'RONDO', 'BULWAR', 'BULW', 'WYBRZEZE', 'WYB', 'SZOSA']),
);

/**
 * GUGiK's UUG geocoder over the national address register, each address becoming the ULDK
 * parcel under its point. UUG gives no score: the street's similarity to the one asked stands
 * for it (confianza.ts weighs it).
 */
export const polishAddressCandidates = geocoderAddressSearch(UUG_ATTRIBUTION, async (request, urls: { uugUrl: string }, ctx) => {
  const found = parseUugAddresses(await fetchText(uugAddressUrl(urls.uugUrl, request.address.texto), UUG_SOURCE, ctx, 'application/json'));
  const asked = request.address.calle !== undefined && fold(request.address.calle) !== '' ? request.address.calle : undefined;
  return found.map((a) => ({
    direccion: a.label,
    point: a.point,
    numero: a.number,
    municipio: a.city,
    provincia: a.voivodeship,
    postcode: a.postcode,
    score: asked === undefined ? 1 : POLISH_STREET_NAMES.similarity(a.street ?? a.city ?? '', asked),
  }));
});
