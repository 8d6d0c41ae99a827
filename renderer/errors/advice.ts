import { ClientError } from '../client/catastro-client.js';
import type { UiError } from '../state/store.js';
import { i18next } from '../i18n/i18n.js';

/** What to do next for each error code of the spec ("Errors"): the errors namespace's `advice.<CODE>`. */
const advice = (code: string) => i18next.t(`errors:advice.${code}`, { defaultValue: i18next.t('errors:advice.INTERNAL_ERROR') });

export function toUiError(title: string, error: unknown): UiError {
  if (error instanceof ClientError) {
    return { title, message: error.message, advice: advice(error.code), code: error.code };
  }
  return { title, message: (error as Error)?.message ?? String(error), advice: advice('INTERNAL_ERROR') };
}
