import { confianza, municipalityMatches } from '../../address/confianza.js';
import { fold } from '../../address/normalize.js';
import { POSTCODE_FORMATS } from '../../address/postcode.js';
import type { AddressCandidatesRequest } from '../../address/candidates-input.js';

/**
 * What was asked of an address search outside Spain, read without Spanish street grammar:
 * French and Dutch addresses put the number before or after the street, so the request's own
 * fields win and the free text is searched for a postcode and a house number.
 */
export interface AskedAddress {
  text: string;
  numero?: number;
  municipio?: string;
  postcode?: string;
}

export function askedAddress(request: AddressCandidatesRequest): AskedAddress {
  const { address, country } = request;
  const text = address.texto;
  const postcodePattern = POSTCODE_FORMATS[country]?.pattern;
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  const postcode = address.codigoPostal ?? tokens.find((t) => postcodePattern?.test(t) && /\d{4}/.test(t));
  const numberToken = tokens.find((t) => /^\d{1,4}[A-Za-z]?$/.test(t) && t !== postcode);
  const numero = address.numero ?? (numberToken ? Number.parseInt(numberToken, 10) : undefined);
  return { text, numero, municipio: address.municipio, postcode };
}

export interface GeocodedFacts {
  /** House number the geocoder placed, if it placed one. */
  numero?: number;
  municipio?: string;
  postcode?: string;
  /** The geocoder's own score, 0..1 (1 when it gives none). */
  score: number;
}

/**
 * `confianza` outside Spain (spec rule 4): the geocoder's score in place of the street
 * similarity, with the same weights as Spain's (core/address/confianza.ts), so 0.75 or more
 * still means number and municipality match. The municipality matches when the one given (or
 * written in the text) is the geocoder's, or the postcode asked is the address's.
 */
export function nationalMatch(asked: AskedAddress, found: GeocodedFacts): { confianza: number; coincideNumero: boolean; coincideMunicipio: boolean } {
  const coincideNumero = asked.numero !== undefined && found.numero === asked.numero;
  const foldedText = ` ${fold(asked.text)} `;
  const samePostcode =
    asked.postcode !== undefined &&
    found.postcode !== undefined &&
    asked.postcode.replace(/\s/g, '').toUpperCase() === found.postcode.replace(/\s/g, '').toUpperCase();
  const namedInText = found.municipio !== undefined && foldedText.includes(` ${fold(found.municipio)} `);
  // A municipality given explicitly must be the address's; otherwise the postcode, or its name written in the text.
  const coincideMunicipio =
    asked.municipio && !/\d/.test(asked.municipio) ? municipalityMatches(found.municipio, asked.municipio) || samePostcode : samePostcode || namedInText;
  return {
    confianza: confianza({ numberMatches: coincideNumero, municipalityMatches: coincideMunicipio, streetSimilarity: found.score }),
    coincideNumero,
    coincideMunicipio,
  };
}
