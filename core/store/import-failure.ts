import { describeError } from '../file-checks.js';
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

/**
 * Why an import that had started stopped, in words: the file it was reading gone (deleted or moved
 * under it; a zip is opened again for each of its GML) said as such, where Node said "ENOENT: no
 * such file or directory, open '…'"; Node's other file errors as describeError says them.
 */
export function importStopReason(error: unknown, file: string): string {
  const failed = error as NodeJS.ErrnoException;
  if (failed?.code === 'ENOENT' && failed.path === file) return `${file} was removed or moved while it was being imported.`;
  return describeError(error, file);
}
