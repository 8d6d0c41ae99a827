import { useState } from 'react';

/** Copies a value to the clipboard and says so for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
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
      {copied ? 'Copied ✓' : 'Copy'}
    </button>
  );
}
