import { useTranslation } from '../i18n/i18n.js';
import type { UiError } from '../state/store.js';

/** The service's own words (host names, codes) folded away for support; never in the sentence the user reads. */
export function ErrorDetails({ error }: { error: UiError }) {
  const { t } = useTranslation('errors');
  if (!error.details && !error.code) return null;
  return (
    <details className="error-details">
      <summary>{t('details')}</summary>
      <code>{[error.code, error.details].filter(Boolean).join(': ')}</code>
    </details>
  );
}
