import { optionalCountry } from '../input.js';
import { noCoverage, validationError, type CountryCode } from '../model/index.js';
import { ADDRESS_SEARCH_COUNTRIES } from '../model/index.js';
import { requirePostcode } from './postcode.js';
import { parseAddressText, type ParsedAddress } from './query.js';

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

export interface AddressCandidatesRequest {
  country: CountryCode;
  address: ParsedAddress;
  limit: number;
}

const Q_MIN = 3;
const Q_MAX = 200;
const LIMIT_DEFAULT = 5;
const LIMIT_MAX = 10;

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
 * Validates endpoint 1's parameters in the spec's order of concern: the country first (422
 * CNV_COVERAGE with `data.supportedCountries` for SE, HR and uncovered codes), then the
 * parameters (400 VALIDATION_ERROR), then builds the address, where `number`, `municipality`,
 * `postcode` and `street` override what `q` says.
 */
export function readCandidatesInput(input: AddressCandidatesInput, supportedCountries: readonly CountryCode[]): AddressCandidatesRequest {
  const country = (optionalCountry(input.country) ?? 'ES') as CountryCode;
  if (!(ADDRESS_SEARCH_COUNTRIES as readonly string[]).includes(country)) {
    throw noCoverage(`Address search does not cover ${country}${country === 'SE' ? ' (no parcels at urban addresses)' : ''}.`, { supportedCountries: [...supportedCountries] });
  }
  const q = optionalText(input.q, 'q', Q_MAX);
  const street = optionalText(input.street, 'street', Q_MAX);
  if (q === undefined && street === undefined) throw validationError(`Parameter 'q' is required (${Q_MIN} to ${Q_MAX} characters: street and number, municipality, postcode) unless 'street' is given.`);
  if (q !== undefined && q.length < Q_MIN) throw validationError(`Parameter 'q' must have ${Q_MIN} to ${Q_MAX} characters.`);
  const numero = optionalInteger(input.number, 'number', 1, 99999);
  const municipality = optionalText(input.municipality, 'municipality', 100);
  const rawPostcode = optionalText(input.postcode, 'postcode', 20);
  const postcode = rawPostcode === undefined ? undefined : requirePostcode(country, rawPostcode);
  const limit = optionalInteger(input.limit, 'limit', 1, LIMIT_MAX) ?? LIMIT_DEFAULT;

  if (!supportedCountries.includes(country)) {
    // Countries the spec covers but this build has no geocoder and cadastre adapter for yet.
    throw noCoverage(`Address search for ${country} is not available in this service yet.`, { supportedCountries: [...supportedCountries] });
  }

  const fromQ = parseAddressText(q ?? street!);
  const fromStreet = street !== undefined ? parseAddressText(street) : undefined;
  const address: ParsedAddress = {
    ...fromQ,
    ...(fromStreet && { streetType: fromStreet.streetType, nombreVia: fromStreet.nombreVia, calle: fromStreet.calle }),
    numero: numero ?? fromStreet?.numero ?? fromQ.numero,
    extension: numero !== undefined ? undefined : fromStreet?.extension ?? fromQ.extension,
    municipio: municipality ?? fromQ.municipio,
    codigoPostal: postcode ?? fromQ.codigoPostal,
    texto: q ?? [street, numero, municipality, postcode].filter((p) => p !== undefined).join(', '),
  };
  if (address.nombreVia === '') throw validationError(`No street found in '${address.texto.slice(0, 60)}'; write the street first, then the number and the municipality.`);
  return { country, address, limit };
}
