import { isServiceError, unavailable, validationError } from '../model/index.js';

/**
 * An import's failure as the service reports it, for the app's imports (HTTP) and `catastro import`
 * alike: the file is the cause (not a readable zip, not INSPIRE GML…), VALIDATION_ERROR; a copy
 * another process is writing, SERVICE_UNAVAILABLE (try again later). A service error stays as it is.
 */
export function importFailure(error: unknown): unknown {
  if (!(error instanceof Error) || isServiceError(error)) return error;
  return /another process is writing/.test(error.message) ? unavailable(error.message) : validationError(error.message);
}
