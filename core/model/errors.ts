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

  constructor(code: ErrorCode, message: string, data?: Record<string, unknown>) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.status = STATUS_OF_CODE[code];
    this.data = data;
  }
}

export const isServiceError = (e: unknown): e is ServiceError => e instanceof ServiceError;

export const validationError = (message: string, data?: Record<string, unknown>) =>
  new ServiceError('VALIDATION_ERROR', message, data);
export const notFound = (message: string, data?: Record<string, unknown>) => new ServiceError('NOT_FOUND', message, data);
export const unavailable = (message: string) => new ServiceError('SERVICE_UNAVAILABLE', message);
export const noCoverage = (message: string, data?: Record<string, unknown>) =>
  new ServiceError('CNV_COVERAGE', message, data);

/**
 * Refusals the app words in the user's language, named in the error's `data.reason`: the text
 * stays English for the HTTP API and the CLI, and the renderer shows its own translation of the
 * reason (its errors namespace, `reason.<REASON>`) where it knows one.
 */
export type RefusalReason =
  /** Another process (a second window, `catastro download`) is writing the data folder's downloads. */
  | 'DOWNLOAD_RUNNING_ELSEWHERE'
  /** This copy already runs a download or update (another tab of the browser app, too). */
  | 'DOWNLOAD_ALREADY_RUNNING'
  /** Resume asked with no interrupted download left (resumed or discarded meanwhile). */
  | 'NO_INTERRUPTED_DOWNLOAD'
  /** Spain by the map view: no municipality of the Catastro's download service lies in it. */
  | 'NO_MUNICIPALITY_IN_VIEW'
  /** France by the map view: no commune lies under it. */
  | 'NO_COMMUNE_IN_VIEW'
  /** France by the map view: too large a view to look its communes up. */
  | 'MAP_VIEW_TOO_LARGE';

/** The `data` of a refusal for `reason`. */
export const refusalData = (reason: RefusalReason): { reason: RefusalReason } => ({ reason });
