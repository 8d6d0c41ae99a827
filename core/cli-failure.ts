import { describeError } from './file-checks.js';
import { isServiceError } from './model/index.js';

/**
 * The line a command prints for what stopped it: a service error leads with the spec's error code,
 * as the HTTP API answers it (`VALIDATION_ERROR: Input x.csv does not exist.`), so a script reads
 * the same code from either; anything else in words (describeError: Node's file errors naming the
 * file). Every command prints its failures through this, not a format of its own.
 */
export function failureLine(error: unknown, file?: string): string {
  return isServiceError(error) ? `${error.code}: ${error.message}` : describeError(error, file);
}
