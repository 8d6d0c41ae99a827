import type { CountryCode } from './countries.js';
import type { AddressCandidate, DataSource } from './parcel.js';

/**
 * Endpoint 1's query once the core has checked it (country covered, lengths, ranges, the
 * country's postcode format); each country's adapter reads the address its own way.
 */
export interface AddressQuery {
  country: CountryCode;
  /** Free text: street and number, municipality, postcode (3 to 200 characters). */
  q?: string;
  /** Street with its type, for structured addresses; overrides the street in `q`. */
  street?: string;
  /** House number ≥ 1; overrides the number in `q`. */
  number?: number;
  municipality?: string;
  /** In the country's own format (checked). */
  postcode?: string;
  /** 1 to 10. */
  limit: number;
}

/** `data` of `GET /api/search/address/candidates`. */
export interface AddressCandidatesResult {
  consulta: { texto: string; calle: string; numero: number | null; municipio: string | null };
  candidatos: AddressCandidate[];
  attribution: string;
  /**
   * `local_clone` when the address service could not be reached and the candidates come from the
   * addresses the local copy holds (the spec's value for answers of the own copy); absent otherwise.
   */
  dataSource?: DataSource;
}

/** `data` of `POST /api/search/address/parse` (spec: Address-parse result). */
export interface AddressParseResult {
  /**
   * The street directory resolves an address to a finca (14 characters), not to a unit, so
   * this is the 14-character reference, the same as `refCat14`; endpoint 3 and /units take it.
   */
  referenciaCatastral: string;
  refCat14: string;
  direccion: string;
  tipoVia: string;
  nombreVia: string;
  numero: number;
  municipio: string;
  provincia: string;
}
