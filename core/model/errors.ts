/**
 * The error table of the spec ("Errors"): every failure the service reports is a ServiceError
 * carrying one of these HTTP statuses and stable codes. Free of Node imports so the renderer
 * can show the same codes.
 */
export type ErrorCode =
  | 'CNV_AMBIGUOUS'
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'CNV_COVERAGE'
  | 'KEY_AUTH_004'
  | 'RATE_LIMIT_EXCEEDED'
  | 'DAILY_LIMIT_REACHED'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE';

export const STATUS_OF_CODE: Record<ErrorCode, number> = {
  CNV_AMBIGUOUS: 300,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CNV_COVERAGE: 422,
  KEY_AUTH_004: 429,
  RATE_LIMIT_EXCEEDED: 429,
  DAILY_LIMIT_REACHED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export class ServiceError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Extra payload returned as the error body's `data` (e.g. `supportedCountries`, `candidateCountries`). */
  readonly data?: Record<string, unknown>;
  /** Seconds after which asking again may succeed (a busy server), sent as `Retry-After`. */
  readonly retryAfterSeconds?: number;
  /**
   * What the operator needs and a caller must not see (which database, its socket error): the
   * server's log and the command line's failure line show it, an HTTP answer never does.
   */
  readonly detail?: string;

  constructor(code: ErrorCode, message: string, data?: Record<string, unknown>, options: { retryAfterSeconds?: number; detail?: string } = {}) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.status = STATUS_OF_CODE[code];
    this.data = data;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.detail = options.detail;
  }
}

export const isServiceError = (e: unknown): e is ServiceError => e instanceof ServiceError;

/** The message for the operator (the command line, the desktop user): the error's detail after it. */
export const messageWithDetail = (error: ServiceError): string => (error.detail ? `${error.message} (${error.detail})` : error.message);

export const validationError = (message: string, data?: Record<string, unknown>) => new ServiceError('VALIDATION_ERROR', message, data);
export const notFound = (message: string, data?: Record<string, unknown>) => new ServiceError('NOT_FOUND', message, data);
export const unavailable = (message: string) => new ServiceError('SERVICE_UNAVAILABLE', message);
export const noCoverage = (message: string, data?: Record<string, unknown>) => new ServiceError('CNV_COVERAGE', message, data);

/**
 * A place a refusal names among its candidates: a municipality or commune (and, in France, its
 * département's code; in Spain, where the name alone does not tell it, its province's name).
 */
export type NamedPlace = { code: string; name: string; departement?: string; province?: string };

/** A foral territory (INE province code) and where its own cadastre publishes its parcels. */
export type ForalSource = { province: string; name: string; source: string };

/**
 * Refusals the app words in the user's language, named in the error's `data.reason` with the
 * values its sentence needs beside it: the text stays English for the HTTP API and the CLI, and the
 * renderer shows its own translation of the reason (its errors namespace, `reason.<REASON>`, the
 * values interpolated) where it knows one. Lists of candidates hold the first ones the English
 * text names; `total` counts them all.
 */
export interface RefusalValues {
  /** Another process (a second window, `catastro download`) is writing the data folder's downloads. */
  DOWNLOAD_RUNNING_ELSEWHERE: object;
  /** This copy already runs a download or update (another tab of the browser app, too). */
  DOWNLOAD_ALREADY_RUNNING: object;
  /** Resume asked with no interrupted download left (resumed or discarded meanwhile). */
  NO_INTERRUPTED_DOWNLOAD: object;
  /** Spain by the map view: no municipality of the Catastro's download service lies in it. */
  NO_MUNICIPALITY_IN_VIEW: object;
  /** France by the map view: no commune lies under it. */
  NO_COMMUNE_IN_VIEW: object;
  /** France by the map view: too large a view to look its communes up. */
  MAP_VIEW_TOO_LARGE: object;
  /** Spain: a province (code or name) the Catastro's download service has no territorial office for; `offices` are those it has. */
  PROVINCE_UNKNOWN: { name: string; offices: NamedPlace[] };
  /** Spain: a municipality code the Catastro's download service does not list. */
  MUNICIPALITY_CODE_UNKNOWN: { code: string };
  /** Spain: a municipality name no municipality of the service bears; the foral territories are not in it. */
  MUNICIPALITY_NAME_UNKNOWN: { name: string; foral: ForalSource[] };
  /** Spain: a municipality name several bear (exactly or in part). */
  MUNICIPALITY_NAME_AMBIGUOUS: { name: string; candidates: NamedPlace[]; total: number };
  /** Spain: a municipality or province of the Basque Country or Navarre, whose own cadastre publishes it. */
  FORAL_TERRITORY: ForalSource;
  /** France: a commune name no commune bears; `candidates` are the names close to it (maybe none). */
  COMMUNE_NAME_UNKNOWN: { name: string; candidates: NamedPlace[]; total: number };
  /** France: a commune name several communes bear. */
  COMMUNE_NAME_AMBIGUOUS: { name: string; candidates: NamedPlace[]; total: number };
  /** France: a code-shaped text that is no commune's INSEE code and no département's code. */
  FRENCH_CODE_INVALID: { code: string };
  /** France: a département name that is no one département's. */
  DEPARTEMENT_NAME_UNKNOWN: { name: string };
  /** Update or remove of an offline area the copy does not hold (removed meanwhile, or a mistyped id). */
  NO_OFFLINE_AREA: { id: string };
}

export type RefusalReason = keyof RefusalValues;

/** The `data` of a refusal for `reason`, with the values its sentence names. */
export type RefusalData<R extends RefusalReason = RefusalReason> = { reason: R } & RefusalValues[R];

/** `data` for a refusal: the reason, and the values its sentence names when it names any. */
export function refusalData<R extends RefusalReason>(reason: R, ...values: [keyof RefusalValues[R]] extends [never] ? [] : [RefusalValues[R]]): RefusalData<R> {
  return { reason, ...values[0] } as RefusalData<R>;
}
