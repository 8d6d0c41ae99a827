import { ClientError } from '../client/catastro-client.js';
import type { UiError } from '../state/store.js';

/** What to do next for each error code of the spec ("Errors"). */
const ADVICE: Record<string, string> = {
  VALIDATION_ERROR: 'Check the input: a reference has 14 or 20 characters, coordinates are "latitude, longitude".',
  NOT_FOUND: 'Nothing there. Check the reference or click inside a parcel; foral (Basque, Navarre) references need their own country.',
  CNV_AMBIGUOUS: 'The reference could belong to several countries; add the country.',
  CNV_COVERAGE: 'This country or feature is not covered; see the coverage table in the documentation.',
  UNAUTHORIZED: 'Set a valid API key in Settings (or #apiKey= in the address).',
  KEY_AUTH_004: 'The monthly quota of this key is used up; use another key or wait for the reset.',
  RATE_LIMIT_EXCEEDED: 'The free daily limit is reached; use an API key.',
  DAILY_LIMIT_REACHED: 'The free daily limit is reached; use an API key.',
  SERVICE_UNAVAILABLE: 'The official source does not answer (offline?). Parcels of the local copy still work; retry later for live data.',
  INTERNAL_ERROR: 'Unexpected fault in the service; retry, and report it if it persists.',
  NETWORK_ERROR: 'The local service does not answer; restart the app or the server.',
};

export function toUiError(title: string, error: unknown): UiError {
  if (error instanceof ClientError) {
    return { title, message: error.message, advice: ADVICE[error.code] ?? ADVICE.INTERNAL_ERROR, code: error.code };
  }
  return { title, message: (error as Error)?.message ?? String(error), advice: ADVICE.INTERNAL_ERROR };
}
