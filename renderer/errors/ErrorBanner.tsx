import { useModalOpen } from '../ui/open-modals.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';
import { ErrorDetails } from './ErrorDetails.js';
import { LinkedText } from './LinkedText.js';

/**
 * The last error: the service's message, its code, and what to do next. `inModal`: the one an open
 * modal dialog shows (ModalDialog); the app's own stands aside meanwhile, inert behind the dialog.
 */
export function ErrorBanner({ inModal = false }: { inModal?: boolean }) {
  const { t } = useTranslation('errors');
  const error = useAppStore((s) => s.error);
  const dismiss = useAppStore((s) => s.showError);
  const modalOpen = useModalOpen();
  if (!error || error.place === 'search' || modalOpen !== inModal) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      <div>
        <strong>{error.title}</strong>
        <p>
          <LinkedText text={error.message} />
        </p>
        <p className="advice">
          <LinkedText text={error.advice} />
        </p>
        <ErrorDetails error={error} />
      </div>
      <button type="button" className="close" onClick={() => dismiss(null)} aria-label={t('dismiss')}>
        ×
      </button>
    </div>
  );
}
