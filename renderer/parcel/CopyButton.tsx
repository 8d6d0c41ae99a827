import { useState } from 'react';
import { useTranslation } from '../i18n/i18n.js';

/** Copies a value to the clipboard and says so for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('parcel');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className="icon-button" onClick={() => void copy()} aria-label={label} title={label}>
      {copied ? t('copied') : t('copy')}
    </button>
  );
}
