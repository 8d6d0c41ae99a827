import { optionalCountry } from '../input.js';
import { isCountryCode, noCoverage, validationError, type AddressQuery, type CountryCode } from '../model/index.js';
import { POSTCODE_FORMATS, requirePostcode } from './postcode.js';
import { addressOfQuery, type ParsedAddress } from './query.js';

/** Query parameters of endpoint 1 as received (strings from HTTP, anything from IPC). */
export interface AddressCandidatesInput {
  country?: unknown;
  q?: unknown;
  street?: unknown;
  number?: unknown;
  municipality?: unknown;
  postcode?: unknown;
  limit?: unknown;
}

/** Spec endpoint 1: `q` 3 to 200 characters, `limit` 1 to 10 (default 5), for HTTP and IPC alike. */
export const Q_MIN = 3;
export const Q_MAX = 200;
const LIMIT_DEFAULT = 5;
export const LIMIT_MAX = 10;

function optionalText(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw validationError(`Parameter '${name}' must be text.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw validationError(`Parameter '${name}' is too long (at most ${max} characters).`);
  return trimmed === '' ? undefined : trimmed;
}

function optionalInteger(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw validationError(`Parameter '${name}' must be an integer from ${min} to ${max}, got ${JSON.stringify(value)?.slice(0, 20)}.`);
  }
  return Number(text);
}

/**
 * Validates endpoint 1's parameters in the spec's order of concern: a code that is not one of
 * the spec's answers 422 CNV_COVERAGE at once; then the parameters (400 VALIDATION_ERROR, the
 * postcode in the country's own format); then a country no adapter here searches by address
 * (SE, HR, PV, NA, or one whose adapter is not installed) answers 422 with
 * `data.supportedCountries`. Reading the address itself is the country adapter's work.
 */
export function readAddressQuery(input: AddressCandidatesInput, supportedCountries: readonly CountryCode[]): AddressQuery {
  const code = optionalCountry(input.country) ?? 'ES';
  const uncovered = (why = '') => noCoverage(`Address search does not cover ${code}${why}.`, { supportedCountries: [...supportedCountries] });
  if (!isCountryCode(code)) throw uncovered();
  const country: CountryCode = code;
  const q = optionalText(input.q, 'q', Q_MAX);
  const street = optionalText(input.street, 'street', Q_MAX);
  if (q === undefined && street === undefined) throw validationError(`Parameter 'q' is required (${Q_MIN} to ${Q_MAX} characters: street and number, municipality, postcode) unless 'street' is given.`);
  if (q !== undefined && q.length < Q_MIN) throw validationError(`Parameter 'q' must have ${Q_MIN} to ${Q_MAX} characters.`);
  const number = optionalInteger(input.number, 'number', 1, 99999);
  const municipality = optionalText(input.municipality, 'municipality', 100);
  const rawPostcode = optionalText(input.postcode, 'postcode', 20);
  // Countries without a postcode format of their own (SE, HR, PV, NA) are refused just below.
  const postcode = rawPostcode === undefined || !POSTCODE_FORMATS[country] ? rawPostcode : requirePostcode(country, rawPostcode);
  const limit = optionalInteger(input.limit, 'limit', 1, LIMIT_MAX) ?? LIMIT_DEFAULT;
  if (!supportedCountries.includes(country)) throw uncovered(country === 'SE' ? ' (no parcels at urban addresses)' : ' in this installation');
  return {
    country, limit,
    ...(q !== undefined && { q }),
    ...(street !== undefined && { street }),
    ...(number !== undefined && { number }),
    ...(municipality !== undefined && { municipality }),
    ...(postcode !== undefined && { postcode }),
  };
}

const DIRECCION_MAX = 300;

/** Endpoint 5's body: `direccion`, required, at most 300 characters, trimmed. */
export function readDireccion(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError("The body must be a JSON object with the field 'direccion'.");
  }
  const value = (body as { direccion?: unknown }).direccion;
  if (typeof value !== 'string' || value.trim() === '') {
    throw validationError("Field 'direccion' is required: a Spanish address such as 'Calle Mayor 5, Madrid'.");
  }
  if (value.length > DIRECCION_MAX) throw validationError(`Field 'direccion' is too long (at most ${DIRECCION_MAX} characters).`);
  return value.trim();
}

/** A checked query with its address read as "street and number, municipality, postcode". */
export interface AddressCandidatesRequest {
  country: CountryCode;
  address: ParsedAddress;
  limit: number;
}

export function candidatesRequestOf(query: AddressQuery): AddressCandidatesRequest {
  return { country: query.country, address: addressOfQuery(query), limit: query.limit };
}
