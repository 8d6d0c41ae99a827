import { useState } from 'react';
import { useTranslation } from '../i18n/i18n.js';
import { loadWhenShown } from '../ui/load-when-first-needed.js';
import './batch.css';

const BatchDialog = loadWhenShown(async () => (await import('./BatchDialog.js')).BatchDialog);

/** Toolbar entry to the batch lookup. */
export function BatchButton() {
  const { t } = useTranslation('batch');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid="batch-open" title={t('hint')}>
        {t('button')}
      </button>
      {open && <BatchDialog onClose={() => setOpen(false)} />}
    </>
  );
}
