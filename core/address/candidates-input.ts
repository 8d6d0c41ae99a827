import { checkInput, optionalCountry, quotedValue } from '../input.js';
import { ADDRESS_LIMIT_DEFAULT, AddressLimit, AddressText, Direccion, HouseNumber, MunicipalityText } from '../model/input-schemas.js';
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

/** Spec endpoint 1's ranges (core/model/input-schemas.ts), for HTTP and IPC alike. */
export const Q_MIN = AddressText.minLength!;
export const Q_MAX = AddressText.maxLength!;

function optionalText(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw validationError(`Parameter '${name}' must be text.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw validationError(`Parameter '${name}' is too long (at most ${max} characters).`);
  return trimmed === '' ? undefined : trimmed;
}

/** An integer within `schema`'s range: a number, or its digits as a query string sends them. */
function optionalInteger(value: unknown, name: string, schema: typeof AddressLimit | typeof HouseNumber): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const number = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  return checkInput(schema, number, () => `Parameter '${name}' must be an integer from ${schema.minimum} to ${schema.maximum}, got ${quotedValue(value, 20)}.`);
}

/**
 * Validates endpoint 1's parameters in the spec's order of concern: a code that is not one of
 * the spec's answers 422 CNV_COVERAGE at once; then the parameters (400 VALIDATION_ERROR, the
 * postcode in the country's own format); then a country no adapter here searches by address
 * (SE, HR, PV, NA, or one whose adapter is not installed) answers 422 with
 * `data.supportedCountries`. Reading the address itself is the country adapter's work.
 */
/** Why a code of the spec's list is refused, where the answer is not "not installed here". */
const WHY_UNCOVERED: Partial<Record<CountryCode, string>> = {
  SE: ' (no parcels at urban addresses)',
  // Spec coverage table: foral addresses are searched "with country=ES"; the candidates carry pais PV or NA.
  PV: ' as a country code: Basque Country addresses are searched with country=ES (their candidates carry pais PV)',
  NA: ' as a country code: Navarre addresses are searched with country=ES (their candidates carry pais NA)',
};

export function readAddressQuery(input: AddressCandidatesInput, supportedCountries: readonly CountryCode[]): AddressQuery {
  const code = optionalCountry(input.country) ?? 'ES';
  const uncovered = (why = '') => noCoverage(`Address search does not cover ${code}${why}.`, { supportedCountries: [...supportedCountries] });
  if (!isCountryCode(code)) throw uncovered();
  const country: CountryCode = code;
  const q = optionalText(input.q, 'q', Q_MAX);
  const street = optionalText(input.street, 'street', Q_MAX);
  if (q === undefined && street === undefined)
    throw validationError(`Parameter 'q' is required (${Q_MIN} to ${Q_MAX} characters: street and number, municipality, postcode) unless 'street' is given.`);
  if (q !== undefined) checkInput(AddressText, q, () => `Parameter 'q' must have ${Q_MIN} to ${Q_MAX} characters.`);
  const number = optionalInteger(input.number, 'number', HouseNumber);
  const municipality = optionalText(input.municipality, 'municipality', MunicipalityText.maxLength!);
  const rawPostcode = optionalText(input.postcode, 'postcode', 20);
  // Countries without a postcode format of their own (SE, HR, PV, NA) are refused just below.
  const postcode = rawPostcode === undefined || !POSTCODE_FORMATS[country] ? rawPostcode : requirePostcode(country, rawPostcode);
  const limit = optionalInteger(input.limit, 'limit', AddressLimit) ?? ADDRESS_LIMIT_DEFAULT;
  if (!supportedCountries.includes(country)) throw uncovered(WHY_UNCOVERED[country] ?? ' in this installation');
  return {
    country,
    limit,
    ...(q !== undefined && { q }),
    ...(street !== undefined && { street }),
    ...(number !== undefined && { number }),
    ...(municipality !== undefined && { municipality }),
    ...(postcode !== undefined && { postcode }),
  };
}

/** Endpoint 5's body: `direccion`, required, at most 300 characters, trimmed. */
export function readDireccion(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError("The body must be a JSON object with the field 'direccion'.");
  }
  const value = (body as { direccion?: unknown }).direccion;
  if (typeof value !== 'string' || value.trim() === '') {
    throw validationError("Field 'direccion' is required: a Spanish address such as 'Calle Mayor 5, Madrid'.");
  }
  if (value.length > Direccion.maxLength!) throw validationError(`Field 'direccion' is too long (at most ${Direccion.maxLength} characters).`);
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
