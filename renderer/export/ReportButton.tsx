import { useState } from 'react';
import { parcelInput, type ParcelKey } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { toUiError } from '../errors/advice.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';
import { saveAsFile } from './save-as-file.js';

/** The printable one-page A4 report of the parcel (PDF), saved as a file. */
export function ReportButton({ parcel }: { parcel: ParcelKey }) {
  const { t, i18n } = useTranslation('report');
  const client = useClient();
  const showError = useAppStore((s) => s.showError);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      // In the language the user reads the app in: the report is what they hand on.
      const file = await client.call('report', { ...parcelInput(parcel), lang: i18n.resolvedLanguage ?? i18n.language });
      saveAsFile(file.bytes, file.fileName, 'application/pdf');
    } catch (error) {
      showError(toUiError(t('failed', { ref: parcel.ref }), error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={() => void run()} disabled={busy} data-testid="report-pdf" title={t('hint')}>
      {busy ? t('making') : t('button')}
    </button>
  );
}
