import { ClientError } from '../client/catastro-client.js';
import { i18next } from '../i18n/i18n.js';
import { useAppStore, type UiError } from '../state/store.js';
import { refusalText } from './refusal-text.js';

/** What to do next for each error code of the spec ("Errors"): the errors namespace's `advice.<CODE>`. */
const advice = (code: string, offline: boolean) => {
  if (offline && code === 'SERVICE_UNAVAILABLE') return i18next.t('errors:advice.offline');
  return i18next.t(`errors:advice.${code}`, { defaultValue: i18next.t('errors:advice.INTERNAL_ERROR') });
};

/**
 * Codes whose service text is plumbing (host names, socket errors, faults): the user reads a calm
 * sentence in their language; the original text stays under "Details" for support.
 */
const PLUMBING = new Set(['SERVICE_UNAVAILABLE', 'INTERNAL_ERROR', 'NETWORK_ERROR']);

export function toUiError(title: string, error: unknown): UiError {
  const offline = useAppStore.getState().connectivity === 'offline';
  if (error instanceof ClientError) {
    const refusal = refusalText(error.data);
    // The service's English text stays under "Details", for support and for searching it.
    if (refusal) return { title, ...refusal, code: error.code, details: error.message };
    if (PLUMBING.has(error.code)) {
      const key = offline && error.code === 'SERVICE_UNAVAILABLE' ? 'offline' : error.code;
      return { title, message: i18next.t(`errors:message.${key}`), advice: advice(error.code, offline), code: error.code, details: error.message };
    }
    return { title, message: error.message, advice: advice(error.code, offline), code: error.code };
  }
  const raw = (error as Error)?.message ?? String(error);
  return { title, message: i18next.t('errors:message.INTERNAL_ERROR'), advice: advice('INTERNAL_ERROR', offline), details: raw };
}

/** True when the error only says that a live source cannot be reached (offline, or the source is down). */
export const needsConnection = (error: UiError | undefined): boolean => error?.code === 'SERVICE_UNAVAILABLE';
