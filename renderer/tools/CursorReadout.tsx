import { DEGREE_DECIMALS } from '../../core/model/index.js';
import { useState } from 'react';
import { useTranslation } from '../i18n/i18n.js';
import { toDms } from './geodesy.js';
import { useToolStore } from './tool-store.js';

/**
 * The cursor's coordinates, decimal (WGS84) and DMS. Right-clicking the map pins a position
 * here (and copies it): the pointer can then reach the readout, whose parts copy on click.
 */
export function CursorReadout() {
  const { t } = useTranslation('tools');
  const cursor = useToolStore((s) => s.cursor);
  const pinned = useToolStore((s) => s.pinned);
  const setPinned = useToolStore((s) => s.setPinned);
  const [copied, setCopied] = useState<string | null>(null);
  const shown = pinned ?? cursor;
  if (!shown) return null;
  const decimal = `${shown.latitude.toFixed(DEGREE_DECIMALS)}, ${shown.longitude.toFixed(DEGREE_DECIMALS)}`;
  const dms = `${toDms(shown.latitude, 'lat')}  ${toDms(shown.longitude, 'lon')}`;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(text);
    } catch {
      setCopied(null);
    }
  };
  return (
    <div className={pinned ? 'cursor-readout pinned' : 'cursor-readout'} data-testid="cursor-readout" title={t('pinHint')}>
      {pinned && (
        <span aria-label={t('pinned')} data-testid="cursor-pinned">
          ◉
        </span>
      )}
      <button type="button" onClick={() => void copy(decimal)} title={t('copy')} data-testid="cursor-decimal">
        {decimal}
      </button>
      <button type="button" onClick={() => void copy(dms)} title={t('copy')} data-testid="cursor-dms">
        {dms}
      </button>
      {pinned && (
        <button
          type="button"
          onClick={() => {
            setPinned(null);
            setCopied(null);
          }}
          aria-label={t('unpin')}
          data-testid="cursor-unpin"
        >
          ×
        </button>
      )}
      {copied && (
        <span role="status" className="muted">
          {t('copied')}
        </span>
      )}
    </div>
  );
}
